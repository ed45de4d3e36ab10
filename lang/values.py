"""Numbers and dates in the reader's locale, through Babel: "1,234" / "1 234", "7 Dec 2026" /
"7 déc. 2026". English keeps Python's own formatting, so a phrase reads exactly as its English
text; Babel is imported only when a number or a date is shown in another language.
"""

from __future__ import annotations

import re
from datetime import date, datetime

from lang.reader import SOURCE, current


class Localised:
    """A number or a date in a phrase, formatted for the reader by its placeholder's spec."""

    def __init__(self, value: float | date) -> None:
        self.value = value

    def __str__(self) -> str:
        return self.__format__("")

    def __format__(self, spec: str) -> str:
        value = self.value
        if isinstance(value, datetime):
            return moment(value, spec or None)
        if isinstance(value, date):
            return day(value, spec or None)
        if not spec:
            return str(number(value))
        if current() == SOURCE:  # English: Python's formatting, as the phrase's English text
            return format(value, spec)
        from babel.numbers import format_decimal, format_percent

        shape = re.fullmatch(r"([+]?)(?:\.(\d+))?([fd%g]?)", spec)
        if shape is None:  # a width or a fill: Python's own, only the decimal mark the reader's
            return format(value, spec)
        sign, places, kind = shape.groups()
        digits = int(places) if places is not None else (0 if kind in "d%" else None)
        pattern = None if digits is None else "#,##0" + ("." + "0" * digits if digits else "")
        if kind == "%":
            from babel import Locale

            shape_of = Locale.parse(_babel_locale()).percent_formats[None].pattern
            decimals = "." + "0" * digits if digits else ""
            text = format_percent(
                value, shape_of.replace("0", "0" + decimals, 1), locale=_babel_locale()
            )
        else:
            text = format_decimal(value, pattern, locale=_babel_locale())
        return f"+{text}" if sign and value >= 0 else str(text)


def number(value: float) -> str | float:
    """A number as the reader writes it ("1,234" in English, "1 234" in French)."""
    from babel.numbers import format_decimal

    if isinstance(value, int) and abs(value) < 1000:
        return str(value)
    return str(format_decimal(value, locale=_babel_locale()))


_SKELETON = {
    "%A": "EEEE",
    "%a": "EEE",
    "%d": "dd",
    "%-d": "d",
    "%e": "d",
    "%B": "MMMM",
    "%b": "MMM",
    "%m": "MM",
    "%Y": "y",
    "%y": "yy",
    "%H": "HH",
    "%M": "mm",
    "%S": "ss",
    "%I": "h",
    "%p": "a",
}
"""strftime's directives as the fields of a Babel skeleton: a pattern written for English says
which fields are shown, and each language puts them in its own order with its own words."""


def day(when: date, pattern: str | None = None) -> str:
    """A date as the reader writes it: with `pattern` (strftime's, as English shows it: "%d %b")
    the same fields in the reader's order and words ("07 déc."), English exactly by the
    pattern; without, the date in full ("7 Dec 2026", "7 déc. 2026")."""
    from babel.dates import format_date

    if pattern is None:
        return str(format_date(when, "medium", locale=_babel_locale()))
    if current() == SOURCE:
        return when.strftime(pattern)
    fields = _fields(pattern)
    if not fields:
        return when.strftime(pattern)
    return _in_fields(fields, datetime(when.year, when.month, when.day))


def moment(when: datetime, pattern: str | None = None) -> str:
    """A date and time as the reader writes them, to the minute, or with `pattern` as `day`
    reads it ("%d %b %H:%M": "07 Dec 18:30", "07 déc. 18:30", "07. Dez., 18:30")."""
    from babel import Locale
    from babel.dates import format_datetime

    if pattern is None:
        return str(format_datetime(when, "medium", locale=_babel_locale()))
    if current() == SOURCE:
        return when.strftime(pattern)
    fields = _fields(pattern)
    date_fields = "".join(part for part in fields if part[0] in "EdMy")
    time_fields = "".join(part for part in fields if part[0] not in "EdMy")
    locale = _babel_locale()
    if not date_fields or not time_fields:
        if not fields:
            return when.strftime(pattern)
        return _in_fields(date_fields or time_fields, when)
    said_day = _in_fields(date_fields, when)
    said_time = _in_fields(time_fields, when)
    joined = Locale.parse(locale).datetime_formats["short"]
    return str(joined).replace("{1}", str(said_day)).replace("{0}", str(said_time))


def _in_fields(fields: str, when: datetime) -> str:
    """`when` with these skeleton fields, as the reader's locale writes them: its own pattern
    for them, a weekday or a month asked for in full kept in full ("mercredi", not "mer.")."""
    from babel import Locale
    from babel.dates import format_datetime, match_skeleton

    locale = Locale.parse(_babel_locale())
    best = match_skeleton(fields, locale.datetime_skeletons)
    if best is None:
        return str(format_datetime(when, "medium", locale=locale))
    pattern = str(locale.datetime_skeletons[best].pattern)
    full = {"E": r"(?<!E)E{1,3}(?!E)", "M": r"(?<!M)M{3}(?!M)"}
    for letter, shorter in full.items():
        if letter * 4 in fields:  # a name asked for in full: the pattern's short name made whole
            pattern = re.sub(shorter, letter * 4, pattern)
    return str(format_datetime(when, pattern, locale=locale))


def _fields(pattern: str) -> str:
    """The Babel skeleton of a strftime pattern's fields ("%d %b %H:%M": "ddMMMHHmm")."""
    found = re.findall(r"%-?[A-Za-z]", pattern)
    return "".join(_SKELETON[directive] for directive in found if directive in _SKELETON)


def _babel_locale() -> str:
    return "en_GB" if current() == SOURCE else current()

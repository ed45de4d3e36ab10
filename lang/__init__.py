"""The reader's language: gettext catalogs (managed with Babel) and the words shown in them.

Every word a person reads goes through here where it is shown: the app, the command line, the
F1 help, the served pages. Three ways in, one rule:

- `t("Roll the dice")`, `t("{n} left", n=3)`, `tn("{n} action", "{n} actions", n)`: words the
  showing code says now, in the language in use; `tp("duration", "Time")` for English words
  that say two things (gettext's context).
- `tr(something)`: what another layer said as a `companion.phrases.Phrase` (a rule's refusal, a
  log line, a score's reason, a save's problem), or an exception carrying one; any other text
  (a player's name, a file's) is shown as it is, never looked up.
- Strings made at import time (`BINDINGS` descriptions, module constants) are
  `phrase("...")`: English until shown, then `tr(...)`. Nothing here is frozen at import.

A language is a folder `lang/locale/<code>/LC_MESSAGES/` of compiled catalogs (`*.mo`, one per
part of the app, each beside its `.po`); adding a language is adding that folder
(docs/translating.md). English is the source: it needs no catalog. A catalog that is missing
or damaged, or a translation whose placeholders do not fit, falls back to English for that
message and never fails. One language is in use per process: each device of `companion serve`
has its own process, and so its own language.
"""

from __future__ import annotations

import gettext
import os
import re
from collections.abc import Iterable, Mapping
from datetime import date, datetime
from pathlib import Path
from string import Formatter
from typing import Any

from companion.phrases import Joined, Phrase

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
SOURCE = "en"
"""The language the app is written in: its words are the catalogs' message ids."""
SYSTEM = "system"

_CODE = re.compile(r"^[a-z]{2,3}$")


class _Reader:
    """The language in use and its catalogs, chained (one `.mo` per part of the app, then each
    plug-in's own)."""

    def __init__(self) -> None:
        self.code = SOURCE
        self.catalog: gettext.NullTranslations = gettext.NullTranslations()
        self.folders: list[Path] = [LOCALE_DIR]
        """Where catalogs are read from: the app's own first, so a plug-in's catalog never
        changes the app's words."""


_reader = _Reader()


def available() -> tuple[str, ...]:
    """The languages the app speaks: English first, then each catalog folder, by code."""
    try:
        found = sorted(
            folder.name
            for folder in LOCALE_DIR.iterdir()
            if _CODE.match(folder.name) and any((folder / "LC_MESSAGES").glob("*.mo"))
        )
    except OSError:
        found = []
    return (SOURCE, *(code for code in found if code != SOURCE))


def load(code: str) -> gettext.NullTranslations:
    """The catalogs of `code` chained into one; English (or a language without a readable
    catalog) is the identity."""
    chained: gettext.NullTranslations = gettext.NullTranslations()
    if code == SOURCE or not _CODE.match(code):
        return chained
    files: list[Path] = []
    for folder in _reader.folders:
        try:
            files += sorted((folder / code / "LC_MESSAGES").glob("*.mo"))
        except OSError:  # a plug-in's folder gone or unreadable: its words stay English
            continue
    first: gettext.NullTranslations | None = None
    for path in files:
        try:
            with path.open("rb") as stream:
                part = gettext.GNUTranslations(stream)
        except (OSError, ValueError, UnicodeDecodeError):  # damaged: its messages stay English
            continue
        if first is None:
            first = part
        else:
            first.add_fallback(part)
    return first if first is not None else chained


def use(code: str) -> str:
    """Show every word from now on in `code` (English when no catalog speaks it); returns the
    language now in use."""
    known = code if code in available() else SOURCE
    _reader.catalog = load(known)
    _reader.code = known
    return known


def add_catalogs(folder: Path) -> None:
    """A plug-in game's own catalogs (`folder/<code>/LC_MESSAGES/*.mo`), read after the app's
    in the language in use and in every one switched to. A plug-in adds no language: the app's
    languages are those it has catalogs for."""
    if folder not in _reader.folders:
        _reader.folders.append(folder)
        _reader.catalog = load(_reader.code)


def current() -> str:
    """The code of the language in use ("en", "fr", "de")."""
    return _reader.code


def t(message: str, /, **params: Any) -> str:
    """`message` (an English text, the catalogs' id) in the language in use, its `{names}`
    filled with `params` (numbers in the reader's locale, phrases translated)."""
    return _filled(_reader.catalog.gettext(message), message, params)


def tp(context: str, message: str, /, **params: Any) -> str:
    """`t` for a message whose English says two things (gettext's context): "Time" as a
    clock's time or as a duration, `tp("duration", "Time")`."""
    return _filled(_reader.catalog.pgettext(context, message), message, params)


def lookup(message: str) -> str:
    """`message` in the language in use, nothing filled (a help page's block)."""
    return _reader.catalog.gettext(message)


def tn(singular: str, plural: str, count: int, /, **params: Any) -> str:
    """A counted message in the language in use (its own plural forms); `{n}` is the count
    unless `params` names it."""
    params.setdefault("n", count)
    english = singular if count == 1 else plural
    return _filled(_reader.catalog.ngettext(singular, plural, count), english, params)


def tr(said: object) -> str:
    """What another layer said, in the language in use: a `Phrase` translated (its phrase
    values with it), an exception by its message, any other text exactly as it is."""
    if isinstance(said, BaseException):
        return tr(said.args[0]) if len(said.args) == 1 else str(said)
    if isinstance(said, Joined):
        return said.separator.join(tr(part) for part in said.parts)
    if isinstance(said, Phrase):
        if said.plural is not None and said.number is not None:
            text = _reader.catalog.ngettext(said.template, said.plural, said.number)
            english = said.template if said.number == 1 else said.plural
            return _filled(text, english, said.params)
        return _filled(_reader.catalog.gettext(said.template), said.template, said.params)
    return said if type(said) is str else str(said)


def _filled(text: str, english: str, params: Mapping[str, Any]) -> str:
    if not params:
        return text
    shown = {name: _shown(value) for name, value in params.items()}
    try:
        return text.format(**shown)
    except (KeyError, IndexError, ValueError, AttributeError):  # a translator's slip: English
        return english.format(**shown)


def _shown(value: Any) -> Any:
    """A phrase's value as the reader writes it: a phrase translated; a number, a date or a
    time in the reader's locale, with the format spec of its placeholder (`{share:.0%}`,
    `{when:%H:%M}`) read the reader's way. English keeps Python's own formatting (a number of
    1,000 and more grouped), so it reads exactly as the phrase's English text."""
    if isinstance(value, (Phrase, BaseException)):
        return tr(value)
    if isinstance(value, (date, datetime)):
        return value if _reader.code == SOURCE else _Localised(value)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return value
    if _reader.code == SOURCE and abs(value) < 1000:
        return value
    return _Localised(value)


class _Localised:
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
        if _reader.code == SOURCE:  # English: Python's formatting, as the phrase's English text
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
    if _reader.code == SOURCE:
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
    if _reader.code == SOURCE:
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
    return "en_GB" if _reader.code == SOURCE else _reader.code


def placeholders(text: str) -> frozenset[str]:
    """The `{names}` a message fills (its format spec included), for checking a translation."""
    try:
        return frozenset(
            f"{name}:{spec}" if spec else name
            for _, name, spec, _ in Formatter().parse(text)
            if name is not None
        )
    except ValueError:
        return frozenset({"<unbalanced braces>"})


def own_name(code: str) -> str:
    """A language as its speakers write it ("English", "Français", "Deutsch")."""
    from babel import Locale, UnknownLocaleError

    try:
        name = Locale.parse(code).get_display_name(code) or code
    except (ValueError, UnknownLocaleError):
        return code
    return name[:1].upper() + name[1:]


def from_environment(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the system's locale asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as
    gettext reads them), if the app speaks it."""
    environ = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if not value:
            continue
        wanted = [part.split(".")[0].split("@")[0] for part in value.split(":")]
        for code in wanted:
            primary = code.replace("-", "_").split("_")[0].lower()
            if primary in ("c", "posix"):
                return None
            if primary in available():
                return primary
        return None
    return None


def negotiate(accept_language: str) -> str | None:
    """The language a browser asks for in its `Accept-Language` header, best first by its
    weights, if the app speaks it (`fr-CH,fr;q=0.9,en;q=0.8` -> "fr")."""
    weighed: list[tuple[float, int, str]] = []
    for index, item in enumerate(accept_language.split(",")[:32]):
        tag, _, weight = item.strip().partition(";")
        quality = 1.0
        if weight.strip().startswith("q="):
            try:
                quality = float(weight.strip()[2:])
            except ValueError:
                quality = 0.0
        primary = tag.strip().split("-")[0].lower()
        if primary and quality > 0:
            weighed.append((-quality, index, primary))
    speaks = available()
    return next((code for _, _, code in sorted(weighed) if code in speaks), None)


def choose(
    flag: str | None = None,
    setting: str | None = None,
    browser: str | None = None,
    environ: Mapping[str, str] | None = None,
) -> str:
    """The language to use: `--lang`, then the choice made in the app (on a served device, that
    device's own), then what the browser asks for (its `Accept-Language`), then the system's
    locale, then English. A choice the app does not speak is passed over."""
    speaks = available()
    for wanted in (flag, setting):
        if wanted and wanted != SYSTEM and wanted in speaks:
            return wanted
    return (negotiate(browser) if browser else None) or from_environment(environ) or SOURCE


BROWSER_LANGUAGES = "COMPANION_ACCEPT_LANGUAGE"
"""The environment variable `companion serve` hands a browser's app: its `Accept-Language`."""


def listed(codes: Iterable[str]) -> str:
    """Codes for a message: "en, fr, de"."""
    return ", ".join(codes)

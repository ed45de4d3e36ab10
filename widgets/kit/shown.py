"""Player and file text on screen: shown literally, never read as markup, and no control
character let through to the terminal; times that local time cannot hold, shown as written."""

from __future__ import annotations

from datetime import datetime

from rich.text import Text
from textual.geometry import Size
from textual.widgets import Static

import lang
from companion.text import visible


def plain(text: str, style: str = "") -> Text:
    """`text` as it was typed: Textual parses a `str` as markup (`[/]` raises, `[@click=...]`
    acts), a `Text` it shows as is. Control characters are made visible; line breaks stay."""
    return Text(visible(text, lines=True), style=style, end="")


def literal(text: str) -> str:
    """`text` for a place that only takes markup (the command palette's entries): every `[`
    escaped, which Textual reads back as exactly `text` (its `escape` leaves a `[/` at the end,
    which still raises). Control characters are made visible."""
    return visible(text).replace("[", "\\[")


def reason(error: BaseException) -> str:
    """What an error says, kept as said (a rule's `Phrase` stays one, to be translated where it
    is shown with `lang.tr`); an error of several arguments as Python writes it."""
    said = error.args[0] if len(error.args) == 1 else None
    return said if isinstance(said, str) else str(error)


def local_time(when: datetime, pattern: str) -> str:
    """`when` in local time, or as written in its file when local time cannot hold it (a date
    at the edge of the calendar, such as 0001-01-01 00:00 +23:59)."""
    try:
        return when.astimezone().strftime(pattern)
    except (OverflowError, ValueError):
        return when.isoformat(sep=" ", timespec="minutes")


def local_day_time(when: datetime, pattern: str = "%d %b %H:%M") -> str:
    """`when` in local time as a day and a time: in English "29 Nov 12:00" (`pattern` for
    `strftime`), in another language as its reader writes a day in figures ("29/11 12:00",
    "29.11. 12:00": as narrow, where a month's name would not fit the list's column); as
    written in its file when local time cannot hold it."""
    if lang.current() == lang.SOURCE:
        return local_time(when, pattern)
    from babel.dates import format_skeleton

    try:
        local = when.astimezone()
    except (OverflowError, ValueError):
        return when.isoformat(sep=" ", timespec="minutes")
    day = format_skeleton("MMdd", local, locale=lang.current())
    return f"{day} {local:%H:%M}"


def local_day(when: datetime) -> str:
    """The day of `when` in local time, its month written whole in the reader's language:
    "29 November 2026", "29 novembre 2026", "29. November 2026"."""
    if lang.current() == lang.SOURCE:
        day = local_time(when, "%d %B %Y")
        return day[1:] if day[:1] == "0" and day[1:2].isdigit() and day[2:3] == " " else day
    from babel.dates import format_date

    try:
        local = when.astimezone()
    except (OverflowError, ValueError):
        return when.isoformat(sep=" ", timespec="minutes")
    return str(format_date(local.date(), "long", locale=lang.current()))


def keeps_size(static: Static, before: Size) -> bool:
    """The Static's new content fits the box its old content had: a width that does not follow
    the content, and a height that is fixed or the same number of lines at that width."""
    styles = static.styles
    if not static.is_mounted or not before.width or not static.display:
        return False
    if styles.width is not None and styles.width.is_auto:
        return False
    if styles.height is not None and not styles.height.is_auto:
        return True
    height = static.get_content_height(static.container_size, static.app.size, before.width)
    return height == before.height

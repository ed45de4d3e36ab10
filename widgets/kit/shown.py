"""Player and file text on screen: shown literally, never read as markup, and no control
character let through to the terminal; times that local time cannot hold, shown as written."""

from __future__ import annotations

from datetime import datetime

from rich.text import Text
from textual.geometry import Size
from textual.widgets import Static

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


def local_time(when: datetime, pattern: str) -> str:
    """`when` in local time, or as written in its file when local time cannot hold it (a date
    at the edge of the calendar, such as 0001-01-01 00:00 +23:59)."""
    try:
        return when.astimezone().strftime(pattern)
    except (OverflowError, ValueError):
        return when.isoformat(sep=" ", timespec="minutes")


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

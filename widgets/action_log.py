"""The action log: the session's history in words, newest at the bottom, kept scrolled to it."""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets import RichLog

from widgets.shown import plain


class ActionLog(RichLog):
    """Shows a session's history; `show` redraws it from the list of lines, each as written
    (names in it are never markup; control characters are made visible)."""

    DEFAULT_CLASSES = "action-log"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(
            id=id, wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=1
        )
        self.border_title = "Log"

    def show(self, lines: Sequence[str]) -> None:
        """Replace the log with these lines, numbered from 1."""
        self.clear()
        if not lines:
            self.write("Nothing has happened yet.")
        for number, line in enumerate(lines, start=1):
            self.write(plain(f"{number:>3}. {line}"))

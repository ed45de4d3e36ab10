"""What a failing disk refuses, said in one line that stays until a change is saved again."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Static

from lang import tr
from widgets.kit.shown import plain
from widgets.play import words


class SaveTrouble:
    """Why this game's changes cannot be written now. A change is made only once its record
    is in the file (every device must see the same game), so a refused write is a change not
    made: the line says so until a write works."""

    def __init__(self) -> None:
        self.reason = ""

    def failed(self, error: OSError) -> None:
        self.reason = error.strerror or str(error)

    def saved(self) -> None:
        self.reason = ""

    def line(self) -> str:
        """`Not saved (No space left on device): that change was not made. ...`"""
        return words.change_refused_by_disk(self.reason)

    def show_on(self, screen: Screen[Any]) -> None:
        """One lasting line while writes fail (not a toast per key); gone once one works."""
        line = screen.query("#not-saved")
        if not self.reason:
            line.remove()
        elif line:
            line.first(Static).update(plain(tr(self.line())))
        else:
            screen.mount(Static(plain(tr(self.line())), id="not-saved"))


def show_lock_wait(screen: Any, count: int) -> None:
    """One lasting line while `count` changes wait for another device's lock (the screen takes
    keys meanwhile); 0: none wait, the line goes."""
    line = screen.query("#lock-wait")
    if not count:
        line.remove()
    elif line:
        line.first(Static).update(plain(tr(words.waiting_for_lock(count))))
    else:
        screen.mount(Static(plain(tr(words.waiting_for_lock(count))), id="lock-wait"))

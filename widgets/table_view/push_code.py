"""The push link's QR code on the table display once the game shown has ended: each player
scans it with their own phone, into their own BG Stats, from across the table.

The link is the one `o` sends from the result screen and `companion plays --bgstats-link ID`
prints (companion/history/push.py); the code is drawn in fixed black and white as the result
screen's is in a terminal (widgets/stats/push.py). A code taller or wider than the screen says
how much room it needs: the display's page sizes its type for the table view (a TV gets about
94x24 cells), and `?fontsize=10` at the end of its address gives the code its room.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from companion.phrases import phrase
from lang import t, tr
from saves.games.store import SavedGame
from saves.history.bgstats import push_link_of
from widgets.stats.details import saved_play
from widgets.stats.push import qr_text

TITLE = phrase("Send to BG Stats")
SCAN = phrase("Each player: scan with your phone, BG Stats opens with this play filled in.")


def link_of(home: Path, saved: SavedGame) -> str | None:
    """The push link of a game that has ended; None while it is being played."""
    play = saved_play(saved)
    return push_link_of(home, play) if play is not None else None


def room_words(width: int, height: int) -> str:
    """What the code needs, and how a browser's page gives it that room."""
    return t(
        "The code needs {width} columns by {height} lines: where it is cut, add ?fontsize=10 "
        "to the page's address (smaller type, more lines).",
        width=width,
        height=height,
    )


class PushCode(VerticalScroll):
    """The push link's QR code under its words, shown only while there is a link."""

    def __init__(self) -> None:
        super().__init__(id="td-push")
        self.link: str | None = None
        """The link the code on screen holds; None: nothing shown."""

    def compose(self) -> ComposeResult:
        yield Static(id="td-push-words")
        yield Static(id="td-push-code")

    def on_mount(self) -> None:
        self.border_title = tr(TITLE)
        self.display = False

    def show(self, link: str | None) -> None:
        """Show the code of `link` (the same link again redraws nothing), or hide it."""
        if link == self.link:
            return
        self.link = link
        self.display = link is not None
        if link is None:
            return
        code = qr_text(link)
        lines = code.plain.splitlines()
        width, height = len(lines[0]), len(lines)
        words = self.query_one("#td-push-words", Static)
        words.styles.width = width
        words.update(Text(f"{tr(SCAN)} {room_words(width, height)}"))
        self.query_one("#td-push-code", Static).update(code)

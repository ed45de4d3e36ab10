"""The table view (`v` on every play screen): a game's state in large type, for the table.

It is given what it shows (`TableShown`: the game, its state and the header's words) and keeps
no game state: its play screen gives it the state again whenever it redraws (`show`), so an
action, an undo or another device's change shows here at once. It never reaches back into the
play screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding

from companion.phrases import phrase
from lang import t
from widgets.play.at_the_table import Phrase
from widgets.shell.base import CompanionScreen
from widgets.shell.chrome import KeyFooter, TitleHeader
from widgets.table_view.figures import TableContent
from widgets.table_view.view import TableView


@dataclass(frozen=True)
class TableShown:
    """What a table view shows: a game's state, and the words of its header."""

    game_id: str
    game_title: str
    """The game's full name (`TIME Stories Revolution: Cavendish`)."""
    state: Any
    subtitle: str
    """The save's title as its play screen's header shows it (`(watching)` included)."""
    watching: bool = False
    """This window only watches the game (the table display, a file it cannot write)."""


def header_words(shown: TableShown, view: str | None = None) -> tuple[str, str]:
    """The header's title and subtitle: the view ("Table view" unless named) and the game's
    short name, then the save's title; the game's name once only where the save is titled
    after its game (a Sojourn run is titled `Sojourn`)."""
    view = t("Table view") if view is None else view
    short = shown.game_title.split(":")[-1].strip()
    subtitle = shown.subtitle
    for prefix in (f"{shown.game_title}: ", f"{short}: "):
        subtitle = subtitle.removeprefix(prefix)
    if subtitle.removesuffix(watching_mark()) in (shown.game_title, short):
        return view, subtitle
    return t("{view}: {game}", view=view, game=short), subtitle


def watched(title: str) -> str:
    """A save's title in the header of a window that only watches the game (as its play
    screen says it: the same message)."""
    return t("{title} (watching)", title=title)


def watching_mark() -> str:
    """What `watched` adds to a title."""
    return watched("")


class TableViewScreen(CompanionScreen):
    """The state of the game in play in large type; it changes nothing.

    | Key | Action |
    | --- | --- |
    | v / escape | Back to the play screen |
    """

    HELP_TOPIC = "table-view"
    CSS_PATH = "table_view.tcss"
    BINDINGS = [
        Binding("v,escape", "back", phrase("Play screen"), id="table-view-back"),
    ]

    def __init__(self, shown: TableShown) -> None:
        super().__init__()
        self.shown = shown
        """What the view shows now."""
        self.seats: tuple[Phrase, ...] = ()
        """Who is at the table, as its play screen words it (`widgets.play.at_the_table`)."""
        self.scrolled = 0.0
        """How far the view was scrolled when a switch of language composed it again."""
        self.composing = False
        """A switch of language is composing the view again: what the play screen gives it
        meanwhile is kept, and drawn once it is composed (its widgets are not all there)."""

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        yield TableView()
        yield KeyFooter()

    def on_mount(self) -> None:
        self.draw()
        self.query_one(TableView).show_seats(self.seats)

    def remember_before_speaking(self) -> None:
        self.scrolled = self.query_one(TableView).scroll_y
        self.composing = True

    def spoken_again(self) -> None:
        """Composed again in another language: the same state's figures drawn at once in its
        words, scrolled as they were."""
        self.composing = False
        self.on_mount()
        view = self.query_one(TableView)
        self.call_after_refresh(view.scroll_to, y=self.scrolled, animate=False)

    def show_seats(self, parts: tuple[Phrase, ...]) -> None:
        """Who is at the table, from the play screen's look each second."""
        self.seats = parts
        if self.composing:  # shown once composed again (`spoken_again`)
            return
        for view in self.query(TableView):  # none while composing: on_mount shows them
            view.show_seats(parts)

    @property
    def content(self) -> TableContent | None:
        """What the view shows now, as data."""
        return self.query_one(TableView).content

    def show(self, shown: TableShown) -> None:
        """Show another state of the game (or the same game, now watched or not)."""
        changed = shown.watching != self.shown.watching
        self.shown = shown
        if self.is_mounted and not self.composing:
            self.draw()
            if changed:
                self.refresh_bindings()

    def draw(self) -> None:
        shown = self.shown
        self.title, self.sub_title = header_words(shown)
        self.query_one(TableView).show(shown.game_id, shown.game_title, shown.state)

    def action_back(self) -> None:
        self.dismiss()

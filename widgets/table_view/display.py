"""The table display: a watch-only app for a tablet or TV in the middle of the table.

`companion serve` starts it at its second address (`/table`) with `COMPANION_TABLE_DISPLAY=1`
in the environment. It shows the table view of the most recently played game still in play and
follows it live (four times a second it reads the records appended since its last look); when
a newer game starts it switches to that one; with no game in play it says so and waits. It is
at the table as a device of its own (a table display), and shows every device there and one
just gone (`widgets.play.at_the_table`). Once the game shown has ended, the push link's QR code
stands beside its result, so that each player scans the play into their own BG Stats
(`push_code`). It holds no game's lock, and no key, palette command or screen of it changes a
game: there is no way from it to a play screen, the home screen or the dice tray.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult, SystemCommand
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Static

from companion.phrases import phrase
from lang import t, tr
from saves.files import FileMark, SaveError, mark_of
from saves.games.journal import Rewritten
from saves.games.store import SavedGame
from saves.listing.cache import SaveEntry
from saves.shared.presence import Presence
from widgets.app import CompanionApp, make_app
from widgets.play.at_the_table import Phrase, TableLook
from widgets.play.recap import Recalled
from widgets.play.seats import seat_options
from widgets.shell.base import CompanionScreen
from widgets.shell.chrome import KeyFooter, TitleHeader
from widgets.table_view.push_code import PushCode, link_of
from widgets.table_view.screen import TableShown, header_words, watched
from widgets.table_view.view import TableView

VARIABLE = "COMPANION_TABLE_DISPLAY"
"""The environment variable that makes `companion` the table display (set to `1`)."""

WAITING = (
    phrase("No game in play."),
    phrase(
        "Start or resume a game on a phone or laptop at the table (the companion's main "
        "address, without /table): this screen shows it as soon as it starts, and follows "
        "every move."
    ),
)
"""What the display says while no game is in play: a heading, then what to do."""

LOOK_SECONDS = 0.25
"""How often the display looks at the folder and the game's file (a stat, and the records
appended since): a move shows within a second."""

PAGE_SECONDS = 8.0
"""How long each screenful stays when the view is taller than the screen (a TV read from
across the room, where nobody scrolls): then the next, and back to the top (`pages`)."""

CLOSED_ACTIONS = frozenset({"dice"})
"""App actions the display does not offer: a watching screen has no dice tray."""


def followed(entries: Sequence[SaveEntry], current: str | None) -> str | None:
    """The game to show: the most recently played one still in play. The game shown now stays
    once it ended (its result stays on screen) until a game in play is saved after it."""
    for entry in entries:  # newest first
        if entry.status == "playing" or entry.id == current:
            return entry.id
    return None


class TableDisplayScreen(CompanionScreen):
    """The newest game in play in large type, followed live; or a waiting screen."""

    HELP_TOPIC = "table-view"
    CSS_PATH = "table_view.tcss"

    def __init__(self) -> None:
        super().__init__()
        self.saved: SavedGame | None = None
        """The game shown, as last read from its file."""
        self.folder_mark: FileMark | None = None
        """The games folder as last listed: a new file or a save changes it."""
        self.problem: str | None = None
        """Why a file could not be read last time (said once, not four times a second)."""
        self.presence: Presence | None = None
        """Who sits at which device at the game shown (the display itself sits nowhere)."""
        self.table: TableLook | None = None
        """The display at the game shown, and every device there."""
        self.recalled = Recalled(self)
        """The recap of a paused game, shown when the display opens on it."""
        self.seats: tuple[Phrase, ...] = ()
        """Who is at the table of the game shown, as last looked at."""
        self.page_top = 0
        """The page shown when a switch of language composed the view again."""
        self.composing = False
        """A switch of language is composing the screen again: the looks and the pages wait
        (its widgets are not all there meanwhile)."""

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        with Horizontal(id="td-body"):
            yield TableView()
            yield PushCode()
        yield Static("\n\n".join(tr(words) for words in WAITING), id="td-waiting", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.draw()  # waiting, until a look finds a game
        self.look()
        self.set_interval(LOOK_SECONDS, self.look)
        self.set_interval(PAGE_SECONDS, self.turn_page)

    def remember_before_speaking(self) -> None:
        self.page_top = self.query_one(TableView).page_top
        self.composing = True

    def spoken_again(self) -> None:
        """Composed again in another language: the game shown drawn at once in its words (or
        the waiting screen), who is at the table, the page that was shown."""
        self.composing = False
        self.draw()
        view = self.query_one(TableView)
        view.show_seats(self.seats)
        view.page_top = self.page_top
        self.call_after_refresh(view.stay_on_page)

    def look(self) -> None:
        """Switch to the game to show when the folder changed; reload it when its file did."""
        if self.composing:
            return
        store = self.companion.store
        mark = mark_of(store.folder)
        if mark is None or mark != self.folder_mark:
            self.folder_mark = mark
            entries, _unreadable = store.listing(with_facts=False)
            current = self.saved.id if self.saved is not None else None
            wanted = followed(entries, current)
            if wanted != current:
                self.open(wanted)
                return
        saved = self.saved
        if saved is None:
            return
        self.query_one(TableView).stay_on_page()  # after a move or a resize, no box cut
        try:
            if store.catch_up(saved):  # only the records appended since the last look
                self.draw()
                self.recalled.close()  # the next move: the recap has had its time
        except Rewritten:
            self.open(saved.id)
        except SaveError as error:
            self.report(error)
        self.show_seats()

    def show_seats(self) -> None:
        """Who is at the table of the game shown: a device come, gone or seated shows at the
        next look."""
        saved = self.saved
        if saved is None:
            return
        home, now = self.companion.store.home, self.companion.store.clock().timestamp()
        if self.presence is None or self.presence.save_id != saved.id:
            self.presence = Presence(home, saved.id, device="")
        if self.table is None:
            self.table = TableLook(home, "display", self.companion.device.id)
        options = seat_options(saved.game, saved.session.state)
        parts, problem = self.table.look(saved.id, self.presence, options, now)
        self.seats = parts
        notices = ((t("Seats"), self.presence.take_notice()), (t("At the table"), problem))
        for title, notice in notices:
            if notice is not None:
                self.notify(tr(notice), title=title, severity="warning", markup=False)
        self.query_one(TableView).show_seats(parts)

    def on_unmount(self) -> None:
        if self.table is not None:
            self.table.close(self.companion.store.clock().timestamp())

    def turn_page(self) -> None:
        """Show the next screenful of a view taller than the screen, after the last the top:
        each starts at a box, so no page cuts a number in two."""
        if not self.composing:
            self.query_one(TableView).turn_page()

    def open(self, save_id: str | None) -> None:
        """Show a game from its file (the last state stays when it cannot be read), or wait."""
        if save_id is None:
            self.saved = None
            if self.table is not None:
                self.table.close(self.companion.store.clock().timestamp())
            self.draw()
            return
        try:
            self.saved = self.companion.store.load(save_id)
        except SaveError as error:
            self.report(error)
            return
        self.problem = None
        self.draw()
        self.recalled.open(self.saved, self.companion.store.clock())

    def report(self, error: SaveError) -> None:
        """Say why a file is not followed, once (not at every look)."""
        if self.problem != error.problem:
            self.problem = error.problem
            self.notify(tr(error), title=t("Not followed"), severity="warning", markup=False)

    def draw(self) -> None:
        body = self.query_one("#td-body", Horizontal)
        view = self.query_one(TableView)
        waiting = self.query_one("#td-waiting", Static)
        saved = self.saved
        body.display = view.display = saved is not None
        waiting.display = saved is None
        if saved is None:
            self.title, self.sub_title = t("Table display"), t("waiting for a game")
            self.query_one(PushCode).show(None)
            return
        game = saved.game
        shown = TableShown(game.id, game.title, saved.session.state, watched(saved.title), True)
        self.title, self.sub_title = header_words(shown)
        view.show(shown.game_id, shown.game_title, shown.state)
        ended = saved.status != "playing"
        self.query_one(PushCode).show(link_of(self.companion.store.home, saved) if ended else None)


class TableDisplayApp(CompanionApp):
    """The app with the table display as its only screen: help, keys and quit, nothing else."""

    # The app's styles, named from here (a path is read from the class's own folder), and the
    # view's (a default screen's own CSS_PATH is not read). Textual takes a list.
    CSS_PATH = [
        str(Path(__file__).parents[1] / "companion.tcss"),
        str(Path(__file__).parents[1] / "play" / "at_the_table.tcss"),
        "table_view.tcss",
    ]

    def get_default_screen(self) -> TableDisplayScreen:  # type: ignore[override]
        return TableDisplayScreen()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in CLOSED_ACTIONS:
            return False
        return super().check_action(action, parameters)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Help, then Textual's own (theme, keys, quit): no game's and no dice."""
        yield SystemCommand(t("Help"), t("What the table display shows"), self.action_help)
        yield from App.get_system_commands(self, screen)


def make_display_app(
    home: Path | str | None = None,
    rng: random.Random | None = None,
    clock: Callable[[], datetime] | None = None,
) -> CompanionApp:
    """The table display on a data folder (default: the user's)."""
    return make_app(home, rng, clock, app_class=TableDisplayApp)

"""The play screen as its collaborators see it: `PlayHost`, the little `SharedGame` reads of
it, and `PlayScreen`, what the collaborators that draw on it use (`FileConflicts`, `SeatKeys`).

`SharedGame` (widgets/play/shared_game.py) makes this device's changes and follows the other
devices' records; it tells its screen what happened in messages (`SharedGame.Moved`,
`SharedGame.Made`, ...) that the screen handles, so all it needs of the screen is the game it
shows, a few facts about it, a way to post a message and a worker thread. A unit test hands it
a small object with these members (tests/play/test_shared_game_messages.py); `GameScreen` is
the one class in the app that has them (mypy checks it where the screen hands itself over).
The collaborators import this module, never the screen's: no arrow points back at it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from textual.app import App
    from textual.css.query import DOMQuery, QueryType
    from textual.message import Message
    from textual.notifications import SeverityLevel
    from textual.timer import Timer
    from textual.widget import Widget

    from companion.core import WaitingFor
    from companion.guard import GameFault
    from companion.session import Session
    from saves.games.store import SavedGame
    from widgets.play.at_the_table import Phrase
    from widgets.services import AppServices


class PlayHost(Protocol):
    """A play screen, as its `SharedGame` uses it."""

    saved: SavedGame
    """The game shown; a reload, a copy or a late upgrade puts another in its place."""

    @property
    def companion(self) -> AppServices:
        """The app's store (the game's file) and device."""

    @property
    def device(self) -> str:
        """This device's public id, written beside each of its records."""

    @property
    def seat(self) -> str:
        """Who sits at this device ("" when nobody said so), written beside its records."""

    @property
    def is_open(self) -> bool:
        """Still on the screen stack (a message may arrive after the game was closed)."""

    @property
    def is_over(self) -> bool:
        """The game has ended (to open or close its result)."""

    @property
    def waiting(self) -> WaitingFor | None:
        """The question the game waits for an answer to, if any (to close it once answered)."""

    def post_message(self, message: Message) -> bool:
        """Tell the screen what a worker thread saw (thread-safe, handled in turn)."""

    def take(self, message: Message) -> None:
        """Tell the screen, on its thread, what was just done there (handled at once)."""

    def run_worker(
        self, work: Callable[[], None], *, group: str, thread: bool, exit_on_error: bool
    ) -> object:
        """A worker thread, cancelled with the screen."""


class PlayScreen(PlayHost, Protocol):
    """A play screen, as the collaborators that ask and draw on it use it: the file's conflict
    (widgets/play/conflict.py) and who sits where (widgets/play/seats.py)."""

    asking: bool
    """A question is on screen: no second one is asked over it."""

    def game_fault(self, fault: GameFault) -> bool:
        """The game's own code failed: said once, the game only watched."""

    @property
    def session(self) -> Session:
        """The game's session: its steps, undo and redo."""

    @property
    def state(self) -> Any:
        """The state on screen."""

    @property
    def app(self) -> App[Any]:
        """The running app: its dialogs."""

    def redraw(self) -> None:
        """Redraw from the state (the game was read again)."""

    def changed(self, was_over: bool) -> None:
        """Redraw after a change (and open the result once the game ended)."""

    def show_title(self) -> None:
        """The header's subtitle, once the save's title or id changed."""

    def show_seats(self, parts: tuple[Phrase, ...]) -> None:
        """Who is at the table, on the screens beside this one (its table view)."""

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """A toast."""

    def query(self, selector: type[QueryType]) -> DOMQuery[QueryType]:
        """The screen's widgets of a type."""

    def mount(self, *widgets: Widget, after: Widget | None = None) -> object:
        """Add widgets to the screen."""

    def set_interval(self, interval: float, callback: Callable[[], object]) -> Timer:
        """Call every `interval` seconds until stopped."""

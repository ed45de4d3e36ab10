"""The play screen as its collaborators see it: `PlayHost`, exactly what they use of it.

A play screen (`widgets/play/game_screen.py`) hands parts of its work to collaborators: the
transactions on the game's file and the follow of the other devices (`SharedGame`), the answers
to a file changed outside the app (`FileConflicts`) and who sits where (`SeatKeys`). The screen
imports them; they know it only through this Protocol, so no arrow points back at the screen's
module. `GameScreen` is the one class that has it all (mypy checks it where the screen hands
itself over).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from textual.app import App
    from textual.css.query import DOMQuery, QueryType
    from textual.notifications import SeverityLevel
    from textual.timer import Timer
    from textual.widget import Widget

    from companion.core import WaitingFor
    from companion.session import Session
    from saves.games.store import SavedGame
    from widgets.play.at_the_table import Phrase
    from widgets.services import AppServices


class PlayHost(Protocol):
    """A play screen, as the collaborators it holds use it."""

    # The game on screen

    saved: SavedGame
    """The game shown; a reload or a copy puts another in its place."""
    asking: bool
    """A question is on screen (the file's conflict, or one of the game's own): no second one
    is asked over it."""

    @property
    def companion(self) -> AppServices:
        """The app's store and device."""

    @property
    def session(self) -> Session:
        """The game's session: its steps, undo and redo."""

    @property
    def state(self) -> Any:
        """The state on screen."""

    @property
    def watch_only(self) -> str:
        """Why this screen only watches the game ("" when it plays)."""

    @property
    def is_open(self) -> bool:
        """Still on the screen stack (an answer may arrive after the game was closed)."""

    @property
    def is_over(self) -> bool:
        """The game has ended."""

    @property
    def waiting(self) -> WaitingFor | None:
        """The question the game waits for an answer to, if any."""

    @property
    def device(self) -> str:
        """This device's public id, written beside each of its records."""

    @property
    def seat(self) -> str:
        """Who sits at this device ("" when nobody said so), written beside its records."""

    def question_by(self) -> str:
        """Who asked the open question, when another device did ("" otherwise)."""

    def last_line(self) -> str:
        """The log's line of the game's last action."""

    # What they tell it

    def changed(self, was_over: bool) -> None:
        """Redraw after this device's change (and open the result once the game ended)."""

    def followed(self, was_over: bool) -> None:
        """Show another device's change (and close a question it answered)."""

    def redraw(self) -> None:
        """Redraw from the state (the game was read again)."""

    def show_title(self) -> None:
        """The header's subtitle, once the save's title or id changed."""

    def only_watch(self, reason: str) -> None:
        """Only watch the game, every change refused with `reason` ("": play it again)."""

    def save_failed(self, error: OSError) -> None:
        """The disk refused a change: say so until a write works."""

    def save_worked(self) -> None:
        """A change was written: the line of a failing disk goes."""

    def show_seats(self, parts: tuple[Phrase, ...]) -> None:
        """Who is at the table, on the screens beside this one (its table view)."""

    # What they use of the Textual screen

    @property
    def app(self) -> App[Any]:
        """The running app: its dialogs, and calls from worker threads."""

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

    def run_worker(
        self, work: Callable[[], None], *, group: str, thread: bool, exit_on_error: bool
    ) -> object:
        """A worker thread, cancelled with the screen."""

    def set_timer(self, delay: float, callback: Callable[[], object]) -> Timer:
        """Call once, `delay` seconds from now."""

    def set_interval(self, interval: float, callback: Callable[[], object]) -> Timer:
        """Call every `interval` seconds until stopped."""

    def query(self, selector: type[QueryType]) -> DOMQuery[QueryType]:
        """The screen's widgets of a type."""

    def mount(self, *widgets: Widget, after: Widget | None = None) -> object:
        """Add widgets to the screen."""

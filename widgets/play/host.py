"""The play screen as `SharedGame` sees it: `PlayHost`, the little it reads of its screen.

`SharedGame` (widgets/play/shared_game.py) makes this device's changes and follows the other
devices' records; it tells its screen what happened in messages (`SharedGame.Moved`,
`SharedGame.Made`, ...) that the screen handles, so all it needs of the screen is the game it
shows, a few facts about it, a way to post a message and a worker thread. A unit test hands it
a small object with these members (tests/play/test_shared_game_messages.py); `GameScreen` is
the one class in the app that has them (mypy checks it where the screen hands itself over).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from textual.message import Message

    from companion.core import WaitingFor
    from saves.games.store import SavedGame
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
        """Tell the screen what happened (thread-safe: a worker thread posts too)."""

    def run_worker(
        self, work: Callable[[], None], *, group: str, thread: bool, exit_on_error: bool
    ) -> object:
        """A worker thread, cancelled with the screen."""

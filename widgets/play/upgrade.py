"""An older save (format 1) opened for play while another device holds its lock: shown until
that lock is free, then brought up to date and played, without the screen ever waiting.

`SaveStore.open_for_play` tries the game's lock once on the screen's thread. When another device
holds it, the game comes back to be shown only (`SavedGame.upgrade_waits`): the screen watches
it, and a worker thread waits until the lock is free, lets it go at once and hands back to the
screen's thread, which opens the game for play again, trying the lock once. Written again in
format 2, the game is played on; should another device take the lock first, the worker waits
again. A lock still held after `WAIT_SECONDS` leaves the screen watching, saying why.
"""

from __future__ import annotations

import os
import time

from saves.files import SaveError
from saves.shared.lock import Busy
from widgets.play import words
from widgets.play.host import PlayHost

WAIT_SECONDS = 30.0
"""How long an older save waits for another device's lock before it stays shown only (a lock
held this long is a stopped program); the screen takes keys all the while."""


class LateUpgrade:
    """Bring a play screen's older save up to date once no other device holds its lock."""

    def __init__(self, screen: PlayHost) -> None:
        self.screen = screen
        self.since = 0.0
        """When the wait began (`WAIT_SECONDS` from then it is given up)."""
        self.waiting = False
        """A worker thread waits for the lock."""

    def start(self) -> None:
        """Show the game only, saying why, and wait in a worker for the lock to be free."""
        if self.waiting:
            return
        self.since = time.monotonic()
        self.screen.only_watch(words.UPGRADE_WAITS)
        self._wait()

    def _wait(self) -> None:
        self.waiting = True
        left = max(0.0, self.since + WAIT_SECONDS - time.monotonic())
        self.screen.run_worker(
            lambda: self._until_free(left), thread=True, group="upgrade", exit_on_error=False
        )

    def _until_free(self, deadline: float) -> None:
        """In a worker thread: wait until the game's lock is free, let it go at once, then hand
        back to the screen's thread (which takes the lock itself, trying once)."""
        store, app = self.screen.companion.store, self.screen.app
        try:
            try:
                with store.game_lock(self.screen.saved.id, deadline):
                    pass
            except OSError as error:  # Busy past the deadline, a lock file that cannot be made
                app.call_from_thread(self._give_up, error)
            else:
                app.call_from_thread(self._open)
        except RuntimeError:  # the app closed meanwhile
            return

    def _open(self) -> None:
        """On the screen's thread, the lock just seen free: open the game for play again."""
        self.waiting = False
        screen = self.screen
        if not screen.is_open:
            return
        store = screen.companion.store
        try:
            fresh = store.open_for_play(screen.saved.id)
        except SaveError as error:
            self._give_up(error.problem)
            return
        if fresh.upgrade_waits:  # another device took the lock first
            if time.monotonic() - self.since >= WAIT_SECONDS:
                self._give_up(words.lock_held_too_long(WAIT_SECONDS))
            else:
                self._wait()
            return
        was_over = screen.is_over
        screen.saved = fresh
        writable = os.access(store.path_for(fresh.id), os.W_OK)
        reason = words.watch_only_reason(fresh.cannot_add, writable)
        screen.only_watch(reason)
        if not reason:
            screen.notify(words.PLAYABLE_NOW, title="Playing")
        screen.followed(was_over)

    def _give_up(self, reason: object) -> None:
        self.waiting = False
        if isinstance(reason, Busy):
            reason = words.lock_held_too_long(WAIT_SECONDS)
        elif isinstance(reason, OSError):
            reason = reason.strerror or reason
        if self.screen.is_open:
            self.screen.only_watch(words.upgrade_given_up(reason))

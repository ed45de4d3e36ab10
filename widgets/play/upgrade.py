"""An older save (format 1) opened for play while another device holds its lock: shown until
that lock is free, then brought up to date and played, without the screen ever waiting.

`SaveStore.open_for_play` tries the game's lock once on the screen's thread. When another device
holds it, the game comes back to be shown only (`SavedGame.upgrade_waits`): the screen watches
it, and a worker thread waits until the lock is free, lets it go at once and hands back to the
screen's thread, which opens the game for play again, trying the lock once. Written again in
format 2, the game is played on; should another device take the lock first, the worker waits
again. A lock still held after `WAIT_SECONDS` leaves the screen watching, saying why.

An older save the disk refused to write again (full, read-only, over quota) is shown the same
way, and tried again by itself while the screen is open, without reopening it: a worker looks
every `RETRY_SECONDS` whether its folder can be written with room for the file, and then posts
`Room`; the screen hands it back to `try_again`, which opens the game for play again. Each
attempt the disk refuses again doubles the wait, up to `LONGEST_RETRY_SECONDS`. What the
screen shows is told in `Watching` (only watch, saying why) and `Playing` (played now).
"""

from __future__ import annotations

import contextlib
import os
import time

from textual.message import Message
from textual.worker import get_current_worker

from saves.files import SaveError
from saves.games.store import FORMAT, SavedGame
from saves.shared.lock import Busy
from widgets.play import words
from widgets.play.host import PlayHost

WAIT_SECONDS = 30.0
"""How long an older save waits for another device's lock before it stays shown only (a lock
held this long is a stopped program); the screen takes keys all the while."""
RETRY_SECONDS = 5.0
"""How often an older save the disk refused is looked at again (the first time)."""
LONGEST_RETRY_SECONDS = 300.0
"""The longest wait between two attempts on a disk that keeps refusing the save."""
ROOM_MARGIN = 64 * 1024
"""Free bytes wanted beyond twice the file's size (the new file is written beside the old)."""
LOOK_SECONDS = 0.1
"""How often a waiting worker looks whether its screen has closed."""


def disk_refused(saved: SavedGame) -> bool:
    """An older save opened for play that could not be written again in format 2 for a reason
    of the disk (not a lock another device held): it is tried again by itself."""
    return saved.format_read != FORMAT and bool(saved.cannot_add) and not saved.upgrade_waits


def has_room(path: os.PathLike[str] | str) -> bool:
    """Whether the folder of `path` looks writable with room for the file written again (a
    folder that cannot be asked is tried all the same)."""
    folder = os.path.dirname(path) or "."
    if not os.access(folder, os.W_OK):
        return False
    try:
        size = os.stat(path).st_size
        disk = os.statvfs(folder)
    except OSError:
        return True
    return disk.f_bavail * disk.f_frsize >= 2 * size + ROOM_MARGIN


class LateUpgrade:
    """Bring a play screen's older save up to date once no other device holds its lock."""

    class Watching(Message, bubble=False):
        """The game is only shown for now (`reason`), or played again ("")."""

        def __init__(self, reason: str) -> None:
            super().__init__()
            self.reason = reason

    class Playing(Message, bubble=False):
        """The save was brought up to date (the screen's `saved` is the new one): `said` once it
        can be played ("": it is still only shown), and the game redrawn."""

        def __init__(self, said: str, was_over: bool) -> None:
            super().__init__()
            self.said = said
            self.was_over = was_over

    class Free(Message, bubble=False):
        """Posted from the waiting thread: the lock was seen free (or `error`: not in time)."""

        def __init__(self, error: OSError | None = None) -> None:
            super().__init__()
            self.error = error

    class Room(Message, bubble=False):
        """Posted from the waiting thread: the disk looks able to take the save again."""

    def __init__(self, screen: PlayHost) -> None:
        self.screen = screen
        self.since = 0.0
        """When the wait began (`WAIT_SECONDS` from then it is given up)."""
        self.waiting = False
        """A worker thread waits for the lock, or for room on the disk."""
        self.retry_after = RETRY_SECONDS
        """How long the next wait for room on the disk is."""

    def begin(self) -> None:
        """As the screen starts following its game: wait for the lock another device held when
        it was opened, or for the disk that refused to write it again."""
        if self.screen.saved.upgrade_waits:
            self.start()
        elif disk_refused(self.screen.saved):
            self.retry_later()

    def retry_later(self) -> None:
        """Show the game only, saying why, and try again once the disk looks able to take it."""
        if self.waiting:
            return
        self.waiting = True
        self.screen.take(self.Watching(words.upgrade_retries(self.screen.saved.cannot_add)))
        wait = self.retry_after
        self.screen.run_worker(
            lambda: self._until_room(wait), thread=True, group="upgrade", exit_on_error=False
        )

    def _until_room(self, wait: float) -> None:
        """In a worker thread: wait `wait` seconds, then until the folder looks able to take
        the file (its screen closing ends the wait), and hand back to the screen's thread."""
        worker = get_current_worker()
        path = self.screen.companion.store.path_for(self.screen.saved.id)
        due = time.monotonic() + wait
        while not worker.is_cancelled:
            time.sleep(LOOK_SECONDS)
            if time.monotonic() < due:
                continue
            if has_room(path):
                with contextlib.suppress(RuntimeError):  # the app closed meanwhile
                    self.screen.post_message(self.Room())
                return
            due = time.monotonic() + wait

    def try_again(self) -> None:
        """On the screen's thread (`Room` handed back), the disk looking able to take it: open
        the game for play again (written again in format 2); refused again, wait twice as
        long."""
        self.waiting = False
        screen = self.screen
        if not screen.is_open:
            return
        try:
            fresh = screen.companion.store.open_for_play(screen.saved.id)
        except SaveError as error:
            self._give_up(error.problem)
            return
        if fresh.upgrade_waits:  # another device holds its lock now
            self.start()
        elif disk_refused(fresh):
            self.retry_after = min(LONGEST_RETRY_SECONDS, self.retry_after * 2)
            screen.saved.cannot_add = fresh.cannot_add  # the disk's newest reason
            self.retry_later()
        else:
            self._play(fresh, words.UPGRADED_NOW)

    def start(self) -> None:
        """Show the game only, saying why, and wait in a worker for the lock to be free."""
        if self.waiting:
            return
        self.since = time.monotonic()
        self.screen.take(self.Watching(words.UPGRADE_WAITS))
        self._wait()

    def _wait(self) -> None:
        self.waiting = True
        left = max(0.0, self.since + WAIT_SECONDS - time.monotonic())
        self.screen.run_worker(
            lambda: self._until_free(left), thread=True, group="upgrade", exit_on_error=False
        )

    def _until_free(self, deadline: float) -> None:
        """In a worker thread: wait until the game's lock is free, let it go at once, then post
        `Free` (the screen's thread takes the lock itself, trying once)."""
        store = self.screen.companion.store
        try:
            with store.game_lock(self.screen.saved.id, deadline):
                pass
        except OSError as error:  # Busy past the deadline, a lock file that cannot be made
            told = self.Free(error)
        else:
            told = self.Free()
        with contextlib.suppress(RuntimeError):  # the app closed meanwhile
            self.screen.post_message(told)

    def free(self, error: OSError | None = None) -> None:
        """On the screen's thread (`Free` handed back), the lock just seen free: open the game
        for play again (or, not free in time, stay shown only)."""
        if error is not None:
            self._give_up(error)
            return
        self.waiting = False
        screen = self.screen

        if not screen.is_open:
            return
        store = screen.companion.store
        try:
            fresh = store.open_for_play(screen.saved.id)
        except SaveError as unreadable:
            self._give_up(unreadable.problem)
            return
        if fresh.upgrade_waits:  # another device took the lock first
            if time.monotonic() - self.since >= WAIT_SECONDS:
                self._give_up(words.lock_held_too_long(WAIT_SECONDS))
            else:
                self._wait()
            return
        self._play(fresh, words.PLAYABLE_NOW)

    def _play(self, fresh: SavedGame, said: str) -> None:
        """Play the game as it was just opened for play (said once it can be played)."""
        screen = self.screen
        was_over = screen.is_over
        screen.saved = fresh
        writable = os.access(screen.companion.store.path_for(fresh.id), os.W_OK)
        reason = words.watch_only_reason(fresh.cannot_add, writable)
        screen.take(self.Watching(reason))
        screen.take(self.Playing("" if reason else said, was_over))

    def _give_up(self, reason: object) -> None:
        self.waiting = False
        if isinstance(reason, Busy):
            reason = words.lock_held_too_long(WAIT_SECONDS)
        elif isinstance(reason, OSError):
            reason = reason.strerror or reason
        if self.screen.is_open:
            self.screen.take(self.Watching(words.upgrade_given_up(reason)))

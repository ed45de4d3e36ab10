"""A play screen's side of a game several devices play at once: each change is one short
transaction on the game's file, and every other device's change is followed as it is appended.

A transaction (`SharedGame.commit`) is `SaveStore.transact`: it takes the game's lock, catches
up on what the others appended, decides this device's change on that newest state and appends
it, deciding again when another writer got in first. The lock covers those three steps and
nothing else: the redraw, the notices and the dialogs come once it is let go, from the
transaction's outcome. The lock is tried once, at once, on the screen's own thread (it is free
nearly always, held for the milliseconds of another device's append). When another device
holds it, a worker thread waits until it is free, lets it go at once and hands the change back
to the screen's thread, which tries again: the worker never holds the lock while it waits for
the screen, and the screen never waits for the lock.

The file is followed by watching the games folder (watchfiles: every write of another device
shows at once, and only the appended lines are read). A window where nothing can be watched
looks at the file's size every `FOLLOW_SECONDS` instead.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.core import RuleError
from saves.files import SaveError
from saves.games.journal import Draft, Rewritten
from saves.games.records import Record
from saves.shared.lock import Busy
from widgets.play import words
from widgets.play.conflict import FileConflicts
from widgets.play.host import PlayHost
from widgets.play.told import Moment, Outcome, moved, refused
from widgets.play.unsaved import show_lock_wait
from widgets.play.upgrade import LateUpgrade

WAIT_SECONDS = 30.0
"""How long changes wait for another device's lock before they are dropped (and said): the
screen takes keys all the while, so this is not how long anything freezes; a lock held this
long is a stopped program."""
FOLLOW_SECONDS = 0.1
"""How often a window with no folder watch looks at its game's file."""
WATCH_STEP_MS = 10
"""How long watchfiles waits for more changes after one (the follow's latency, at most)."""
FOLLOW_GAP_SECONDS = 0.1
"""The least time between two follows: a flood of other devices' records is redrawn ten times a
second, not once a record (the keys of this screen stay quick)."""

Decide = Callable[[list[Record]], list[Draft]]
"""Given the records of other devices caught up on since the change was first tried, the
drafts to append (or a `RuleError` saying why not, on the newest state). Runs under the
game's lock: it reads the game and returns drafts, and never touches a widget."""
Done = Callable[[list[Record]], None]
"""Once the change is made and the lock let go: what the screen says of it."""


@dataclass
class _Change:
    """A change on its way to the file: what decides it and what is said once it is made."""

    decide: Decide
    done: Done | None
    first: Moment | None = None
    """What the screen showed when the change was first tried (to say what another device
    changed before it)."""
    theirs: list[Record] = field(default_factory=list)
    """Every record of other devices caught up on since it was first tried."""


class SharedGame:
    """The transactions and the follow of one play screen's game."""

    def __init__(self, screen: PlayHost) -> None:
        self.screen = screen
        self.upgrade = LateUpgrade(screen)
        """An older save whose lock another device held when it opened: played once free."""
        self.conflicts = FileConflicts(screen, self.follow_copy, self.upgrade.start)
        """What to do when the game's file changed in a way that is not an appended record."""
        self.undid = False
        """This device's undo is what redo would put back: another device's change that
        clears it is said here (and only here)."""
        self.queue: list[_Change] = []
        """Changes waiting for the lock while another device holds it, in the order made."""
        self.waiting = False
        """A worker thread waits for the lock to be free: later changes queue behind."""
        self.waited_since = 0.0
        """When the changes in `queue` began to wait (`WAIT_SECONDS` from then they are
        dropped)."""
        self.stop = threading.Event()
        self.trouble: str | None = None
        """Why the file could not be followed last time (said once, not at every look)."""
        self.last_follow = 0.0
        self.follow_due = False
        """A follow is set for the end of `FOLLOW_GAP_SECONDS`."""
        self.started = False
        """The follow runs (Textual runs `on_mount` of each class of a screen: once is enough)."""

    @property
    def path(self) -> Path:
        store = self.screen.companion.store
        return store.path_for(self.screen.saved.id)

    # Transactions

    def commit(self, decide: Decide, done: Done | None = None) -> bool | None:
        """Make a change now if the game's lock is free, else as soon as it is (in order).

        True once made, False when it was not (said why), None while it waits for the lock."""
        change = _Change(decide, done)
        if self.waiting:
            self.queue.append(change)
            show_lock_wait(self.screen, len(self.queue))
            return None
        outcome = self._transaction(change)
        if outcome.busy:
            self._moved(outcome.before, outcome.theirs)  # the screen plays on while it waits
            self.waited_since = time.monotonic()
            self.queue.append(change)
            self.screen.notify("Another device is saving: your change follows it.", timeout=2)
            self._wait_for_lock()
            return None
        return self._show(outcome, change)

    def _wait_for_lock(self) -> None:
        """Have a worker thread wait for the lock to be free; the queue is kept meanwhile."""
        self.waiting = True
        show_lock_wait(self.screen, len(self.queue))
        left = max(0.0, self.waited_since + WAIT_SECONDS - time.monotonic())
        self.screen.run_worker(
            lambda: self._until_free(left), thread=True, group="transactions", exit_on_error=False
        )

    def _until_free(self, deadline: float) -> None:
        """In a worker thread: wait until the game's lock (and its file's, for the write) is free,
        let it go at once, then hand the queued changes back to the screen's thread (it never
        holds a lock while it waits for that thread)."""
        store = self.screen.companion.store
        app = self.screen.app
        try:
            try:  # free: the screen's thread takes them for each change, at once
                store.wait_until_free(self.screen.saved.id, deadline)
            except Busy:
                app.call_from_thread(self._give_up)
            except OSError as error:
                app.call_from_thread(self._give_up, error)
            else:
                app.call_from_thread(self._run_queue)
        except RuntimeError:  # the app closed meanwhile: the changes are not made
            return

    def _run_queue(self) -> None:
        """On the screen's thread, the lock just seen free: make the queued changes in order;
        should another device take the lock first, the rest wait again."""
        self.waiting = False
        while self.queue:
            change = self.queue[0]
            outcome = self._transaction(change)
            if outcome.busy:
                self._moved(outcome.before, outcome.theirs)
                if time.monotonic() - self.waited_since >= WAIT_SECONDS:
                    self._give_up()
                else:
                    self._wait_for_lock()
                return
            self.queue.pop(0)
            self._show(outcome, change)
        show_lock_wait(self.screen, 0)

    def _give_up(self, error: OSError | None = None) -> None:
        dropped, self.queue, self.waiting = len(self.queue), [], False
        show_lock_wait(self.screen, 0)
        reason = error or words.lock_held_too_long(WAIT_SECONDS)
        self.screen.notify(
            words.changes_dropped(reason, dropped),
            title="Not saved",
            severity="error",
            markup=False,
        )

    def _transaction(self, change: _Change) -> Outcome:
        """Catch up (as a follow does, without the lock), then one `SaveStore.transact`:
        under the lock only its catch-up, the change's `decide` (given every other device's
        record since the change was first tried, those the transaction caught up on last) and
        the append run. Nothing here draws: what happened is in the outcome."""
        screen = self.screen
        saved, store = screen.saved, screen.companion.store
        outcome = Outcome(Moment(screen))
        if change.first is None:
            change.first = outcome.before
        try:
            outcome.theirs = store.catch_up(saved)
        except Rewritten as error:
            outcome.conflict = error
            return outcome
        except SaveError as error:
            outcome.unreadable = error
            return outcome
        change.theirs += outcome.theirs
        caught: list[Record] = []

        def drafts(theirs: list[Record]) -> list[Draft]:
            caught[:] = theirs  # kept should the append fail: they are in the game
            return change.decide(change.theirs + theirs)

        try:
            _theirs, outcome.mine = store.transact(
                saved, drafts, by=screen.device, seat=screen.seat, deadline=0
            )
        except Busy:  # not had at once (the game's lock, or the file's for the write)
            outcome.busy = True
        except RuleError as error:
            outcome.refused = str(error)
        except Rewritten as error:
            outcome.conflict = error
        except SaveError as error:
            outcome.unreadable = error
        except OSError as error:  # a full disk, a lock file that cannot be made
            outcome.failed = error
        outcome.theirs += caught
        change.theirs += caught
        return outcome

    def _show(self, outcome: Outcome, change: _Change) -> bool:
        """The lock let go: redraw and say what the transaction did; whether it was made."""
        screen, before, theirs = self.screen, outcome.before, outcome.theirs
        self._moved(before, theirs)
        if outcome.refused:
            refused(screen, change.first or before, change.theirs, outcome.refused)
            return False
        if outcome.conflict is not None:
            self.conflicts.ask(outcome.conflict.problem)
            return False
        if outcome.unreadable is not None:
            self.conflicts.keep_as_copy(outcome.unreadable.problem)
            return False
        if outcome.failed is not None:
            screen.save_failed(outcome.failed)
            return False
        screen.save_worked()
        if not screen.session.can_redo:
            self.undid = False
        if change.done is not None:
            change.done(outcome.mine)
        screen.changed(before.over)
        return True

    def _moved(self, before: Moment, theirs: list[Record]) -> None:
        """Show what other devices did (this device's undo stops being redo's once they
        cleared it)."""
        if not theirs:
            return
        undid = self.undid
        if not self.screen.session.can_redo:
            self.undid = False
        moved(self.screen, before, theirs, undid)

    # Following

    def start_following(self) -> None:
        """Watch the games folder for this game's file, in a worker thread until the screen
        closes (`stop`); an older save another device held, or the disk refused, when it opened
        waits for its lock or for room."""
        self.started = True
        self.screen.run_worker(self._watch, thread=True, group="follow", exit_on_error=False)
        self.upgrade.begin()

    def follow_copy(self) -> None:
        """The screen now plays a copy under a new id: follow that file instead."""
        self.stop.set()
        self.stop = threading.Event()
        if self.screen.is_open:
            self.start_following()

    def _watch(self) -> None:
        stop = self.stop
        try:
            from watchfiles import watch
        except ImportError:  # pragma: no cover - a dependency of the project
            self._poll(stop)
            return
        path = self.path
        try:
            for _changes in watch(
                path.parent,
                watch_filter=lambda _change, name: Path(name).name == path.name,
                stop_event=stop,
                recursive=False,
                step=WATCH_STEP_MS,
                debounce=WATCH_STEP_MS * 5,
                poll_delay_ms=int(FOLLOW_SECONDS * 1000),
                raise_interrupt=False,
                rust_timeout=500,
                yield_on_timeout=False,
            ):
                if stop.is_set():
                    return
                self._call(stop, self.follow_soon)
        except (OSError, RuntimeError):  # no watch here (too many, a strange folder): look
            self._poll(stop)

    def _poll(self, stop: threading.Event) -> None:
        while not stop.wait(FOLLOW_SECONDS):
            self._call(stop, self.follow_if_grown)

    def _call(self, stop: threading.Event, callback: Callable[[], Any]) -> None:
        if stop.is_set():
            return
        try:
            self.screen.app.call_from_thread(callback)
        except RuntimeError:  # the app is closing
            stop.set()

    def follow_soon(self) -> None:
        """Follow now, or at the end of `FOLLOW_GAP_SECONDS` after the last follow."""
        if self.follow_due:
            return
        wait = self.last_follow + FOLLOW_GAP_SECONDS - time.monotonic()
        if wait <= 0:
            self.last_follow = time.monotonic()
            self.follow()
            return
        self.follow_due = True

        def due() -> None:
            self.follow_due = False
            self.last_follow = time.monotonic()
            self.follow()

        self.screen.set_timer(wait, due)

    def follow_if_grown(self) -> None:
        store = self.screen.companion.store
        try:
            if store.catch_up_needed(self.screen.saved):
                self.follow()
        except (Rewritten, SaveError):
            self.follow()

    def follow(self) -> list[Record]:
        """Apply what other devices appended (on the screen's thread); returns their records."""
        screen = self.screen
        if self.waiting or not screen.is_open:
            return []
        before = Moment(screen)
        try:
            theirs = screen.companion.store.catch_up(screen.saved)
        except Rewritten as error:
            if not screen.watch_only:
                self.conflicts.ask(error.problem)
            else:
                self.conflicts.reload_watched()
            return []
        except SaveError as error:
            if self.trouble != error.problem:  # said once, not at every look
                self.trouble = error.problem
                screen.notify(str(error), title="Not followed", severity="warning", markup=False)
            return []
        self.trouble = None
        self._moved(before, theirs)
        return theirs

    def close(self) -> None:
        self.stop.set()

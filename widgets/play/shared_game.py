"""A play screen's side of a game several devices play at once: each change is one short
transaction on the game's file, and every other device's change is followed as it is appended.

`SharedGame` tells its screen what happened in messages (Textual's `Switch.Changed` pattern):
`Moved` (other devices' records, to show), `Made` (this device's change is written), `Refused`
(the rules said no on the newest state), `Rewritten` and `Unreadable` (the file changed in a way
that is not an appended record, or cannot be read), `SaveFailed`, `LockWait` and `Dropped` (a
lock another device holds), `NotFollowed`. What happens on the screen's own thread is handed to
the screen at once (`PlayHost.take`: a player's change is drawn before `act` returns); only a
worker thread posts (`FileTouched`, `LockFree`). It needs only its inputs (`PlayHost`: the game,
the store, those two ways to tell), so it is unit-tested without an app.

A transaction (`SharedGame.commit`) is `SaveStore.transact`: it takes the game's lock, catches
up on what the others appended, decides this device's change on that newest state and appends
it, deciding again when another writer got in first. The lock covers those three steps and
nothing else: the redraw, the notices and the dialogs come once it is let go, from the
messages. The lock is tried once, at once, on the screen's own thread (it is free nearly
always, held for the milliseconds of another device's append). When another device holds it, a
worker thread waits until it is free, lets it go at once and posts `LockFree`; the screen hands
it back (`lock_free`) and the queued changes are tried again: the worker never holds the lock
while it waits for the screen, and the screen never waits for the lock.

The file is followed by a worker thread watching the games folder (watchfiles: every write of
another device shows at once, and only the appended lines are read): it posts `FileTouched`
(one in the queue stands for many), at most every `FOLLOW_GAP_SECONDS`, and the screen follows
(`follow`). A window where nothing can be watched looks at the file every `FOLLOW_SECONDS`.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from textual.message import Message

from companion.core import RuleError
from saves.files import SaveError
from saves.games.journal import Draft, Rewritten
from saves.games.records import Record
from saves.shared.lock import Busy
from widgets.kit.shown import reason
from widgets.play import words
from widgets.play.host import PlayHost
from widgets.play.told import Moment, Outcome
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
    """The transactions and the follow of one play screen's game, told in messages."""

    class Moved(Message, bubble=False):
        """Other devices' records were caught up on: redraw, close what they made stale, and
        say what they did to this device's actions."""

        def __init__(self, before: Moment, theirs: list[Record], undid: bool) -> None:
            super().__init__()
            self.before = before
            """What the screen showed before them."""
            self.theirs = theirs
            self.undid = undid
            """This device's undo was what redo would put back (before they came)."""

    class Made(Message, bubble=False):
        """This device's change is in the file: redraw (and open the result if it ended the
        game)."""

        def __init__(self, before: Moment, mine: list[Record]) -> None:
            super().__init__()
            self.before = before
            self.mine = mine

    class Refused(Message, bubble=False):
        """A change of this device was not made: `rule` says why, on the newest state."""

        def __init__(self, first: Moment, theirs: list[Record], rule: str) -> None:
            super().__init__()
            self.first = first
            """What the screen showed when the change was first tried."""
            self.theirs = theirs
            """Every other device's record since then."""
            self.rule = rule

    class Rewritten(Message, bubble=False):
        """The file changed in a way that is not an appended record (`problem`): ask, or read
        it again on a screen that only watches."""

        def __init__(self, problem: str) -> None:
            super().__init__()
            self.problem = problem

    class Unreadable(Message, bubble=False):
        """The file cannot be read now (`problem`) while a change was made: keep it as a copy."""

        def __init__(self, problem: str) -> None:
            super().__init__()
            self.problem = problem

    class SaveFailed(Message, bubble=False):
        """The disk refused this change's record: it was not made."""

        def __init__(self, error: OSError) -> None:
            super().__init__()
            self.error = error

    class LockWait(Message, bubble=False):
        """`count` changes wait for another device's lock (0: none wait now); `first`: the
        first change just began to wait."""

        def __init__(self, count: int, first: bool = False) -> None:
            super().__init__()
            self.count = count
            self.first = first

    class Dropped(Message, bubble=False):
        """The changes that waited for the lock were not made: `text` says why."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    class NotFollowed(Message, bubble=False):
        """The file could not be read to follow it (said once, not at every look)."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    class FileTouched(Message, bubble=False):
        """Posted from the watch thread: the game's file changed; one queued stands for all."""

        def can_replace(self, message: Message) -> bool:
            return isinstance(message, SharedGame.FileTouched)

    class LockFree(Message, bubble=False):
        """Posted from the waiting thread: the lock was seen free (or `error`: it was not, in
        time); the screen hands it back to `lock_free`."""

        def __init__(self, error: OSError | None = None) -> None:
            super().__init__()
            self.error = error

    def __init__(self, screen: PlayHost) -> None:
        self.screen = screen
        self.upgrade = LateUpgrade(screen)
        """An older save whose lock another device held when it opened: played once free."""
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
        self.started = False
        """The follow runs (Textual runs `on_mount` of each class of a screen: once is enough)."""

    @property
    def path(self) -> Path:
        store = self.screen.companion.store
        return store.path_for(self.screen.saved.id)

    def _tell(self, message: Message) -> None:
        """Tell the screen, on its own thread, what was just done there: handled before the
        call that did it returns, so the code after `act` sees the screen redrawn (a worker
        thread posts its messages instead)."""
        self.screen.take(message)

    # Transactions

    def commit(self, decide: Decide, done: Done | None = None) -> bool | None:
        """Make a change now if the game's lock is free, else as soon as it is (in order).

        True once made, False when it was not (said why), None while it waits for the lock."""
        change = _Change(decide, done)
        if self.waiting:
            self.queue.append(change)
            self._tell(self.LockWait(len(self.queue)))
            return None
        outcome = self._transaction(change)
        if outcome.busy:
            self._moved(outcome.before, outcome.theirs)  # the screen plays on while it waits
            self.waited_since = time.monotonic()
            self.queue.append(change)
            self._tell(self.LockWait(len(self.queue), first=True))
            self._wait_for_lock()
            return None
        return self._show(outcome, change)

    def _wait_for_lock(self) -> None:
        """Have a worker thread wait for the lock to be free; the queue is kept meanwhile."""
        self.waiting = True
        left = max(0.0, self.waited_since + WAIT_SECONDS - time.monotonic())
        self.screen.run_worker(
            lambda: self._until_free(left), thread=True, group="transactions", exit_on_error=False
        )

    def _until_free(self, deadline: float) -> None:
        """In a worker thread: wait until the game's lock (and its file's, for the write) is free,
        let it go at once, then post `LockFree` (it never holds a lock while the screen takes
        it)."""
        store = self.screen.companion.store
        try:
            store.wait_until_free(self.screen.saved.id, deadline)
        except OSError as error:  # Busy past the deadline, a lock file that cannot be made
            told: SharedGame.LockFree = self.LockFree(error)
        else:
            told = self.LockFree()
        try:
            self.screen.post_message(told)
        except RuntimeError:  # the app closed meanwhile: the changes are not made
            return

    def lock_free(self, error: OSError | None = None) -> None:
        """On the screen's thread, `LockFree` handed back: make the queued changes in order
        (should another device take the lock first, the rest wait again), or drop them."""
        if error is not None:
            self._give_up(None if isinstance(error, Busy) else error)
            return
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
        self._tell(self.LockWait(0))

    def _give_up(self, error: OSError | None = None) -> None:
        dropped, self.queue, self.waiting = len(self.queue), [], False
        self._tell(self.LockWait(0))
        reason = error or words.lock_held_too_long(WAIT_SECONDS)
        self._tell(self.Dropped(words.changes_dropped(reason, dropped)))

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
            outcome.refused = reason(error)
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
        """The lock let go: tell what the transaction did; whether it was made."""
        before = outcome.before
        self._moved(before, outcome.theirs)
        if outcome.refused:
            self._tell(self.Refused(change.first or before, list(change.theirs), outcome.refused))
            return False
        if outcome.conflict is not None:
            self._tell(self.Rewritten(outcome.conflict.problem))
            return False
        if outcome.unreadable is not None:
            self._tell(self.Unreadable(outcome.unreadable.problem))
            return False
        if outcome.failed is not None:
            self._tell(self.SaveFailed(outcome.failed))
            return False
        if not self.screen.saved.session.can_redo:
            self.undid = False
        if change.done is not None:
            change.done(outcome.mine)
        self._tell(self.Made(before, outcome.mine))
        return True

    def _moved(self, before: Moment, theirs: list[Record]) -> None:
        """Tell what other devices did (this device's undo stops being redo's once they
        cleared it)."""
        if not theirs:
            return
        undid = self.undid
        if not self.screen.saved.session.can_redo:
            self.undid = False
        self._tell(self.Moved(before, theirs, undid))

    # Following

    def start_following(self) -> None:
        """Watch the games folder for this game's file, in a worker thread until the screen
        closes (`stop`); an older save another device held, or the disk refused, when it opened
        waits for its lock or for room."""
        self.started = True
        stop, path = self.stop, self.path
        self.screen.run_worker(
            lambda: self._watch(stop, path), thread=True, group="follow", exit_on_error=False
        )
        self.upgrade.begin()

    def follow_copy(self) -> None:
        """The screen now plays a copy under a new id: follow that file instead."""
        self.stop.set()
        self.stop = threading.Event()
        if self.screen.is_open:
            self.start_following()

    def _watch(self, stop: threading.Event, path: Path) -> None:
        """In a worker thread: post `FileTouched` at each write of the game's file."""
        try:
            from watchfiles import watch
        except ImportError:  # pragma: no cover - a dependency of the project
            self._poll(stop, path)
            return
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
                if not self._touched(stop):
                    return
        except (OSError, RuntimeError):  # no watch here (too many, a strange folder): look
            self._poll(stop, path)

    def _poll(self, stop: threading.Event, path: Path) -> None:
        """In a worker thread with no folder watch: post `FileTouched` once the file's size,
        time or inode changed (or it could no longer be looked at)."""
        seen = _looked(path)
        while not stop.wait(FOLLOW_SECONDS):
            now = _looked(path)
            if now != seen:
                seen = now
                if not self._touched(stop):
                    return

    def _touched(self, stop: threading.Event) -> bool:
        """Post `FileTouched`, then rest `FOLLOW_GAP_SECONDS` (writes meanwhile wait for the
        next); False once the follow should end (stopped, or the app closed)."""
        if stop.is_set():
            return False
        try:
            if not self.screen.post_message(self.FileTouched()):  # the screen has closed
                stop.set()
        except RuntimeError:  # the app is closing
            stop.set()
        return not stop.wait(FOLLOW_GAP_SECONDS)

    def follow(self) -> list[Record]:
        """Apply what other devices appended (on the screen's thread) and tell it; returns
        their records."""
        screen = self.screen
        if self.waiting or not screen.is_open:
            return []
        before = Moment(screen)
        try:
            theirs = screen.companion.store.catch_up(screen.saved)
        except Rewritten as error:
            self._tell(self.Rewritten(error.problem))
            return []
        except SaveError as error:
            if self.trouble != error.problem:  # said once, not at every look
                self.trouble = error.problem
                self._tell(self.NotFollowed(reason(error)))
            return []
        self.trouble = None
        self._moved(before, theirs)
        return theirs

    def close(self) -> int:
        """Stop following; the number of changes still waiting for the lock, which are not
        made (the screen closing says so)."""
        self.stop.set()
        dropped, self.queue = len(self.queue), []
        return dropped


def _looked(path: Path) -> tuple[int, int, int] | None:
    """What a look at the file sees of its changes (None: it cannot be looked at)."""
    try:
        seen = os.stat(path)
    except OSError:
        return None
    return seen.st_size, seen.st_mtime_ns, seen.st_ino

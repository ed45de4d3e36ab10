"""A play screen's side of a game several devices play at once: each change is one short
transaction on the game's file, and every other device's change is followed as it is appended.

A transaction (`SharedGame.commit`) takes the game's lock, catches up on what the others
appended, checks this device's change against that newest state and appends it. The lock is
first tried once, at once, on the screen's own thread (it is free nearly always, held for the
milliseconds of another device's append); when another device holds it, the wait is done by a
worker thread, so the screen never freezes, and the change is made once the lock is had.

The file is followed by watching the games folder (watchfiles: every write of another device
shows at once, and only the appended lines are read). A window where nothing can be watched
looks at the file's size every `FOLLOW_SECONDS` instead.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from companion.core import RuleError, WaitingFor
from companion.session import Step
from saves.files import SaveError
from saves.games.journal import Behind, Draft, Rewritten
from saves.games.records import Record
from saves.games.store import SavedGame
from saves.shared.lock import DEADLINE_SECONDS, Busy
from widgets.play import words
from widgets.play.conflict import FileConflicts
from widgets.play.host import PlayHost

BEHIND_RETRIES = 3
"""How often a change found behind the file (another writer appended first) is decided again."""
FOLLOW_SECONDS = 0.1
"""How often a window with no folder watch looks at its game's file."""
WATCH_STEP_MS = 10
"""How long watchfiles waits for more changes after one (the follow's latency, at most)."""
FOLLOW_GAP_SECONDS = 0.1
"""The least time between two follows: a flood of other devices' records is redrawn ten times a
second, not once a record (the keys of this screen stay quick)."""
TOLD_SECONDS = 12.0
"""How long the line saying another device undid or redid this device's action stays: long
enough to be read by a player who looks up from the table (the next confirmation replaces it)."""

Decide = Callable[[list[Record]], list[Draft]]
"""Given the records of other devices just caught up on, the drafts to append (or a
`RuleError` saying why not, on the newest state)."""
Done = Callable[[list[Record]], None]


class SharedGame:
    """The transactions and the follow of one play screen's game."""

    def __init__(self, screen: PlayHost) -> None:
        self.screen = screen
        self.conflicts = FileConflicts(screen, self.follow_copy)
        """What to do when the game's file changed in a way that is not an appended record."""
        self.undid = False
        """This device's undo is what redo would put back: another device's change that
        clears it is said here (and only here)."""
        self.queue: list[tuple[Decide, Done | None]] = []
        """Changes waiting for the lock while another device holds it, in the order made."""
        self.waiting = False
        """A worker thread waits for the lock: later changes queue behind."""
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
        if self.waiting:
            self.queue.append((decide, done))
            return None
        store = self.screen.companion.store
        try:
            with store.game_lock(self.screen.saved.id, deadline=0):
                return self._transaction(decide, done)
        except Busy:
            self.waiting = True
            self.queue.append((decide, done))
            self.screen.notify("Another device is saving: your change follows it.", timeout=2)
            self.screen.run_worker(
                self._wait_for_lock, thread=True, group="transactions", exit_on_error=False
            )
            return None
        except OSError as error:  # the lock file itself cannot be made (a read-only folder)
            self.screen.save_failed(error)
            return False

    def _wait_for_lock(self) -> None:
        """In a worker thread: hold the lock while the screen's thread makes the queued
        changes (the game itself is only ever changed on the screen's thread)."""
        store = self.screen.companion.store
        app = self.screen.app
        try:
            try:
                with store.game_lock(self.screen.saved.id, DEADLINE_SECONDS):
                    app.call_from_thread(self._run_queue)
            except Busy:
                app.call_from_thread(self._give_up)
            except OSError as error:
                app.call_from_thread(self._give_up, error)
        except RuntimeError:  # the app closed meanwhile: the changes are not made
            return

    def _run_queue(self) -> None:
        queued, self.queue, self.waiting = self.queue, [], False
        for decide, done in queued:
            self._transaction(decide, done)

    def _give_up(self, error: OSError | None = None) -> None:
        dropped, self.queue, self.waiting = len(self.queue), [], False
        reason = error or words.lock_held_too_long(DEADLINE_SECONDS)
        self.screen.notify(
            words.changes_dropped(reason, dropped),
            title="Not saved",
            severity="error",
            markup=False,
        )

    def _transaction(self, decide: Decide, done: Done | None) -> bool:
        """Under the lock: catch up, decide on the newest state, append; whether it was made."""
        screen = self.screen
        store = screen.companion.store
        before = _Moment(screen)
        theirs: list[Record] = []
        for attempt in range(1, BEHIND_RETRIES + 1):
            try:
                theirs += store.catch_up(screen.saved)
            except Rewritten as error:
                self.conflicts.ask(error.problem)
                return False
            except SaveError as error:
                self.conflicts.keep_as_copy(error.problem)
                return False
            try:
                drafts = decide(theirs)
                mine = store.append(screen.saved, drafts, by=screen.device, seat=screen.seat)
                break
            except Behind as error:  # another writer got in first: catch up, decide again
                if attempt < BEHIND_RETRIES:
                    continue
                self.conflicts.ask(error.problem)
                return False
            except RuleError as error:
                self._refused(before, theirs, str(error))
                return False
            except Rewritten as error:
                self.conflicts.ask(error.problem)
                return False
            except SaveError as error:
                self.conflicts.keep_as_copy(error.problem)
                return False
            except OSError as error:
                self._moved(before, theirs)
                screen.save_failed(error)
                return False
        screen.save_worked()
        self._moved(before, theirs)
        if not screen.session.can_redo:
            self.undid = False
        if done is not None:
            done(mine)
        screen.changed(before.over)
        return True

    def _refused(self, before: _Moment, theirs: list[Record], rule: str) -> None:
        """Say why a change was not made: the rule, and what another device changed first."""
        screen = self.screen
        self._moved(before, theirs)
        asked = before.waiting is not None and before.waiting.question
        if theirs and asked and screen.waiting != before.waiting:
            screen.notify(  # the question was answered first on another device: quiet
                words.answered_first(theirs[-1].whose, screen.last_line()),
                title="Already answered",
                markup=False,
            )
            return
        if theirs:
            rule = words.changed_first(_who(theirs), screen.last_line(), rule)
        elif screen.waiting is not None and screen.waiting.question and screen.question_by():
            rule = words.waiting_for_answer(screen.question_by(), screen.waiting.text, rule)
        screen.notify(rule, title="Not allowed", severity="error", markup=False)

    def _moved(self, before: _Moment, theirs: list[Record]) -> None:
        """Show what other devices did: redraw, then one line when they undid or redid an
        action of this device, or cleared what it could redo (a confirmation: it replaces
        the one before, and is data, never markup)."""
        if not theirs:
            return
        screen = self.screen
        mine = self.undid
        if not screen.session.can_redo:
            self.undid = False
        screen.followed(before.over)
        here = screen.device
        yours = _yours(here, before, screen.saved, theirs)
        if yours:
            record, line = yours[-1]
            said = words.doer(record.seat, record.by, here)
            told = words.yours_changed(said, record.kind, line, more=len(yours) - 1)
            screen.notify(told, title="Another device", timeout=TOLD_SECONDS, markup=False)
        elif before.redo and mine and not screen.session.can_redo:
            cleared = next((record for record in theirs if record.kind == "do"), theirs[-1])
            said = words.doer(cleared.seat, cleared.by, here)
            saved = screen.saved
            found = _lines(saved.origins, saved.session.steps, {cleared.number})
            line = found.get(cleared.number, "")
            screen.notify(words.redo_cleared(said, line), title="Redo", markup=False)

    # Following

    def start_following(self) -> None:
        """Watch the games folder for this game's file, in a worker thread until the screen
        closes (`stop`)."""
        self.started = True
        self.screen.run_worker(self._watch, thread=True, group="follow", exit_on_error=False)

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
        before = _Moment(screen)
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


class _Moment:
    """What a screen showed before a transaction or a follow: to say what changed."""

    def __init__(self, screen: PlayHost) -> None:
        self.over, self.redo = screen.is_over, screen.session.can_redo
        self.waiting: WaitingFor | None = screen.waiting
        self.origins = tuple(screen.saved.origins)
        """The records of the steps shown, in order (`steps`)."""
        self.steps = screen.session.steps
        self.undone = tuple(screen.saved.undone)


def _lines(origins: Sequence[Record], steps: Sequence[Step], numbers: set[int]) -> dict[int, str]:
    """The log lines of the steps that the `do` records `numbers` applied, if on the stack
    (steps a tool added before saving them have no record yet: they end the session)."""
    paired = zip(origins, steps, strict=False)
    return {record.number: step.line for record, step in paired if record.number in numbers}


def _yours(
    here: str, before: _Moment, after: SavedGame, theirs: list[Record]
) -> list[tuple[Record, str]]:
    """Each undo or redo among `theirs` of an action device `here` made, with that action's
    log line (as the log had it before them, or has it after). An action both put on and taken
    off the log among them has no line: it is left out, as nothing shown changed."""
    taking = [record for record in theirs if record.kind in words.TAKEN_BACK]
    if not taking:
        return []
    wanted = {record.target for record in taking}
    made = {
        record.number
        for record in (*before.origins, *before.undone, *theirs)
        if record.kind == "do" and record.number in wanted and record.by == here
    }
    lines = _lines(before.origins, before.steps, wanted)
    lines.update(_lines(after.origins, after.session.steps, wanted))
    return [(r, lines[r.target]) for r in taking if r.target in made and r.target in lines]


def _who(records: list[Record]) -> str:
    """Who made these records, for the start of a sentence."""
    return words.who(record.whose for record in records)

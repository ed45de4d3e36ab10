"""`SharedGame` without an app: given a store in a tmp folder and a small host (the game, the
store, a way to post), it tells what happened in messages: another writer's records as `Moved`,
this device's change as `Made` (or `Refused`), a file replaced as `Rewritten`, the watch
thread's `FileTouched`, and a lock held elsewhere as `LockWait` then `LockFree`."""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from textual.message import Message

from companion.core import RuleError
from companion.time_bastards.model import MoveEarliest
from saves.games.journal import Draft
from saves.games.records import Record
from saves.games.store import SavedGame, SaveStore
from saves.paths import locks_dir
from tests.conftest import fixed_clock
from tests.play.test_lock_elsewhere import held_elsewhere
from tests.support.samples import install_sample
from tests.support.waiting import HANG_SECONDS
from widgets.play.shared_game import SharedGame

HERE, THERE = "t111111111111", "b0123456789a"


class Host:
    """What a play screen is to `SharedGame` (`PlayHost`), with its messages kept in order."""

    def __init__(self, store: SaveStore, saved: SavedGame) -> None:
        self.saved = saved
        self.companion = SimpleNamespace(store=store)
        self.device, self.seat, self.is_open = HERE, "Ana", True
        self.posted: queue.Queue[Message] = queue.Queue()
        self.workers: list[threading.Thread] = []

    @property
    def is_over(self) -> bool:
        return bool(self.saved.session.game.status(self.saved.session.state) != "playing")

    @property
    def waiting(self) -> Any:
        return self.saved.session.game.waiting_for(self.saved.session.state)

    def post_message(self, message: Message) -> bool:
        self.posted.put(message)
        return True

    def take(self, message: Message) -> None:
        self.posted.put(message)

    def run_worker(self, work: Any, *, group: str, thread: bool, exit_on_error: bool) -> object:
        worker = threading.Thread(target=work, daemon=True)
        self.workers.append(worker)
        worker.start()
        return worker

    def told(self) -> list[Message]:
        """The messages posted so far, in order (taken)."""
        found = []
        while not self.posted.empty():
            found.append(self.posted.get_nowait())
        return found

    def next(self) -> Message:
        """The next message, waited for (a limit only a hang reaches)."""
        return self.posted.get(timeout=HANG_SECONDS)


def opened(home: Path) -> tuple[SaveStore, Host, SharedGame]:
    store = SaveStore(home, fixed_clock)
    save_id = install_sample(home, "time-bastards")
    host = Host(store, store.open_for_play(save_id))
    return store, host, SharedGame(host)


def another_writer_moves(home: Path, save_id: str) -> list[Record]:
    """Another device makes the move due, through its own store; its records."""
    store = SaveStore(home, fixed_clock)
    theirs = store.open_for_play(save_id)
    turn = theirs.session.state.turn
    _caught, mine = store.transact(
        theirs, lambda _t: [Draft("do", MoveEarliest(turn))], by=THERE, seat="Ben"
    )
    return mine


def my_move(host: Host) -> Any:
    turn = host.saved.session.state.turn
    return lambda _theirs: [Draft("do", MoveEarliest(turn))]


def my_move_on_the_newest_state(host: Host) -> Any:
    """Decided under the lock, on the state the transaction caught up to."""
    return lambda _theirs: [Draft("do", MoveEarliest(host.saved.session.state.turn))]


def test_another_writers_records_are_told_as_moved(tmp_path: Path) -> None:
    _store, host, shared = opened(tmp_path)
    steps = len(host.saved.session.steps)
    theirs = another_writer_moves(tmp_path, host.saved.id)
    assert [r.number for r in shared.follow()] == [r.number for r in theirs]
    (moved,) = host.told()
    assert isinstance(moved, SharedGame.Moved)
    assert [r.number for r in moved.theirs] == [r.number for r in theirs]
    assert len(moved.before.steps) == steps and len(host.saved.session.steps) == steps + 1
    assert shared.follow() == [] and host.told() == []  # nothing new: nothing told


def test_a_change_made_is_told_after_what_the_others_did_first(tmp_path: Path) -> None:
    store, host, shared = opened(tmp_path)
    another_writer_moves(tmp_path, host.saved.id)
    assert shared.commit(my_move_on_the_newest_state(host)) is True
    moved, made = host.told()
    assert isinstance(moved, SharedGame.Moved) and moved.theirs[0].by == THERE
    assert isinstance(made, SharedGame.Made) and [r.by for r in made.mine] == [HERE]
    assert made.mine[0].seat == "Ana"
    assert store.load(host.saved.id).origins[-1].number == made.mine[0].number


def test_a_change_the_rules_refuse_is_told_with_the_reason(tmp_path: Path) -> None:
    store, host, shared = opened(tmp_path)
    before = len(store.load(host.saved.id).origins)

    def refuse(_theirs: list[Record]) -> list[Draft]:
        raise RuleError("Not your turn.")

    assert shared.commit(refuse) is False
    (refused,) = host.told()
    assert isinstance(refused, SharedGame.Refused) and refused.rule == "Not your turn."
    assert len(store.load(host.saved.id).origins) == before


def test_a_file_replaced_is_told_as_rewritten(tmp_path: Path) -> None:
    store, host, shared = opened(tmp_path)
    path = store.path_for(host.saved.id)
    path.write_text(path.read_text("utf-8").replace("Mara", "Maria"), "utf-8")
    assert shared.follow() == []
    (rewritten,) = host.told()
    assert isinstance(rewritten, SharedGame.Rewritten) and rewritten.problem


def test_the_watch_thread_posts_file_touched_when_another_writer_appends(tmp_path: Path) -> None:
    _store, host, shared = opened(tmp_path)
    shared.start_following()
    try:
        touched = None
        deadline = time.monotonic() + HANG_SECONDS
        while touched is None:  # (the watch may begin after the first write: write again)
            assert time.monotonic() < deadline, "no FileTouched"
            another_writer_moves(tmp_path, host.saved.id)
            with contextlib.suppress(queue.Empty):
                touched = host.posted.get(timeout=0.5)
        assert isinstance(touched, SharedGame.FileTouched)
    finally:
        shared.close()
    for worker in host.workers:
        worker.join(HANG_SECONDS)
        assert not worker.is_alive(), "the watch ends once closed"
    (moved,) = [m for m in (shared.follow() and host.told()) if isinstance(m, SharedGame.Moved)]
    assert moved.theirs[-1].by == THERE


def test_a_change_waits_for_a_lock_held_elsewhere_and_is_made_once_it_is_free(
    tmp_path: Path,
) -> None:
    store, host, shared = opened(tmp_path)
    lock_file = locks_dir(tmp_path) / f"{host.saved.id}.lock"
    with held_elsewhere(lock_file):
        assert shared.commit(my_move(host)) is None  # waits, the screen plays on
        (wait,) = host.told()
        assert isinstance(wait, SharedGame.LockWait) and (wait.count, wait.first) == (1, True)
        assert shared.commit(lambda _theirs: []) is None  # a second change queues behind
        (wait,) = host.told()
        assert isinstance(wait, SharedGame.LockWait) and (wait.count, wait.first) == (2, False)
    free = host.next()  # posted by the waiting thread once the lock is let go
    assert isinstance(free, SharedGame.LockFree) and free.error is None
    shared.lock_free(free.error)  # the screen hands it back on its own thread
    made, nothing, done = host.told()
    assert isinstance(made, SharedGame.Made) and made.mine[0].by == HERE
    assert isinstance(nothing, SharedGame.Made) and nothing.mine == []
    assert isinstance(done, SharedGame.LockWait) and done.count == 0
    assert store.load(host.saved.id).origins[-1].number == made.mine[0].number

"""The game's lock excludes every other writer, every time: a change raced against a lock taken
just before (by another window's transaction, or by a bare `flock` of another process, as the
hostile round held it) is never written while that lock is held, also when a tidy user clears
`locks/` under the holder. Each race is a few hundred storage calls, without an app; the
window's own first change, raced against another process, is the `slow` variant."""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.core import RuleError
from saves.games.journal import Draft
from saves.games.records import Record
from saves.games.store import SavedGame, SaveStore
from saves.paths import locks_dir
from saves.shared.lock import Busy
from tests.conftest import fixed_clock
from tests.support.toy import TALLY, Add, TallySetup
from tests.support.waiting import HANG_SECONDS

GAMES = {"tally": TALLY}
RACES = 200


def make_store(home: Path) -> SaveStore:
    return SaveStore(home, fixed_clock, games=GAMES)


def one_more(_theirs: list[Record]) -> list[Draft]:
    return [Draft("do", Add(0, 1))]


class Holder:
    """Another window in its transaction: it holds the game's locks from `taken` until
    `release`, writing nothing, and notes whether the file changed meanwhile."""

    def __init__(self, store: SaveStore, saved: SavedGame, tidy: Callable[[], None]) -> None:
        self.taken = threading.Event()
        self.release = threading.Event()
        self.changed_while_held = False
        self.thread = threading.Thread(target=self._hold, args=(store, saved, tidy))
        self.thread.start()

    def _hold(self, store: SaveStore, saved: SavedGame, tidy: Callable[[], None]) -> None:
        path = store.path_for(saved.id)

        def decide(_theirs: list[Record]) -> list[Draft]:
            before = path.read_bytes()
            tidy()
            self.taken.set()
            self.release.wait(HANG_SECONDS)
            self.changed_while_held = path.read_bytes() != before
            raise RuleError("the holder writes nothing")

        try:
            store.transact(saved, decide, deadline=HANG_SECONDS)
        except RuleError:
            pass
        finally:
            self.taken.set()

    def done(self) -> None:
        self.release.set()
        self.thread.join(HANG_SECONDS)


def race(home: Path, tidy: Callable[[Path], None], wait_for_holder: bool) -> tuple[int, int]:
    """`RACES` changes, each against another window taking the lock at the same moment (or
    just before: `wait_for_holder`); how many were made and how many found the lock held."""
    store = make_store(home)
    saved = store.create(TALLY, TallySetup(limit=10**6))
    other = make_store(home)
    theirs = other.load(saved.id)
    lock_file = locks_dir(home) / f"{saved.id}.lock"
    made = busy = 0
    for _ in range(RACES):
        holder = Holder(other, theirs, lambda: tidy(lock_file))
        if wait_for_holder:
            holder.taken.wait(HANG_SECONDS)
        try:
            store.transact(saved, one_more, deadline=0)
            made += 1
        except Busy:
            busy += 1
        finally:
            holder.done()
        assert not holder.changed_while_held
    assert store.load(saved.id).session.state.counts == (made, 0)
    return made, busy


def untouched(_lock_file: Path) -> None:
    pass


def cleared(lock_file: Path) -> None:
    """A tidy user deletes the holder's lock file (a new one is made by the next writer)."""
    lock_file.unlink(missing_ok=True)


def replaced(lock_file: Path) -> None:
    lock_file.unlink(missing_ok=True)
    lock_file.write_bytes(b"")


@pytest.mark.parametrize("tidy", [untouched, cleared, replaced])
def test_a_change_after_the_lock_is_taken_is_never_written(
    companion_home: Path, tidy: Callable[[Path], None]
) -> None:
    made, busy = race(companion_home, tidy, wait_for_holder=True)
    assert (made, busy) == (0, RACES)


@pytest.mark.parametrize("tidy", [untouched, cleared])
def test_a_change_raced_against_the_lock_is_written_only_when_it_came_first(
    companion_home: Path, tidy: Callable[[Path], None]
) -> None:
    made, busy = race(companion_home, tidy, wait_for_holder=False)
    assert made + busy == RACES


HOLDER = """
import fcntl, os, sys
descriptor = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
for line in sys.stdin:
    if line.strip() == "take":
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        print("held", flush=True)
    else:
        fcntl.flock(descriptor, fcntl.LOCK_UN)
        print("free", flush=True)
"""
"""Another process that takes and lets go the lock file it is given with a bare `flock`, on
each line of its input (as the hostile round's stopped process held it)."""


def test_a_lock_held_by_another_process_keeps_every_change_out(companion_home: Path) -> None:
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup(limit=10**6))
    lock_file = locks_dir(companion_home) / f"{saved.id}.lock"
    lock_file.parent.mkdir(parents=True, exist_ok=True)
    with subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(lock_file)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as holder:
        assert holder.stdin is not None and holder.stdout is not None
        made = 0
        for number in range(RACES):
            holder.stdin.write("take\n")
            holder.stdin.flush()
            assert holder.stdout.readline().strip() == "held"
            before = store.path_for(saved.id).read_bytes()
            with pytest.raises(Busy):
                store.transact(saved, one_more, deadline=0)
            assert store.path_for(saved.id).read_bytes() == before
            holder.stdin.write("free\n")
            holder.stdin.flush()
            assert holder.stdout.readline().strip() == "free"
            if number % 20 == 0:  # and once it is let go, the change is made
                store.transact(saved, one_more, deadline=0)
                made += 1
        holder.stdin.close()
    assert store.load(saved.id).session.state.counts == (made, 0)


@pytest.mark.slow
async def test_a_windows_first_change_waits_for_a_lock_taken_just_before(
    make_test_app: Any, companion_home: Path
) -> None:
    """The window's own first change, each time in a fresh window, against another process's
    lock taken just before: it waits, saying so, and nothing is written while it is held."""
    from tests.history.games import cavendish_in_play

    saved = cavendish_in_play(companion_home)
    for _ in range(5):  # each undoes one more of its steps
        await first_change_against_a_held_lock(make_test_app, companion_home, saved.id)


async def first_change_against_a_held_lock(make_test_app: Any, home: Path, save_id: str) -> None:
    from tests.play.test_lock_elsewhere import held_elsewhere, waiting_line
    from tests.support.waiting import pause_until
    from widgets.play.game_screen import GameScreen

    path = SaveStore(home).path_for(save_id)
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        before = path.read_bytes()
        with held_elsewhere(locks_dir(home) / f"{save_id}.lock"):
            await pilot.press("ctrl+z")
            await pause_until(pilot, lambda: "1 change to follow" in waiting_line(screen))
            assert path.read_bytes() == before
        await pause_until(pilot, lambda: not waiting_line(screen))
    assert path.read_bytes() != before  # made once the lock was let go

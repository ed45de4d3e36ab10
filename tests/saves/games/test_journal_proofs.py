"""The write step refuses what it cannot prove (saves/games/journal.py, saves/shared/lock.py).

The lock held is the file its path names; a writer whose lock file was deleted or replaced
under it, or that appends from a stale position, never cuts another's confirmed record: it is
`Behind`, catches up and decides again; only a torn last line is ever cut. Every check the rules
make runs before the record is written, and a game that could not apply a record it wrote is
read again from its file, so no record number is used twice.
"""

from __future__ import annotations

import dataclasses
import fcntl
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saves.files import read_toml
from saves.games.journal import Behind, Draft
from saves.games.records import Record
from saves.games.store import SavedGame, SaveStore
from saves.paths import locks_dir
from saves.shared.lock import Busy, holding
from tests.conftest import fixed_clock
from tests.support.toy import TALLY, Add, TallySetup, TallyState

GAMES = {"tally": TALLY}


def make_store(home: Path, games: dict[str, Any] | None = None) -> SaveStore:
    return SaveStore(home, fixed_clock, games=games or GAMES)


def add(player: int, amount: int) -> list[Draft]:
    return [Draft("do", Add(player, amount))]


def record_keys(store: SaveStore, saved: SavedGame) -> list[str]:
    """The record keys of the file as a reader finds them (the file must read whole)."""
    return list(read_toml(store.path_for(saved.id))["records"])


# The lock is the file its path names


def test_a_lock_file_replaced_before_it_is_locked_is_locked_again(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Between the open and the flock another process replaced the lock file: the lock taken is
    the one the path names now, so a second writer is kept out."""
    path = locks_dir(companion_home) / "tally-1.lock"
    path.parent.mkdir(parents=True)
    real_flock = fcntl.flock
    replaced: list[int] = []

    def replacing(descriptor: int, operation: int) -> None:
        if not replaced:
            fresh = path.with_suffix(".new")
            fresh.write_bytes(b"")
            os.replace(fresh, path)
            replaced.append(os.stat(path).st_ino)
        real_flock(descriptor, operation)

    with monkeypatch.context() as patch:
        patch.setattr(fcntl, "flock", replacing)
        with holding(path, deadline=1):
            patch.undo()
            with pytest.raises(Busy), holding(path, deadline=0.05):
                pass  # a second writer finds the lock the path names held
    assert replaced and os.stat(path).st_ino == replaced[0]


@pytest.mark.parametrize("tidied", ["deleted", "replaced"])
def test_a_lock_file_removed_mid_transaction_keeps_every_other_writer_out(
    companion_home: Path, tidied: str
) -> None:
    """Writer A is inside its transaction when a tidy user clears `locks/`: writer B locks a
    new lock file, but the game file's own lock, held by A for its whole transaction, keeps B
    out (Busy: nothing written). A's record is written once; B's next transaction follows it."""
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup())
    other = make_store(companion_home)
    theirs = other.load(saved.id)
    lock_file = locks_dir(companion_home) / f"{saved.id}.lock"
    decided: list[tuple[int, ...]] = []

    def decide(caught: list[Record]) -> list[Draft]:
        decided.append(saved.session.state.counts)
        lock_file.unlink()
        if tidied == "replaced":
            lock_file.write_bytes(b"")
        before = store.path_for(saved.id).read_bytes()
        with pytest.raises(Busy):
            other.transact(theirs, lambda _theirs: add(1, 5), deadline=0.2)
        assert store.path_for(saved.id).read_bytes() == before  # nothing while A holds it
        return add(0, 1)

    seen_first, mine = store.transact(saved, decide)
    assert decided == [(0, 0)] and seen_first == [] and [r.number for r in mine] == [1]
    caught, made = other.transact(theirs, lambda _theirs: add(1, 5))
    assert [r.number for r in caught] == [1] and [r.number for r in made] == [2]
    assert record_keys(store, saved) == ["r1", "r2"]
    assert store.load(saved.id).session.state.counts == (1, 5)


def test_a_stale_append_raises_and_keeps_the_record_it_would_have_cut(
    companion_home: Path,
) -> None:
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup())
    other = make_store(companion_home)
    theirs = other.load(saved.id)
    other.transact(theirs, lambda _theirs: add(1, 2))
    before = store.path_for(saved.id).read_bytes()
    with pytest.raises(Behind), store.game_lock(saved.id):
        store.append(saved, add(0, 1))  # no catch-up first: its position is stale
    assert store.path_for(saved.id).read_bytes() == before
    assert saved.record_count == 0 and saved.session.state.counts == (0, 0)
    store.transact(saved, lambda _theirs: add(0, 1))
    assert store.load(saved.id).session.state.counts == (1, 2)


def test_a_torn_last_line_is_cut_and_a_complete_one_never(companion_home: Path) -> None:
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup())
    path = store.path_for(saved.id)
    with path.open("ab") as handle:
        handle.write(b"r1 = { do = { action = ")  # a writer killed mid-line
    store.transact(saved, lambda _theirs: add(0, 1))
    assert record_keys(store, saved) == ["r1"]
    with path.open("ab") as handle:
        handle.write(b'r2 = { do = { action = "Add", player = 1, amount = 3 } }\n')
    with pytest.raises(Behind), store.game_lock(saved.id):
        store.append(saved, add(0, 1))
    assert record_keys(store, saved) == ["r1", "r2"]


# Several writers, some stale, some killed mid-write

OPERATIONS = st.lists(
    st.tuples(st.integers(0, 2), st.sampled_from(["transact", "stale", "killed"])),
    min_size=1,
    max_size=12,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(operations=OPERATIONS)
def test_writers_stale_or_killed_never_remove_a_confirmed_record(
    operations: list[tuple[int, str]],
) -> None:
    """Three windows on one game: one transacts, one appends from wherever it last read, one is
    killed halfway through a line. Every record a writer was told is saved stays in the file,
    under its number, and the file always reads."""
    with tempfile.TemporaryDirectory() as folder:
        store = make_store(Path(folder))
        saved = store.create(TALLY, TallySetup(limit=10**6))
        windows = [saved] + [make_store(Path(folder)).load(saved.id) for _ in range(2)]
        confirmed: dict[int, Add] = {}
        path = store.path_for(saved.id)
        for step, (which, kind) in enumerate(operations, start=1):
            window = windows[which]
            if kind == "killed":
                with path.open("ab") as handle:
                    handle.write(b'r999 = { do = { action = "Add", pla')
                continue
            try:
                if kind == "transact":
                    mine = store.transact(window, lambda _theirs, n=step: add(0, n))[1]
                else:
                    with store.game_lock(window.id):
                        mine = store.append(window, add(1, step))
            except Behind:
                continue
            confirmed.update((record.number, record.action) for record in mine)
        reread = store.load(saved.id)  # a torn last line is left out, as by every reader
        assert {r.number: r.action for r in reread.origins} == confirmed


# Every check before the write; a failure after it reloads the game


def _narrate_refusing_13(before: TallyState, action: Add, after: TallyState) -> str:
    if action.amount == 13:
        raise LookupError("no words for thirteen")
    return f"{before.setup.players[action.player]} {action.amount:+d}"


UNLUCKY = dataclasses.replace(TALLY, narrate=_narrate_refusing_13)


def test_a_game_whose_narrate_raises_writes_nothing_and_repeats_no_number(
    companion_home: Path,
) -> None:
    store = make_store(companion_home, {"tally": UNLUCKY})
    saved = store.create(UNLUCKY, TallySetup())
    store.transact(saved, lambda _theirs: add(0, 1))
    before = store.path_for(saved.id).read_bytes()
    with pytest.raises(LookupError):
        store.transact(saved, lambda _theirs: add(0, 13))
    assert store.path_for(saved.id).read_bytes() == before
    store.transact(saved, lambda _theirs: add(1, 2))
    assert record_keys(store, saved) == ["r1", "r2"]
    assert store.load(saved.id).session.state.counts == (1, 2)


def test_a_record_written_but_not_applied_makes_the_game_read_again(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Applying fails once the record is in the file: the game is read again from the file
    before the next change, which takes the next number."""
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup())

    def failing(game: SavedGame, record: Record, *_made: object) -> None:
        raise MemoryError

    with monkeypatch.context() as patch:
        patch.setattr("saves.games.journal.apply_record", failing)
        with pytest.raises(MemoryError):
            store.transact(saved, lambda _theirs: add(0, 1))
    assert record_keys(store, saved) == ["r1"] and saved.record_count == 0
    with pytest.raises(Behind), store.game_lock(saved.id):
        store.append(saved, add(0, 2))  # not before it is read again
    theirs, mine = store.transact(saved, lambda _theirs: add(0, 2))
    assert [r.number for r in theirs] == [1] and [r.number for r in mine] == [2]
    assert record_keys(store, saved) == ["r1", "r2"]
    assert saved.session.state.counts == (3, 0) == store.load(saved.id).session.state.counts

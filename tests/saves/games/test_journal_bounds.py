"""What a game's file may hold (saves/games/journal.py, records.py, document.py, lock.py).

Appended lines are read with the bounds of a whole file, and any line a window cannot use is a
file changed outside the app (`Rewritten`), never another exception; a save with CRLF line
endings plays; records after a stray table make the file unreadable, saying where; a lock file
is never created through a link.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from saves.files import SaveError
from saves.games import journal
from saves.games.journal import Draft, Rewritten
from saves.games.records import RecordReader
from saves.games.store import SavedGame, SaveStore
from saves.paths import locks_dir
from saves.shared.lock import holding
from tests.conftest import fixed_clock
from tests.support.toy import TALLY, Add, TallySetup

GAMES = {"tally": TALLY}


def make_store(home: Path) -> SaveStore:
    return SaveStore(home, fixed_clock, games=GAMES, workers=False)


def two_windows(home: Path) -> tuple[SaveStore, SavedGame, SavedGame]:
    store = make_store(home)
    saved = store.create(TALLY, TallySetup())
    store.transact(saved, lambda _theirs: [Draft("do", Add(0, 1))])
    return store, saved, make_store(home).load(saved.id)


def append_line(store: SaveStore, saved: SavedGame, line: str) -> None:
    with store.path_for(saved.id).open("a", encoding="utf-8") as handle:
        handle.write(line + "\n")


# Appended lines, read with a whole file's bounds

HOSTILE_LINES = {
    "huge integer": 'r2 = { do = { action = "Add", player = 0, amount = ' + "9" * 5000 + " } }",
    "deep nesting": "r2 = { details = { x = " + "[" * 5000 + "]" * 5000 + " } }",
    "long dotted key": "r2 = { " + ".".join(["a"] * 20_000) + " = 1 }",
}
REASONS = {
    "huge integer": "not valid TOML",
    "deep nesting": "nested too deeply",
    "long dotted key": "a dotted key of more than",
}


@pytest.mark.parametrize("kind", list(HOSTILE_LINES))
def test_a_hostile_appended_line_is_a_file_changed_outside_the_app(
    companion_home: Path, kind: str
) -> None:
    store, writer, follower = two_windows(companion_home)
    append_line(store, writer, HOSTILE_LINES[kind])
    before = follower.session.state
    assert store.catch_up_needed(follower)
    with pytest.raises(Rewritten, match=REASONS[kind]):
        store.catch_up(follower)
    assert follower.session.state == before and follower.record_count == 1


def test_any_failure_reading_an_appended_line_is_a_file_changed_outside_the_app(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever goes wrong in the reader or the rules, a follower that catches `Rewritten` and
    `SaveError` is never ended by a line someone appended."""
    store, writer, follower = two_windows(companion_home)
    store.transact(writer, lambda _theirs: [Draft("do", Add(1, 2))])

    def broken(*_args: object) -> None:
        raise KeyError("surprise")

    for where, name in ((RecordReader, "records"), (journal, "apply_record")):
        with monkeypatch.context() as patch:
            patch.setattr(where, name, broken)
            with pytest.raises(Rewritten, match="KeyError"):
                store.catch_up(follower)
        assert follower.record_count == 1
    store.catch_up(follower)
    assert follower.session.state.counts == (1, 2)


def test_a_read_that_fails_once_the_file_is_open_is_a_save_error(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, writer, follower = two_windows(companion_home)
    store.transact(writer, lambda _theirs: [Draft("do", Add(1, 2))])

    def failing(*_args: object) -> bytes:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(os, "pread", failing)
    with pytest.raises(SaveError, match="cannot be read"):
        store.catch_up(follower)
    with pytest.raises(SaveError, match="cannot be read"):
        store.catch_up_needed(follower)


# CRLF files, stray tables


def test_a_save_with_crlf_line_endings_plays(companion_home: Path) -> None:
    store, saved, _follower = two_windows(companion_home)
    path = store.path_for(saved.id)
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))  # a Windows editor's save
    loaded = store.load(saved.id)
    assert loaded.cannot_add == "" and loaded.position is not None
    follower = make_store(companion_home).load(saved.id)
    store.transact(loaded, lambda _theirs: [Draft("do", Add(1, 4))])
    assert [r.number for r in store.catch_up(follower)] == [2]
    assert store.load(saved.id).session.state.counts == (1, 4) == follower.session.state.counts


def test_records_after_a_stray_table_make_the_file_unreadable_saying_where(
    companion_home: Path,
) -> None:
    store, saved, _follower = two_windows(companion_home)
    path = store.path_for(saved.id)
    append_line(store, saved, '[stray]\nr2 = { do = { action = "Add", player = 1, amount = 4 } }')
    stray_line = path.read_text().splitlines().index("[stray]") + 1
    with pytest.raises(SaveError, match="a table follows the records") as refused:
        store.load(saved.id)
    assert refused.value.line == stray_line
    entries, unreadable = store.listing()
    assert entries == [] and "a table follows the records" in unreadable[0].reason


# Links


def test_a_lock_file_is_never_created_through_a_link(companion_home: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside" / "planted"
    outside.parent.mkdir()
    lock_file = locks_dir(companion_home) / "tally-1.lock"
    lock_file.parent.mkdir(parents=True)
    lock_file.symlink_to(outside)
    with pytest.raises(OSError, match="is a link: not followed"), holding(lock_file):
        pass
    assert not outside.exists()

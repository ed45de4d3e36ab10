"""One writer per game: a file changed by another process is never replaced, new ids are claimed
whole, the window lock, and the file's own rights (permission bits, links, unknown keys)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from saves.files import LinkRefused
from saves.locks import GameLock
from saves.store import SaveStore
from saves.writers import SaveConflict
from tests.conftest import fixed_clock
from tests.support.toy import TALLY, Add, TallySetup

GAMES = {"tally": TALLY}
ROOT = Path(__file__).resolve().parents[2]


def make_store(home: Path) -> SaveStore:
    return SaveStore(home, fixed_clock, games=GAMES)


def test_a_file_saved_by_another_process_is_not_replaced(companion_home: Path) -> None:
    first = make_store(companion_home)
    saved = first.create(TALLY, TallySetup(limit=100))
    other = make_store(companion_home)  # a second window on the same game
    theirs = other.load(saved.id)
    theirs.session.do(Add(1, 7))
    other.save(theirs)
    written = first.path_for(saved.id).read_bytes()
    saved.session.do(Add(0, 1))
    with pytest.raises(SaveConflict, match="changed in another window"):
        first.save(saved)
    assert first.path_for(saved.id).read_bytes() == written  # their action is still there
    again = first.load(saved.id)  # reloading makes this window's store current again
    again.session.do(Add(0, 2))
    first.save(again)
    assert first.load(saved.id).session.actions == [Add(1, 7), Add(0, 2)]


def test_a_file_only_touched_is_still_saved(companion_home: Path) -> None:
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup())
    path = store.path_for(saved.id)
    os.utime(path, ns=(1, 1))  # same bytes, another time: a backup tool, `touch`
    saved.session.do(Add(0, 1))
    store.save(saved)
    assert store.load(saved.id).session.actions == [Add(0, 1)]


def test_a_removed_file_or_one_never_read_is_not_written_blindly(companion_home: Path) -> None:
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup())
    path = store.path_for(saved.id)
    path.unlink()
    with pytest.raises(SaveConflict, match="removed or moved"):
        store.save(saved)
    path.write_text("someone else's file")
    with pytest.raises(SaveConflict):
        make_store(companion_home).save(saved)  # a store that never read it
    assert path.read_text() == "someone else's file"


def test_the_revision_counts_saves_and_is_kept_in_the_file(companion_home: Path) -> None:
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup())
    assert saved.revision == 1
    saved.session.do(Add(0, 1))
    store.save(saved)
    assert "revision = 2" in store.path_for(saved.id).read_text()
    assert make_store(companion_home).load(saved.id).revision == 2


def test_a_revision_of_the_wrong_type_is_reported(companion_home: Path) -> None:
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup())
    path = store.path_for(saved.id)
    path.write_text(path.read_text().replace("revision = 1", 'revision = "x"'))
    entries, unreadable = store.listing()
    assert entries == [] and "'revision' must be a whole number" in unreadable[0].reason


def test_games_set_up_in_the_same_second_each_get_their_own_file(companion_home: Path) -> None:
    """Eight windows start a game at the same frozen second: eight files, none overwritten."""
    count = 8
    barrier = threading.Barrier(count)
    ids: list[str] = []

    def set_up(player: str) -> None:
        store = make_store(companion_home)  # each window has its own store
        barrier.wait()
        ids.append(store.create(TALLY, TallySetup(players=(player,)), player).id)

    threads = [threading.Thread(target=set_up, args=(f"P{n}",)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(ids)) == count
    store = make_store(companion_home)
    entries, unreadable = store.listing()
    assert unreadable == []
    assert sorted(e.title for e in entries) == sorted(f"P{n}" for n in range(count))


def test_an_id_claimed_by_another_process_is_skipped(companion_home: Path) -> None:
    store = make_store(companion_home)
    store.folder.mkdir(parents=True)
    taken = store.folder / "tally-20261129-120000.toml"
    taken.write_text("claimed by another window, not written yet")
    saved = store.create(TALLY, TallySetup())
    assert saved.id == "tally-20261129-120000-2"
    assert taken.read_text() == "claimed by another window, not written yet"


def test_a_new_game_that_cannot_be_written_leaves_no_empty_file(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = make_store(companion_home)
    store.folder.mkdir(parents=True)

    def full(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)  # the new game's temp file cannot be made durable
    with pytest.raises(OSError, match="No space left"):
        store.create(TALLY, TallySetup())
    assert list(store.folder.iterdir()) == []


def test_rewritten_files_keep_their_permission_bits(companion_home: Path) -> None:
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup())
    path = store.path_for(saved.id)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # a new save is private
    path.chmod(0o640)
    saved.session.do(Add(0, 1))
    store.save(saved)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_a_save_linked_inside_the_data_folder_is_written_through(companion_home: Path) -> None:
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup())
    path = store.path_for(saved.id)
    kept = companion_home / "kept" / "friday.toml"
    kept.parent.mkdir()
    path.rename(kept)
    path.symlink_to(kept)
    loaded = store.load(saved.id)
    loaded.session.do(Add(0, 3))
    store.save(loaded)
    assert path.is_symlink()
    assert store.load(saved.id).session.actions == [Add(0, 3)]


def test_a_save_linked_outside_the_data_folder_is_never_replaced(
    companion_home: Path, tmp_path: Path
) -> None:
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup())
    path = store.path_for(saved.id)
    outside = tmp_path / "elsewhere.toml"
    path.rename(outside)
    path.symlink_to(outside)
    before = outside.read_bytes()
    loaded = store.load(saved.id)
    loaded.session.do(Add(0, 3))
    with pytest.raises(LinkRefused, match="not a file inside the data folder"):
        store.save(loaded)
    assert path.is_symlink() and outside.read_bytes() == before
    copy = store.save_copy(loaded)  # what the app does: keep a copy in games/
    assert copy.id != saved.id and store.path_for(copy.id).is_file()
    assert store.load(copy.id).session.actions == [Add(0, 3)]


def test_unknown_top_level_keys_are_kept_at_the_next_save(companion_home: Path) -> None:
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup())
    path = store.path_for(saved.id)
    text = path.read_text()
    path.write_text('notes = "Ana won the coin toss"\n' + text + "\n[table]\nseats = 3\n")
    loaded = store.load(saved.id)
    loaded.session.do(Add(0, 1))
    store.save(loaded)
    again = path.read_text()
    assert 'notes = "Ana won the coin toss"' in again and "[table]\nseats = 3" in again
    offset = saved.extra["utc_offset"]  # where the game was set up (docs/stats.md)
    kept = {"notes": "Ana won the coin toss", "table": {"seats": 3}, "utc_offset": offset}
    assert store.load(saved.id).extra == kept


def test_a_game_lock_is_held_once_and_freed_by_release(companion_home: Path) -> None:
    store = make_store(companion_home)
    lock = store.lock("tally-1")
    assert lock is not None and lock.held
    assert store.lock("tally-1") is None  # a second window
    assert store.lock("tally-2") is not None  # another game is free
    lock.release()
    with store.lock("tally-1") as again:
        assert again is not None


def test_a_game_lock_is_freed_when_its_process_dies(companion_home: Path) -> None:
    path = companion_home / "locks" / "tally-1.lock"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path; from saves.locks import GameLock; "
            f"lock = GameLock.take(Path({str(path)!r})); print(lock is not None, flush=True); "
            "time.sleep(60)",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert holder.stdout is not None
    assert holder.stdout.readline().strip() == "True"
    assert GameLock.take(path) is None
    holder.kill()
    holder.wait()
    assert GameLock.take(path) is not None

"""A game's file is only added to: a transaction never writes over another writer's records,
new ids are claimed whole, the game's lock, and the file's own rights (permission bits, links,
unknown keys)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from saves.files import LinkRefused, SaveError
from saves.games.journal import Draft
from saves.games.store import SavedGame, SaveStore
from saves.games.writers import SaveConflict
from saves.shared.lock import Busy, holding
from tests.conftest import fixed_clock
from tests.support.toy import TALLY, Add, TallySetup

GAMES = {"tally": TALLY}
ROOT = Path(__file__).resolve().parents[3]


def make_store(home: Path) -> SaveStore:
    return SaveStore(home, fixed_clock, games=GAMES)


def add(store: SaveStore, saved: SavedGame, *actions: Add) -> None:
    """One transaction appending `actions`, decided on the newest state, as a screen does."""
    store.transact(saved, lambda _theirs: [Draft("do", action) for action in actions])


def test_a_file_added_to_by_another_process_keeps_their_records(companion_home: Path) -> None:
    first = make_store(companion_home)
    saved = first.create(TALLY, TallySetup(limit=100))
    other = make_store(companion_home)  # a second window on the same game
    add(other, other.open_for_play(saved.id), Add(1, 7))
    written = first.path_for(saved.id).read_bytes()
    add(first, saved, Add(0, 2))  # caught up first, then appended after theirs
    assert first.path_for(saved.id).read_bytes().startswith(written)
    assert first.load(saved.id).session.actions == [Add(1, 7), Add(0, 2)] == saved.session.actions


def test_a_file_only_touched_is_still_saved(companion_home: Path) -> None:
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup())
    path = store.path_for(saved.id)
    os.utime(path, ns=(1, 1))  # same bytes, another time: a backup tool, `touch`
    add(store, saved, Add(0, 1))
    assert store.load(saved.id).session.actions == [Add(0, 1)]


def test_a_removed_file_or_one_never_read_is_not_written_blindly(companion_home: Path) -> None:
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup())
    path = store.path_for(saved.id)
    path.unlink()
    with pytest.raises(SaveConflict, match="removed or moved"):
        add(store, saved, Add(0, 1))
    path.write_text("someone else's file")
    with pytest.raises(SaveConflict):
        add(make_store(companion_home), saved, Add(0, 1))  # another store: the same proof
    assert path.read_text() == "someone else's file"


def test_the_revision_counts_records_and_each_change_only_appends(companion_home: Path) -> None:
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup())
    assert saved.revision == 0
    before = store.path_for(saved.id).read_text()
    add(store, saved, Add(0, 1), Add(1, 2))
    store.transact(saved, lambda _theirs: [Draft("undo", target=saved.origins[-1].number)])
    after = store.path_for(saved.id).read_text()
    assert after.startswith(before)
    assert [line.split(" = ")[0] for line in after[len(before) :].splitlines()] == [
        "r1",
        "r2",
        "r3",
    ]
    assert "undo = 2" in after.splitlines()[-1]
    assert make_store(companion_home).load(saved.id).revision == 3


def test_a_record_out_of_order_is_reported(companion_home: Path) -> None:
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup())
    add(store, saved, Add(0, 1))
    path = store.path_for(saved.id)
    path.write_text(path.read_text().replace("r1 = {", "r2 = {"))
    entries, unreadable = store.listing()
    assert entries == [] and "record 'r2' where r1 was expected" in unreadable[0].reason


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
    path.write_bytes(path.read_bytes().rstrip(b"\n"))  # to be written again whole
    path.chmod(0o640)
    add(store, store.open_for_play(saved.id), Add(0, 1))
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert store.load(saved.id).session.actions == [Add(0, 1)]


def test_a_save_linked_inside_the_data_folder_is_written_through(companion_home: Path) -> None:
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup())
    path = store.path_for(saved.id)
    kept = companion_home / "kept" / "friday.toml"
    kept.parent.mkdir()
    path.rename(kept)
    path.symlink_to(kept)
    add(store, store.open_for_play(saved.id), Add(0, 3))
    assert path.is_symlink()
    assert store.load(saved.id).session.actions == [Add(0, 3)]


def test_a_save_linked_outside_the_data_folder_is_never_replaced(
    companion_home: Path, tmp_path: Path
) -> None:
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup())
    add(store, saved, Add(0, 3))
    path = store.path_for(saved.id)
    outside = tmp_path / "elsewhere.toml"
    path.rename(outside)
    path.symlink_to(outside)
    before = outside.read_bytes()
    loaded = store.open_for_play(saved.id)
    with pytest.raises(LinkRefused, match="not a file inside the data folder"):
        add(store, loaded, Add(0, 1))
    assert path.is_symlink() and outside.read_bytes() == before
    copy = store.save_copy(loaded)  # what the app does: keep a copy in games/
    assert copy.id != saved.id and store.path_for(copy.id).is_file()
    assert store.load(copy.id).session.actions == [Add(0, 3)]


def test_unknown_top_level_keys_are_kept_and_written_in_a_copy(companion_home: Path) -> None:
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup())
    path = store.path_for(saved.id)
    path.write_text('notes = "Ana won the coin toss"\n' + path.read_text())
    loaded = store.open_for_play(saved.id)
    add(store, loaded, Add(0, 1))
    assert path.read_text().startswith('notes = "Ana won the coin toss"\n')
    offset = saved.extra["utc_offset"]  # where the game was set up (docs/stats.md)
    kept = {"notes": "Ana won the coin toss", "utc_offset": offset}

    def unknown(extra: dict[str, object]) -> dict[str, object]:
        return {key: value for key, value in extra.items() if key != "activity"}  # counted

    assert unknown(store.load(saved.id).extra) == kept
    assert unknown(store.load(store.save_copy(loaded).id).extra) == kept


def test_records_not_in_a_records_table_make_the_file_one_that_is_never_added_to(
    companion_home: Path,
) -> None:
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup())
    path = store.path_for(saved.id)
    head = path.read_text().replace("\n[records]\n", "\n[table]\nseats = 3\n")
    text = "records = {}\n" + head  # a record appended would land in [table]
    path.write_text(text)
    loaded = store.open_for_play(saved.id)  # read, and never written again
    assert loaded.position is None and "records" in loaded.cannot_add
    with pytest.raises(SaveError, match="cannot be added to"):
        add(store, loaded, Add(0, 1))
    assert path.read_text() == text


def test_a_game_lock_is_held_once_and_freed_at_the_end_of_its_block(companion_home: Path) -> None:
    store = make_store(companion_home)
    with store.game_lock("tally-1", deadline=0):
        with pytest.raises(Busy), store.game_lock("tally-1", deadline=0):
            pass  # a second writer
        with store.game_lock("tally-2", deadline=0):
            pass  # another game is free
    with store.game_lock("tally-1", deadline=0):
        pass


def test_a_game_lock_is_freed_when_its_process_dies(companion_home: Path) -> None:
    path = companion_home / "locks" / "tally-1.lock"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path; from saves.shared.lock import holding; "
            f"lock = holding(Path({str(path)!r}), 0); lock.__enter__(); print(True, flush=True); "
            "time.sleep(60)",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert holder.stdout is not None
    assert holder.stdout.readline().strip() == "True"
    with pytest.raises(Busy), holding(path, 0):
        pass
    holder.kill()
    holder.wait()
    with holding(path, 0):
        pass

"""A game's checkpoint (saves/games/checkpoint.py, issue 30): a command replays only the records
after it, and it is never trusted over the file (another byte, other rules, a damaged or foreign
checkpoint file: a full replay, word for word as without one)."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from saves.files import SaveError
from saves.games import checkpoint, checkpoint_file, checkpoint_folder
from saves.games.journal import Draft
from saves.games.store import SavedGame, SaveStore
from saves.listing import stamps
from saves.listing.entries import entry_of
from saves.paths import checkpoints_dir
from tests.conftest import fixed_clock
from tests.support.toy import Add, CountingTally, TallySetup

LENGTH = checkpoint.SMALLEST_GAME + 20


@pytest.fixture
def counting() -> CountingTally:
    return CountingTally()


@pytest.fixture
def store(tmp_path: Path, counting: CountingTally) -> SaveStore:
    return SaveStore(tmp_path, fixed_clock, games={"tally": counting.game})


def long_game(store: SaveStore, length: int = LENGTH) -> SavedGame:
    """A tally game of `length` steps (each seat up and down in turn), seats named."""
    saved = store.create(store.games["tally"], TallySetup())  # type: ignore[index]
    drafts = [Draft("do", Add(n % 2, 1 if n % 4 < 2 else -1)) for n in range(length)]
    store.transact(saved, lambda _theirs: drafts, by="t1a2b3c4d5e6", seat="Ana")
    return saved


def same_game(left: SavedGame, right: SavedGame) -> None:
    """Two reads of one file give the same game: state, log, records, times, who made what."""
    assert left.session.state == right.session.state
    assert left.session.history == right.session.history
    assert left.record_count == right.record_count and left.updated == right.updated
    assert left.origins == right.origins and left.undone == right.undone
    assert left.extra == right.extra and left.title == right.title
    assert left.position == right.position and left.read_mark == right.read_mark


def test_a_long_game_gets_a_checkpoint_that_later_loads_start_from(
    store: SaveStore, counting: CountingTally
) -> None:
    saved = long_game(store)
    path = checkpoint.checkpoint_path(store.home, saved.id)
    first = checkpoint.load(store, saved.id)
    assert path.is_file()
    counting.calls = 0
    again = checkpoint.load(store, saved.id)
    assert counting.calls == 0
    same_game(again, first)
    same_game(again, store.load(saved.id))
    assert again.session.actions == first.session.actions


def test_only_the_records_after_the_checkpoint_are_replayed(
    store: SaveStore, counting: CountingTally
) -> None:
    saved = long_game(store)
    checkpoint.load(store, saved.id)
    store.transact(
        saved, lambda _theirs: [Draft("do", Add(0, 1)), Draft("undo", target=LENGTH + 1)]
    )
    store.transact(saved, lambda _theirs: [Draft("do", Add(1, 1))], seat="Ben")
    counting.calls = 0
    resumed = checkpoint.load(store, saved.id)
    assert counting.calls == 2
    same_game(resumed, store.load(saved.id))


def test_a_small_game_gets_none(store: SaveStore) -> None:
    saved = long_game(store, checkpoint.SMALLEST_GAME - 1)
    checkpoint.load(store, saved.id)
    assert not checkpoint.checkpoint_path(store.home, saved.id).exists()


def test_a_checkpoint_falls_behind_and_is_written_again(store: SaveStore) -> None:
    saved = long_game(store)
    checkpoint.load(store, saved.id)
    path = checkpoint.checkpoint_path(store.home, saved.id)
    before = path.read_bytes()
    for n in range(checkpoint.REFRESH_AFTER):
        store.transact(saved, lambda _theirs, n=n: [Draft("do", Add(0, 1 if n % 2 == 0 else -1))])
    checkpoint.load(store, saved.id)
    assert path.read_bytes() != before
    same_game(checkpoint.load(store, saved.id), store.load(saved.id))


def test_an_edit_inside_what_it_covers_means_a_full_replay(
    store: SaveStore, counting: CountingTally
) -> None:
    saved = long_game(store)
    checkpoint.load(store, saved.id)
    file = store.path_for(saved.id)
    file.write_bytes(file.read_bytes().replace(b'seat = "Ana"', b'seat = "Bob"', 7))
    counting.calls = 0
    edited = checkpoint.load(store, saved.id)
    assert counting.calls == LENGTH
    assert [o.seat for o in edited.origins[:8]] == ["Bob"] * 7 + ["Ana"]
    same_game(edited, store.load(saved.id))


def test_other_rules_mean_a_full_replay(
    store: SaveStore, counting: CountingTally, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = long_game(store)
    checkpoint.load(store, saved.id)
    made_by = checkpoint.stamp("tally")
    monkeypatch.setattr(checkpoint, "stamp", lambda game_id: made_by + "-changed")
    counting.calls = 0
    checkpoint.load(store, saved.id)
    assert counting.calls == LENGTH


def test_a_refused_record_after_it_is_reported_as_a_full_load_reports_it(
    store: SaveStore,
) -> None:
    saved = long_game(store)
    checkpoint.load(store, saved.id)
    file = store.path_for(saved.id)
    with file.open("a") as handle:
        handle.write(f'r{LENGTH + 1} = {{ do = {{ action = "Add", seat = 0, amount = 99 }} }}\n')
    with pytest.raises(Exception) as without:
        store.load(saved.id)
    with pytest.raises(type(without.value)) as with_checkpoint:
        checkpoint.load(store, saved.id)
    assert str(with_checkpoint.value) == str(without.value)


def test_an_undo_reaching_before_the_checkpoint_replays_the_game_once(
    store: SaveStore, counting: CountingTally
) -> None:
    saved = long_game(store)
    checkpoint.load(store, saved.id)
    resumed = checkpoint.load(store, saved.id)
    counting.calls = 0
    store.transact(resumed, lambda _theirs: [Draft("undo", target=resumed.origins[-1].number)])
    assert counting.calls == LENGTH  # the steps before the checkpoint, once
    full = store.load(saved.id)
    assert resumed.session.state == full.session.state
    assert resumed.session.history == full.session.history
    assert resumed.undone == full.undone and resumed.origins == full.origins


@pytest.mark.parametrize("damage", ["garbage", "shape", "huge"])
def test_a_damaged_checkpoint_is_ignored_and_rebuilt(
    store: SaveStore, counting: CountingTally, damage: str
) -> None:
    saved = long_game(store)
    checkpoint.load(store, saved.id)
    path = checkpoint.checkpoint_path(store.home, saved.id)
    if damage == "garbage":
        path.write_bytes(b"\x00{not json")
    elif damage == "shape":
        path.write_text(path.read_text().replace('"state":{', '"state":{"extra":1,', 1))
    else:
        with path.open("wb") as handle:
            handle.truncate(checkpoint_file.MAX_CHECKPOINT_BYTES + 1)
    counting.calls = 0
    loaded = checkpoint.load(store, saved.id)
    assert counting.calls == LENGTH
    same_game(loaded, store.load(saved.id))
    counting.calls = 0
    checkpoint.load(store, saved.id)
    assert counting.calls == 0  # rebuilt


def test_a_link_or_a_pipe_in_its_place_is_left_alone(store: SaveStore, tmp_path: Path) -> None:
    saved = long_game(store)
    path = checkpoint.checkpoint_path(store.home, saved.id)
    path.parent.mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text("mine")
    path.symlink_to(elsewhere)
    same_game(checkpoint.load(store, saved.id), store.load(saved.id))
    assert path.is_symlink() and elsewhere.read_text() == "mine"
    path.unlink()
    os.mkfifo(path)
    same_game(checkpoint.load(store, saved.id), store.load(saved.id))
    assert path.is_fifo()


def test_the_checkpoint_of_a_deleted_game_goes_at_the_next_listing(store: SaveStore) -> None:
    """Only the deleted game's: a game that is there keeps its own, and so does a game whose
    name is a link (even a broken one); a file that is not a checkpoint is left alone."""
    kept, deleted, linked = (long_game(store) for _ in range(3))
    for saved in (kept, deleted, linked):
        checkpoint.load(store, saved.id)
    path = {
        saved.id: checkpoint.checkpoint_path(store.home, saved.id)
        for saved in (kept, deleted, linked)
    }
    notes = path[kept.id].parent / "notes.txt"
    notes.write_text("mine")
    store.path_for(deleted.id).unlink()
    store.path_for(linked.id).unlink()
    store.path_for(linked.id).symlink_to(store.home / "nowhere.toml")
    store.listing()
    assert not path[deleted.id].exists()
    assert path[kept.id].is_file() and path[linked.id].is_file() and notes.read_text() == "mine"
    same_game(checkpoint.load(store, kept.id), store.load(kept.id))


def test_no_link_is_followed_to_remove_a_checkpoint(store: SaveStore, tmp_path: Path) -> None:
    """A link named as a checkpoint of no game, and a `checkpoints/` folder that is a link, are
    left as they are, and so is what they point at."""
    store.create(store.games["tally"], TallySetup())  # type: ignore[index]
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "gone-1.json").write_text("theirs")
    folder = checkpoints_dir(store.home)
    folder.symlink_to(outside, target_is_directory=True)
    store.listing()
    assert (outside / "gone-1.json").read_text() == "theirs"
    folder.unlink()
    folder.mkdir()
    (folder / "gone-2.json").symlink_to(outside / "gone-1.json")
    store.listing()
    assert (folder / "gone-2.json").is_symlink()
    assert (outside / "gone-1.json").read_text() == "theirs"


def test_a_checkpoints_folder_that_links_out_of_the_data_folder_is_never_written_through(
    store: SaveStore, counting: CountingTally, tmp_path: Path
) -> None:
    saved = long_game(store)
    outside = tmp_path / "outside"
    outside.mkdir()
    checkpoints_dir(store.home).symlink_to(outside, target_is_directory=True)
    for _ in range(2):
        counting.calls = 0
        same_game(checkpoint.load(store, saved.id), store.load(saved.id))
        assert counting.calls == 2 * LENGTH  # no checkpoint: the file, replayed whole
    assert list(outside.iterdir()) == []


def test_a_games_checkpoint_goes_when_its_save_is_found_gone(store: SaveStore) -> None:
    saved = long_game(store)
    checkpoint.load(store, saved.id)
    path = checkpoint.checkpoint_path(store.home, saved.id)
    assert path.is_file()
    store.path_for(saved.id).unlink()
    with pytest.raises(SaveError, match="no such file"):
        checkpoint.load(store, saved.id)
    assert not path.exists()


def test_the_key_that_seals_the_checkpoints_is_its_owners_alone(store: SaveStore) -> None:
    saved = long_game(store)
    checkpoint.load(store, saved.id)
    key = checkpoints_dir(store.home) / checkpoint_folder.KEY_NAME
    assert key.stat().st_mode & 0o077 == 0


@pytest.mark.parametrize(
    ("lines", "covered"),
    [
        (b"r1 = {}\nr2 = {}\n", 2),
        (b"", 0),
        (b"r1 = {}\n\nr2 = {}\n", None),  # a blank line: the count is not the last number
        (b"r1 = {}\n# note\nr2 = {}\n", None),
        (b"r1 = {}\nr3 = {}\n", None),
        (b"r1 = {}\nr2 = {", None),  # covers ends inside a line
    ],
)
def test_the_count_of_records_covered_is_read_off_the_file(
    lines: bytes, covered: int | None
) -> None:
    content = b"format = 2\n\n[records]\n" + lines
    start = content.index(b"[records]\n") + len(b"[records]\n")
    assert checkpoint_file.records_covered(content, start, len(content)) == covered


def test_a_change_to_any_module_of_the_storage_refuses_the_checkpoint(
    store: SaveStore, counting: CountingTally, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The stamp is found from the packages: a module added to them is stamped without any
    list naming it, and a change of its bytes drops the checkpoint made before."""
    extra = tmp_path / "extra_package"
    extra.mkdir()
    module = extra / "decides.py"
    module.write_text("LIMIT = 1\n")
    folders = stamps.kernel_folders()
    monkeypatch.setattr(stamps, "kernel_folders", lambda: (*folders, extra))
    saved = long_game(store)
    checkpoint.load(store, saved.id)
    counting.calls = 0
    checkpoint.load(store, saved.id)
    assert counting.calls == 0
    module.write_text("LIMIT = 2\n")
    checkpoint.load(store, saved.id)
    assert counting.calls == LENGTH


def test_a_listing_that_replays_a_long_game_keeps_its_checkpoint(
    store: SaveStore, counting: CountingTally
) -> None:
    saved = long_game(store)
    assert not checkpoint.checkpoint_path(store.home, saved.id).exists()
    store.listing(with_facts=False)
    counting.calls = 0
    same_game(checkpoint.load(store, saved.id), store.load(saved.id))
    assert counting.calls == LENGTH  # the store's full load only: the command started from it


def test_the_home_list_starts_from_the_checkpoint_and_the_statistics_replay_for_facts(
    store: SaveStore, counting: CountingTally
) -> None:
    saved = long_game(store)
    checkpoint.load(store, saved.id)
    store.transact(saved, lambda _theirs: [Draft("do", Add(0, 1))], seat="Ben")
    counting.calls = 0
    entries, unreadable = store.listing(with_facts=False)
    assert counting.calls == 1  # only the record after the checkpoint
    full = entry_of(store.load(saved.id))
    assert unreadable == [] and entries == [replace(full, facts=None)]
    counting.calls = 0
    assert store.listing() == ([full], [])  # the statistics' listing: replayed for its facts
    assert counting.calls == LENGTH + 1


@pytest.mark.parametrize("damage", [b"", b"not a key\n", b"ab" * 8])
def test_a_damaged_key_is_replaced_and_the_checkpoints_rebuilt(
    store: SaveStore, counting: CountingTally, damage: bytes
) -> None:
    saved = long_game(store)
    checkpoint.load(store, saved.id)
    key = checkpoints_dir(store.home) / checkpoint_folder.KEY_NAME
    key.write_bytes(damage)
    counting.calls = 0
    same_game(checkpoint.load(store, saved.id), store.load(saved.id))
    assert counting.calls == 2 * LENGTH  # refused: its seal is of no key there is
    counting.calls = 0
    checkpoint.load(store, saved.id)
    assert counting.calls == 0  # a new key, the checkpoint rebuilt under it
    assert key.read_bytes() != damage


def test_a_key_that_is_a_link_is_never_used_nor_replaced(
    store: SaveStore, counting: CountingTally, tmp_path: Path
) -> None:
    saved = long_game(store)
    checkpoint.load(store, saved.id)
    key = checkpoints_dir(store.home) / checkpoint_folder.KEY_NAME
    theirs, original = tmp_path / "theirs.key", key.read_bytes()
    theirs.write_bytes(original)
    key.unlink()
    key.symlink_to(theirs)
    counting.calls = 0
    checkpoint.load(store, saved.id)
    assert counting.calls == LENGTH and key.is_symlink()
    assert theirs.read_bytes() == original

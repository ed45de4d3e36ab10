"""A listing without its cache starts each save from its checkpoint where the file proves it
(issue 44): a save its checkpoint covers whole is listed from the line kept there, with no
replay; one played on since replays only what follows. A checkpoint the file does not prove
(damaged, edited, another save's, another folder's, claiming another count) is never believed:
the save is replayed and listed as the file says."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from saves.files import SaveError
from saves.games import checkpoint, checkpoint_file, checkpoint_folder
from saves.games.journal import Draft
from saves.games.store import SavedGame, SaveStore
from saves.listing.cache import ListingCache, SaveEntry
from saves.listing.entries import entry_of, resumed_entry
from saves.listing.folder import list_folder
from saves.paths import checkpoints_dir, listing_cache_path
from tests.conftest import fixed_clock
from tests.saves.listing.test_checkpoint import LENGTH, long_game, same_game
from tests.support.toy import Add, CountingTally


@pytest.fixture
def counting() -> CountingTally:
    return CountingTally()


@pytest.fixture
def store(tmp_path: Path, counting: CountingTally) -> SaveStore:
    return SaveStore(tmp_path, fixed_clock, games={"tally": counting.game})


def checkpointed(store: SaveStore) -> SavedGame:
    """A long game with a checkpoint covering every line of its save."""
    saved = long_game(store)
    checkpoint.load(store, saved.id)
    assert checkpoint.checkpoint_path(store.home, saved.id).is_file()
    return saved


def cold_listing(store: SaveStore) -> tuple[list[SaveEntry], list[Any]]:
    """The list as `companion list` makes it once its cache is gone."""
    listing_cache_path(store.home).unlink(missing_ok=True)
    return store.listing(with_facts=False)


def the_file_says(store: SaveStore, save_id: str) -> SaveEntry:
    return replace(entry_of(store.load(save_id)), facts=None)


def test_a_save_its_checkpoint_covers_whole_is_listed_with_no_replay(
    store: SaveStore, counting: CountingTally
) -> None:
    saved = checkpointed(store)
    counting.calls = 0
    entries, unreadable = cold_listing(store)
    assert counting.calls == 0
    assert unreadable == [] and entries == [the_file_says(store, saved.id)]


def test_a_save_played_on_since_replays_only_what_follows_and_is_checkpointed_again(
    store: SaveStore, counting: CountingTally
) -> None:
    saved = checkpointed(store)
    store.transact(saved, lambda _theirs: [Draft("do", Add(0, 5)), Draft("do", Add(1, 2))])
    counting.calls = 0
    entries, _unreadable = cold_listing(store)
    assert counting.calls == 2
    assert entries == [the_file_says(store, saved.id)]
    counting.calls = 0
    assert cold_listing(store)[0] == entries  # its checkpoint now covers the whole file
    assert counting.calls == 0
    resumed = checkpoint.load(store, saved.id)  # and a command starts from it, replaying nothing
    assert counting.calls == 0
    same_game(resumed, store.load(saved.id))


Forgery = Callable[[SaveStore, SavedGame], None]


def edit_kept_line(store: SaveStore, saved: SavedGame) -> None:
    """The list's line in the checkpoint changed by hand (its seal left as it was)."""
    path = checkpoint.checkpoint_path(store.home, saved.id)
    path.write_bytes(path.read_bytes().replace(b'"summary":"', b'"summary":"Forged '))


def claim_another_count(store: SaveStore, saved: SavedGame) -> None:
    """Sealed again with the folder's key, as only the companion could, but claiming a record
    count the file does not show where the checkpoint ends."""
    path = checkpoint.checkpoint_path(store.home, saved.id)
    _seal, _, body = path.read_bytes().partition(b"\n")
    made_from, _, game = body.partition(b"\n")
    document = json.loads(made_from)
    document["records"] -= 1
    document["entry"]["summary"] = "Forged"
    key = checkpoint_folder.folder_key(checkpoints_dir(store.home))
    assert key is not None
    sealed = json.dumps(document, separators=(",", ":")).encode() + b"\n" + game
    path.write_bytes(checkpoint_folder.seal(key, sealed) + b"\n" + sealed)


def edit_the_save(store: SaveStore, saved: SavedGame) -> None:
    """The save itself edited inside what the checkpoint covers: the file is the truth."""
    path = store.path_for(saved.id)
    path.write_bytes(path.read_bytes().replace(b'title = "', b'title = "Renamed ', 1))


def another_saves_checkpoint(store: SaveStore, saved: SavedGame) -> None:
    """The checkpoint of another game put in this one's place."""
    other = checkpointed(store)
    shutil.copyfile(
        checkpoint.checkpoint_path(store.home, other.id),
        checkpoint.checkpoint_path(store.home, saved.id),
    )


def another_folders_key(store: SaveStore, saved: SavedGame) -> None:
    """The folder's key replaced: every checkpoint sealed with the old one is foreign."""
    (checkpoints_dir(store.home) / checkpoint_folder.KEY_NAME).write_text(
        "ab" * checkpoint_folder.KEY_BYTES
    )


def cut_short(store: SaveStore, saved: SavedGame) -> None:
    """A checkpoint cut in the middle (a full disk, a crash)."""
    path = checkpoint.checkpoint_path(store.home, saved.id)
    path.write_bytes(path.read_bytes()[:-40])


FORGERIES: list[Forgery] = [
    edit_kept_line,
    claim_another_count,
    edit_the_save,
    another_saves_checkpoint,
    another_folders_key,
    cut_short,
]
"""Each way a checkpoint may be wrong about its save: none of them is believed."""


@pytest.mark.parametrize("forge", FORGERIES)
def test_a_checkpoint_the_file_does_not_prove_is_never_believed(
    store: SaveStore, counting: CountingTally, forge: Forgery
) -> None:
    saved = checkpointed(store)
    forge(store, saved)
    counting.calls = 0
    entries, unreadable = cold_listing(store)
    listed = {entry.id: entry for entry in entries}
    assert unreadable == [] and listed[saved.id] == the_file_says(store, saved.id)
    assert "Forged" not in listed[saved.id].summary
    assert counting.calls >= LENGTH  # the save replayed whole: its journal overrules


def test_saves_with_a_checkpoint_are_neither_counted_for_the_workers_nor_given_to_them(
    store: SaveStore, tmp_path: Path
) -> None:
    resumed = checkpointed(store)
    replayed = long_game(store, 3)
    asked: list[int] = []
    given: list[str] = []

    class Workers:
        def replay(self, jobs: list[tuple[Path, bytes]]) -> list[object]:
            given.extend(path.stem for path, _content in jobs)
            return [store._replayed_entry(path, content) for path, content in jobs]

        def close(self) -> None:
            pass

    def start_workers(count: int) -> Any:
        asked.append(count)
        return Workers()

    proofs = checkpoint.Proofs(store)
    entries, _unreadable = list_folder(
        store.folder,
        ListingCache(tmp_path / "cache.json"),
        lambda path, content: store._replayed_entry(path, content, proofs),
        with_facts=False,
        start_workers=start_workers,
        resumable=lambda name: proofs.has(name.removesuffix(".toml")),
        resume=lambda path, content, known: resumed_entry(proofs, path, content, known),
    )
    assert asked == [1] and given == [replayed.id]
    assert {entry.id for entry in entries} == {resumed.id, replayed.id}


def test_a_listing_writes_again_only_so_many_checkpoints(
    store: SaveStore, counting: CountingTally, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(checkpoint, "LISTING_REFRESHES", 1)
    for saved in (checkpointed(store), checkpointed(store)):
        store.transact(saved, lambda _theirs: [Draft("do", Add(0, 1))])
    cold_listing(store)
    counting.calls = 0
    cold_listing(store)
    assert counting.calls == 1  # one save listed from its new checkpoint, one resumed again


def cut_the_save_short(store: SaveStore, saved: SavedGame) -> None:
    """The save itself cut inside what the checkpoint covers (its last lines lost)."""
    path = store.path_for(saved.id)
    path.write_bytes(b"".join(path.read_bytes().splitlines(keepends=True)[:-10]))


@pytest.mark.parametrize("forge", [*FORGERIES, cut_the_save_short])
def test_a_played_on_save_whose_checkpoint_the_file_does_not_prove_is_replayed_whole(
    store: SaveStore, counting: CountingTally, forge: Forgery
) -> None:
    saved = checkpointed(store)
    store.transact(saved, lambda _theirs: [Draft("do", Add(0, 5)), Draft("do", Add(1, 2))])
    forge(store, saved)
    counting.calls = 0
    entries, unreadable = cold_listing(store)
    replays = counting.calls
    listed = {entry.id: entry for entry in entries}
    assert unreadable == [] and listed[saved.id] == the_file_says(store, saved.id)
    assert "Forged" not in listed[saved.id].summary
    assert replays > checkpoint.SMALLEST_GAME  # the save replayed whole: its journal overrules


def test_a_record_after_the_checkpoint_that_cannot_be_read_is_reported_as_the_file_says(
    store: SaveStore,
) -> None:
    saved = checkpointed(store)
    store.transact(saved, lambda _theirs: [Draft("do", Add(0, 5))])
    path = store.path_for(saved.id)
    with open(path, "ab") as handle:
        handle.write(f'r{saved.record_count + 1} = {{ do = {{ action = "Fly" }} }}\n'.encode())
    with pytest.raises(SaveError) as refused:
        store.load(saved.id)
    entries, unreadable = cold_listing(store)
    assert entries == [] and [item.path for item in unreadable] == [path]
    assert refused.value.problem in unreadable[0].reason


def test_saves_whose_checkpoint_fails_its_proof_are_given_to_the_workers(
    store: SaveStore, tmp_path: Path
) -> None:
    proved = checkpointed(store)
    store.transact(proved, lambda _theirs: [Draft("do", Add(0, 5))])
    forged = [checkpointed(store), checkpointed(store)]
    for saved in forged:
        store.transact(saved, lambda _theirs: [Draft("do", Add(1, 1))])
        edit_kept_line(store, saved)
    given: list[str] = []

    class Workers:
        def replay(self, jobs: list[tuple[Path, bytes]]) -> list[object]:
            given.extend(path.stem for path, _content in jobs)
            return [store._replayed_entry(path, content) for path, content in jobs]

        def close(self) -> None:
            pass

    proofs = checkpoint.Proofs(store)
    entries, _unreadable = list_folder(
        store.folder,
        ListingCache(tmp_path / "cache.json"),
        lambda path, content: pytest.fail(f"{path.stem} replayed here, not by the workers"),
        with_facts=False,
        start_workers=lambda count: Workers(),
        resumable=lambda name: proofs.has(name.removesuffix(".toml")),
        resume=lambda path, content, known: resumed_entry(proofs, path, content, known),
    )
    assert sorted(given) == sorted(saved.id for saved in forged)
    listed = {entry.id: entry for entry in entries}
    for saved in (proved, *forged):
        assert listed[saved.id] == the_file_says(store, saved.id)


def test_a_listing_reads_each_checkpoint_once(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    covered, played_on = checkpointed(store), checkpointed(store)
    store.transact(played_on, lambda _theirs: [Draft("do", Add(0, 5))])
    read: list[str] = []
    read_file = checkpoint_file.read_file

    def spy(path: Path | str, limit: int) -> tuple[bytes, Any]:
        if Path(path).parent == checkpoints_dir(store.home) and str(path).endswith(".json"):
            read.append(Path(path).stem)
        return read_file(path, limit)

    monkeypatch.setattr(checkpoint_file, "read_file", spy)
    entries, _unreadable = cold_listing(store)
    assert sorted(read) == sorted([covered.id, played_on.id])
    assert {entry.id for entry in entries} == {covered.id, played_on.id}


@pytest.mark.parametrize(
    "details",
    [
        {"at": datetime(2026, 12, 1, 20, 5, tzinfo=timezone(timedelta(hours=2))), "minutes": 40},
        {"at": datetime(2026, 12, 1, 20, tzinfo=UTC), "day": date(2026, 12, 1), "notes": "x"},
        {"at": datetime(2026, 12, 1, 20, tzinfo=UTC), "odd": {"$datetime": "not a date"}},
    ],
)
def test_the_details_and_active_time_after_a_checkpoint_come_back_exactly(
    store: SaveStore, details: dict[str, Any]
) -> None:
    saved = checkpointed(store)
    store.transact(saved, lambda _theirs: [Draft("details", details=details)])
    store.transact(saved, lambda _theirs: [Draft("do", Add(0, 5))])
    assert cold_listing(store)[0] == [the_file_says(store, saved.id)]
    assert cold_listing(store)[0] == [the_file_says(store, saved.id)]  # from the new checkpoint
    same_game(checkpoint.load(store, saved.id), store.load(saved.id))

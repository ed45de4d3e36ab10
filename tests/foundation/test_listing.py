"""The saved-games list's cache: unchanged saves are not replayed, and the cache is never trusted
over the files themselves (any change of bytes, rules or cache damage means a fresh replay)."""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import RuleError
from saves import files, listing
from saves.files import SaveError, remove_stale_temp_files
from saves.paths import listing_cache_path
from saves.store import SaveStore
from tests.conftest import fixed_clock
from tests.support.toy import TALLY, Add, TallySetup


class CountingTally:
    """The tally game with its `apply` calls counted, to see whether a listing replayed a save."""

    def __init__(self) -> None:
        self.calls = 0
        self.game = replace(TALLY, apply=self.apply)

    def apply(self, state: Any, action: Any) -> Any:
        self.calls += 1
        return TALLY.apply(state, action)


@pytest.fixture
def tally() -> CountingTally:
    return CountingTally()


def store_for(home: Path, tally: CountingTally) -> SaveStore:
    return SaveStore(home, fixed_clock, games={"tally": tally.game})


def played(store: SaveStore, tally: CountingTally, amounts: list[int], title: str = "") -> str:
    saved = store.create(tally.game, TallySetup(), title)
    for amount in amounts:
        saved.session.do(Add(0, amount))
    store.save(saved)
    return saved.id


def test_an_unchanged_save_is_not_replayed_at_the_next_listing(
    companion_home: Path, tally: CountingTally
) -> None:
    store = store_for(companion_home, tally)
    played(store, tally, [1, 2, 3], "Friday")
    tally.calls = 0
    first = store.listing()
    assert tally.calls == 3
    second = store.listing()
    assert tally.calls == 3
    assert second == first
    assert [entry.title for entry in second[0]] == ["Friday"]


def test_a_save_whose_bytes_changed_is_replayed_even_at_the_same_size(
    companion_home: Path, tally: CountingTally
) -> None:
    store = store_for(companion_home, tally)
    save_id = played(store, tally, [1, 2], "Friday")
    path = store.path_for(save_id)
    store.listing()
    text = path.read_text()
    path.write_text(text.replace("Friday", "Monday"))
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    entries, _ = store.listing()
    assert [entry.title for entry in entries] == ["Monday"]


def test_a_save_damaged_after_it_was_listed_shows_as_unreadable(
    companion_home: Path, tally: CountingTally
) -> None:
    store = store_for(companion_home, tally)
    save_id = played(store, tally, [1])
    path = store.path_for(save_id)
    store.listing()
    path.write_bytes(path.read_bytes()[:-9])
    entries, unreadable = store.listing()
    assert entries == [] and [bad.path for bad in unreadable] == [path]


def test_new_rules_mean_a_fresh_replay(
    companion_home: Path, tally: CountingTally, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = store_for(companion_home, tally)
    played(store, tally, [1, 2])
    store.listing()
    tally.calls = 0
    monkeypatch.setattr(listing, "rules_stamp", lambda: "0.2.0/edited")
    store.listing()
    assert tally.calls == 2


@pytest.mark.parametrize(
    "damage",
    [
        b"\xff\xfe not text",
        b"format = 1\nrules = [",
        b"format = 99\n",
        b'format = 1\nrules = "x"\nsaves = 3\n',
        b"",
    ],
)
def test_a_damaged_cache_is_ignored_and_rebuilt(
    companion_home: Path, tally: CountingTally, damage: bytes
) -> None:
    store = store_for(companion_home, tally)
    played(store, tally, [4])
    expected = store.listing()
    cache = listing_cache_path(companion_home)
    cache.write_bytes(damage)
    tally.calls = 0
    assert store.listing() == expected
    assert tally.calls == 1
    assert cache.read_bytes() != damage


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("summary", 3),
        ("updated", "1979-05-27T07:32:00"),  # a date without its offset
        ("created", "not a date"),
        ("status", None),
        ("facts", {"status": "won"}),
        ("extra", 1),
    ],
)
def test_a_cache_record_of_the_wrong_shape_is_not_used(
    companion_home: Path, tally: CountingTally, key: str, value: object
) -> None:
    store = store_for(companion_home, tally)
    played(store, tally, [4])
    expected = store.listing()
    cache = listing_cache_path(companion_home)
    data = json.loads(cache.read_text())
    for record in data["saves"].values():
        record[key] = value
    cache.write_text(json.dumps(data))
    tally.calls = 0
    assert store.listing() == expected
    assert tally.calls == 1


def test_a_cache_record_from_before_waiting_for_is_stale_and_rebuilt(
    companion_home: Path, tally: CountingTally
) -> None:
    store = store_for(companion_home, tally)
    played(store, tally, [4])
    expected = store.listing()
    cache = listing_cache_path(companion_home)
    data = json.loads(cache.read_text())
    for record in data["saves"].values():
        assert record.pop("waiting_for") == ""
    cache.write_text(json.dumps(data))
    tally.calls = 0
    assert store.listing() == expected
    assert tally.calls == 1
    rebuilt = json.loads(cache.read_text())
    assert all(record["waiting_for"] == "" for record in rebuilt["saves"].values())


def test_a_cache_that_cannot_be_written_does_not_stop_the_listing(
    companion_home: Path, tally: CountingTally
) -> None:
    store = store_for(companion_home, tally)
    played(store, tally, [1])
    listing_cache_path(companion_home).mkdir(parents=True)
    entries, unreadable = store.listing()
    assert len(entries) == 1 and unreadable == []


def test_the_cache_forgets_deleted_saves(companion_home: Path, tally: CountingTally) -> None:
    store = store_for(companion_home, tally)
    kept = played(store, tally, [1])
    gone = played(store, tally, [2])
    store.listing()
    store.path_for(gone).unlink()
    assert [entry.id for entry in store.listing()[0]] == [kept]
    assert gone not in listing_cache_path(companion_home).read_text()


def test_old_temp_files_of_crashed_writes_are_removed_and_nothing_else(tmp_path: Path) -> None:
    old_temp = tmp_path / ".tally-1.toml.abc123_x.tmp"
    new_temp = tmp_path / ".tally-2.toml.def456.tmp"
    save = tmp_path / "tally-1.toml"
    other = tmp_path / ".notes.tmp"
    for path in (old_temp, new_temp, save, other):
        path.write_text("x")
    hour_ago = time.time() - 2 * files.STALE_TEMP_SECONDS
    for path in (old_temp, save, other):
        os.utime(path, (hour_ago, hour_ago))
    remove_stale_temp_files(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [new_temp.name, save.name, other.name]
    )


@settings(max_examples=30)
@given(
    steps=st.lists(
        st.tuples(st.sampled_from(["new", "play", "damage", "delete", "list"]), st.integers(0, 3)),
        max_size=12,
    )
)
def test_a_cached_listing_is_always_what_a_fresh_one_gives(
    tmp_path_factory: pytest.TempPathFactory, steps: list[tuple[str, int]]
) -> None:
    home = tmp_path_factory.mktemp("home")
    tally = CountingTally()
    store = store_for(home, tally)
    ids: list[str] = []
    for step, pick in steps:
        path = store.path_for(ids[pick % len(ids)]) if ids else None
        if step == "new" or path is None:
            ids.append(played(store, tally, [pick]))
        elif step == "play":
            with contextlib.suppress(SaveError, RuleError):
                saved = store.load(path.stem)
                saved.session.do(Add(0, pick + 1))
                store.save(saved)
        elif step == "damage" and path.exists():
            path.write_bytes(path.read_bytes()[: 10 * pick + 5])
        elif step == "delete":
            path.unlink(missing_ok=True)
        else:
            store.listing()
        cached = store.listing()
        listing_cache_path(home).unlink(missing_ok=True)
        assert cached == store.listing()

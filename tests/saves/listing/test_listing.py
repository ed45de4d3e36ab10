"""The saved-games list's cache: unchanged saves are not replayed, and the cache is never trusted
over the files themselves (any change of bytes, rules or cache damage means a fresh replay)."""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import RuleError
from saves import files
from saves.files import SaveError, remove_stale_temp_files
from saves.games.store import SaveStore
from saves.listing import cache as listing
from saves.paths import listing_cache_path
from tests.conftest import fixed_clock
from tests.support.saving import record_played
from tests.support.toy import Add, CountingTally, TallySetup


@pytest.fixture
def tally() -> CountingTally:
    return CountingTally()


def store_for(home: Path, tally: CountingTally) -> SaveStore:
    return SaveStore(home, fixed_clock, games={"tally": tally.game})


def played(store: SaveStore, tally: CountingTally, amounts: list[int], title: str = "") -> str:
    saved = store.create(tally.game, TallySetup(), title)
    for amount in amounts:
        saved.session.do(Add(0, amount))
    record_played(store, saved)
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


@pytest.mark.parametrize("with_facts", [True, False])
def test_a_save_whose_bytes_changed_is_replayed_even_at_the_same_size(
    companion_home: Path, tally: CountingTally, with_facts: bool
) -> None:
    """Same size, same time, same inode (written in place): only the bytes tell, for the
    statistics' listing and for the home screen's (without facts) alike."""
    store = store_for(companion_home, tally)
    save_id = played(store, tally, [1, 2], "Friday")
    path = store.path_for(save_id)
    store.listing()
    before = path.stat()
    path.write_text(path.read_text().replace("Friday", "Monday"))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = path.stat()
    assert (after.st_size, after.st_mtime_ns, after.st_ino) == (
        before.st_size,
        before.st_mtime_ns,
        before.st_ino,
    )
    entries, _ = store.listing(with_facts=with_facts)
    assert [entry.title for entry in entries] == ["Monday"]


def test_the_home_listing_leaves_the_facts_to_the_statistics(
    companion_home: Path, tally: CountingTally
) -> None:
    """Without facts no entry carries them (replayed or not), yet the cache keeps them: the
    statistics' next listing replays nothing and gets the same facts."""
    store = store_for(companion_home, tally)
    played(store, tally, [1, 2], "Friday")
    first, _ = store.listing()
    played(store, tally, [3], "Saturday")
    tally.calls = 0
    home, _ = store.listing(with_facts=False)
    assert tally.calls == 1  # Saturday, new
    assert [entry.facts for entry in home] == [None, None]
    tally.calls = 0
    stats, _ = store.listing()
    assert tally.calls == 0
    assert [replace(entry, facts=None) for entry in stats] == home
    assert stats[1] == first[0] and all(entry.facts is not None for entry in stats)


@pytest.mark.parametrize("facts", ["{", '{"status": "won"}', '"text"', 7, {"status": "won"}])
def test_damaged_facts_are_replayed_when_the_statistics_read_them(
    companion_home: Path, tally: CountingTally, facts: object
) -> None:
    """The home screen does not read the facts, so damaged ones cost it nothing; the statistics
    never use them: the save is replayed and the cache mended."""
    store = store_for(companion_home, tally)
    played(store, tally, [4])
    expected = store.listing()
    cache = listing_cache_path(companion_home)
    data = json.loads(cache.read_text())
    for record in data["saves"].values():
        record["facts"] = facts
    cache.write_text(json.dumps(data))
    tally.calls = 0
    home, _ = store.listing(with_facts=False)
    assert tally.calls == 0 and [replace(entry, facts=None) for entry in expected[0]] == home
    assert store.listing() == expected
    assert tally.calls == 1
    tally.calls = 0
    assert store.listing() == expected
    assert tally.calls == 0


def test_a_save_damaged_after_it_was_listed_shows_as_unreadable(
    companion_home: Path, tally: CountingTally
) -> None:
    store = store_for(companion_home, tally)
    save_id = played(store, tally, [1])
    path = store.path_for(save_id)
    store.listing()
    path.write_bytes(path.read_bytes()[:-9] + b"\n")  # a complete line cut short (a line left
    entries, unreadable = store.listing()  # without its newline is torn: never read, issue 41)
    assert entries == [] and [bad.path for bad in unreadable] == [path]


def test_new_rules_mean_a_fresh_replay(
    companion_home: Path, tally: CountingTally, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = store_for(companion_home, tally)
    played(store, tally, [1, 2])
    store.listing()
    tally.calls = 0
    monkeypatch.setattr(listing, "rules_stamp", lambda stamped: f"{stamped}/edited")
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
                record_played(store, saved)
        elif step == "damage" and path.exists():
            path.write_bytes(path.read_bytes()[: 10 * pick + 5])
        elif step == "delete":
            path.unlink(missing_ok=True)
        else:
            store.listing()
        cached = store.listing()
        listing_cache_path(home).unlink(missing_ok=True)
        assert cached == store.listing()

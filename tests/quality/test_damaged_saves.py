"""Damage valid saves of every game in every way we can think of: always a clear error, never a
crash, and the file byte-for-byte as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.registry import all_games
from saves.files import SaveError
from saves.games.store import SaveStore
from tests.conftest import fixed_clock
from tests.quality.mutations import all_cases
from tests.support.samples import SAMPLES
from tests.support.saving import record_played
from tests.support.toy import TALLY, Add, TallySetup

KNOWN = {**all_games(), TALLY.id: TALLY}


def tally_sample(home: Path) -> bytes:
    store = SaveStore(home, fixed_clock, games=KNOWN)
    saved = store.create(TALLY, TallySetup(), "Tally sample")
    for n in range(12):
        saved.session.do(Add(n % 2, 1))
    record_played(store, saved)
    return store.path_for(saved.id).read_bytes()


def samples(tmp_path: Path) -> dict[str, bytes]:
    """One valid save per game (the shipped samples) plus the kernel's tally."""
    found = {path.stem: path.read_bytes() for path in sorted(SAMPLES.glob("*.toml"))}
    found["tally"] = tally_sample(tmp_path / "tally")
    return found


def check_case(store: SaveStore, save_id: str, content: bytes) -> str:
    """Load one damaged file: a clean load or a SaveError naming it; the bytes never change."""
    path = store.path_for(save_id)
    path.write_bytes(content)
    outcome = "loaded"
    try:
        store.load(save_id)
    except SaveError as error:
        assert str(path) in str(error)
        assert error.problem
        outcome = "refused"
    entries, unreadable = store.listing()
    assert len(entries) + len(unreadable) == 1
    assert path.read_bytes() == content
    path.unlink()
    return outcome


def run_all(tmp_path: Path, random_count: int) -> dict[str, int]:
    found = samples(tmp_path)
    store = SaveStore(tmp_path / "home", fixed_clock, games=KNOWN)
    store.folder.mkdir(parents=True)
    outcomes = {"loaded": 0, "refused": 0}
    for name, original in found.items():
        others = [content for other, content in found.items() if other != name]
        save_id = original.split(b'id = "', 1)[1].split(b'"', 1)[0].decode()
        assert check_case(store, save_id, original) == "loaded", f"sample {name} must load"
        for _label, content in all_cases(
            original, others, seed=len(name), random_count=random_count
        ):
            outcomes[check_case(store, save_id, content)] += 1
    return outcomes


def test_a_thousand_damaged_saves_give_clear_errors(tmp_path: Path) -> None:
    outcomes = run_all(tmp_path, random_count=70)
    assert sum(outcomes.values()) >= 1000
    assert outcomes["refused"] > outcomes["loaded"]


@pytest.mark.slow
def test_many_more_damaged_saves(tmp_path: Path) -> None:
    run_all(tmp_path, random_count=2000)


def test_a_directory_where_the_save_should_be(tmp_path: Path) -> None:
    store = SaveStore(tmp_path, fixed_clock, games=KNOWN)
    (store.folder / "tally-dir.toml").mkdir(parents=True)
    with pytest.raises(SaveError, match="not a file"):
        store.load("tally-dir")
    assert [u.path.name for u in store.listing()[1]] == ["tally-dir.toml"]
    assert (store.folder / "tally-dir.toml").is_dir()

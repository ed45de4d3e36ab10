"""A Cavendish save replays under the rules revision it records: a save made before revision 2
(no `rules` key) keeps its state and score, the same log marked `rules = 2` gets the rulings."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.cavendish import CAVENDISH
from companion.cavendish.actions import (
    ChooseLocation,
    EndMission,
    Explore,
    LeaveLocation,
    LoseAzrak,
    LoseControl,
    PassCaptain,
    StandardUpdate,
)
from companion.cavendish.model import Adjustments
from saves.files import SaveError
from saves.store import SavedGame, SaveStore
from tests.conftest import fixed_clock

LOG = [
    ChooseLocation("A"),
    Explore("Amy"),
    LeaveLocation(),
    StandardUpdate((0, 0, 0, 0)),
    PassCaptain(),
    LoseAzrak("Jennifer", 5),
    ChooseLocation("B"),
    LoseControl(),
    EndMission(Adjustments(damien_rescued=True, elixir_found=True, anigimas_freed=True)),
]
"""Four agents: a paid update puts 1 on the Mission Return card; Jennifer, the next Time Captain,
places her last crystal on B and loses control; the mission ends with the rulings' example."""


def played(home: Path, make_setup: Callable[..., Any]) -> tuple[SaveStore, SavedGame, Path]:
    store = SaveStore(home, fixed_clock)
    saved = store.create(CAVENDISH, make_setup(4), "Rulings")
    for action in LOG:
        saved.session.do(action)
    store.save(saved)
    return store, saved, store.path_for(saved.id)


def test_new_missions_are_written_under_revision_2(
    companion_home: Path, make_setup: Callable[..., Any]
) -> None:
    store, saved, path = played(companion_home, make_setup)
    assert "\nrules = 2\n" in path.read_text(encoding="utf-8")
    loaded = store.load(saved.id)
    assert loaded.session.rules == 2 and loaded.session.state == saved.session.state


def test_the_same_log_gives_the_old_result_under_revision_1_and_the_new_under_2(
    companion_home: Path, make_setup: Callable[..., Any]
) -> None:
    store, saved, path = played(companion_home, make_setup)
    text = path.read_text(encoding="utf-8")
    new = store.load(saved.id).session.state
    path.write_text(text.replace("rules = 2\n", ""), encoding="utf-8")
    old = store.load(saved.id).session.state

    assert old.rules == 1 and new.rules == 2
    assert old.mission_return == new.mission_return == 1
    assert old.final_score == 1 and new.final_score == 2
    assert [(p.name, p.azrak) for p in old.house_plan] == [("A", 1), ("B", 1)]
    assert [(p.name, p.azrak) for p in new.house_plan] == [("A", 1), ("B", 0)]
    assert new.vortex == old.vortex + 1
    assert old.crystals == new.crystals == 31
    assert CAVENDISH.summary(old) == "Finished: final score 1"
    assert CAVENDISH.summary(new) == "Finished: final score 2"

    path.write_text(text.replace("rules = 2\n", "rules = 1\n"), encoding="utf-8")
    assert store.load(saved.id).session.state == old


def test_the_shipped_sample_saved_before_revisions_still_loads(companion_home: Path) -> None:
    sample = Path(__file__).resolve().parents[1] / "data" / "samples" / "cavendish.toml"
    text = sample.read_text(encoding="utf-8")
    assert "rules =" not in text
    store = SaveStore(companion_home, fixed_clock)
    store.folder.mkdir(parents=True)
    (store.folder / "cavendish.toml").write_text(text, encoding="utf-8")
    loaded = store.load("cavendish")
    assert loaded.session.rules == 1 and loaded.session.state.rules == 1


def test_a_rules_revision_newer_than_the_app_is_reported_like_a_newer_format(
    companion_home: Path, make_setup: Callable[..., Any]
) -> None:
    store, saved, path = played(companion_home, make_setup)
    path.write_text(
        path.read_text(encoding="utf-8").replace("rules = 2\n", "rules = 99\n"), encoding="utf-8"
    )
    original = path.read_bytes()
    with pytest.raises(SaveError, match="rules revision 99 of TIME Stories Revolution: Cavendish"):
        store.load(saved.id)
    entries, unreadable = store.listing()
    assert entries == [] and [u.path for u in unreadable] == [path]
    assert "was written by a newer version (this knows up to 2)" in unreadable[0].reason
    assert path.read_bytes() == original

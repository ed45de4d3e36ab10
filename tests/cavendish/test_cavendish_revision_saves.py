"""A Cavendish save replays under the rules revision it records: a save made before revision 2
(no `rules` key) keeps its state and score, the same log marked `rules = 2` gets the rulings; a
revision 2 save keeps the conflicts as they were played."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.cavendish.actions import (
    AnnounceGroupConflict,
    AttemptTest,
    BeginGroupConflict,
    ChooseLocation,
    EndGroupConflict,
    EndMission,
    Explore,
    LeaveLocation,
    LoseAzrak,
    LoseControl,
    PassCaptain,
    PersonalConflict,
    StandardUpdate,
)
from companion.cavendish.game import CAVENDISH
from companion.cavendish.model import Adjustments
from companion.core import RuleError
from companion.session import Session
from saves.files import SaveError
from saves.games.store import SavedGame, SaveStore
from tests.conftest import fixed_clock
from tests.support.saving import publish_whole, record_played

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
    record_played(store, saved)
    return store, saved, store.path_for(saved.id)


def test_new_missions_are_written_under_the_newest_revision(
    companion_home: Path, make_setup: Callable[..., Any]
) -> None:
    store, saved, path = played(companion_home, make_setup)
    assert "\nrules = 4\n" in path.read_text(encoding="utf-8")
    loaded = store.load(saved.id)
    assert loaded.session.rules == 4 and loaded.session.state == saved.session.state


def test_the_same_log_gives_the_old_result_under_revision_1_and_the_new_under_2(
    companion_home: Path, make_setup: Callable[..., Any]
) -> None:
    store, saved, path = played(companion_home, make_setup)
    text = path.read_text(encoding="utf-8").replace("rules = 4\n", "rules = 2\n")
    path.write_text(text, encoding="utf-8")
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
    assert CAVENDISH.summary(old) == "Mission completed: final score 1"
    assert CAVENDISH.summary(new) == "Mission completed: final score 2"

    path.write_text(text.replace("rules = 2\n", "rules = 1\n"), encoding="utf-8")
    assert store.load(saved.id).session.state == old


REVISION_1_SAVE = Path(__file__).resolve().parents[1] / "data" / "cavendish-revision-1.toml"
"""The same log saved by the app before rules revisions existed (no `rules` key), kept as it was."""


def test_a_save_made_under_revision_1_keeps_its_state_and_score(companion_home: Path) -> None:
    store = SaveStore(companion_home, fixed_clock)
    store.folder.mkdir(parents=True)
    text = REVISION_1_SAVE.read_text(encoding="utf-8")
    assert "rules" not in text
    path = store.folder / REVISION_1_SAVE.name
    path.write_text(text, encoding="utf-8")

    old = store.load(path.stem)
    state = old.session.state
    assert old.session.rules == 1 and old.session.actions == LOG
    assert state.final_score == 1 and state.vortex == 5
    assert [(p.name, p.azrak) for p in state.house_plan] == [("A", 1), ("B", 1)]
    assert [agent.pool for agent in state.agents] == [5, 4, 0, 5]
    assert old.session.history[-2:] == [
        "Jennifer lost control of the receptacle and is ejected",
        "Mission complete: final score 1 (lower is better)",
    ]

    path.write_text(
        text.replace('game = "cavendish"\n', 'game = "cavendish"\nrules = 2\n'), encoding="utf-8"
    )
    new = store.load(path.stem).session
    assert new.rules == 2 and new.state.final_score == 2 and new.state.vortex == 6
    assert [(p.name, p.azrak) for p in new.state.house_plan] == [("A", 1), ("B", 0)]
    assert new.history[-2:] == [
        "Jennifer lost control of the receptacle and is ejected; "
        "the crystal placed on B goes to the Vortex",
        "Mission complete: final score 2 (lower is better)",
    ]


def test_a_rules_revision_newer_than_the_app_is_reported_like_a_newer_format(
    companion_home: Path, make_setup: Callable[..., Any]
) -> None:
    store, saved, path = played(companion_home, make_setup)
    path.write_text(
        path.read_text(encoding="utf-8").replace("rules = 4\n", "rules = 99\n"), encoding="utf-8"
    )
    original = path.read_bytes()
    with pytest.raises(SaveError, match="rules revision 99 of TIME Stories Revolution: Cavendish"):
        store.load(saved.id)
    entries, unreadable = store.listing()
    assert entries == [] and [u.path for u in unreadable] == [path]
    assert "was written by a newer version (this knows up to 4)" in unreadable[0].reason
    assert path.read_bytes() == original


CONFLICT_LOG = [
    ChooseLocation("A"),
    AnnounceGroupConflict("the Butler"),
    BeginGroupConflict(("Amy", "Anton", "Jennifer", "Doug")),
    AttemptTest("Amy", "strength", 3, 0),
    EndGroupConflict(),
    PersonalConflict("Doug"),
    EndMission(Adjustments()),
]
"""Played under revision 2: the group's word in the middle of turn 1, then the epilogue read with
Doug's personal conflict open; revision 3 refuses both."""


def test_a_revision_2_save_with_conflicts_replays_as_it_was_played(
    companion_home: Path, make_setup: Callable[..., Any]
) -> None:
    store = SaveStore(companion_home, fixed_clock)
    session = Session(CAVENDISH, make_setup(4), CONFLICT_LOG, rules=2)
    publish_whole(
        store, SavedGame("old-conflicts", "Old conflicts", session, fixed_clock(), fixed_clock())
    )
    loaded = store.load("old-conflicts").session
    assert loaded.rules == 2 and loaded.state == session.state
    assert loaded.state.outcome == "finished"
    assert loaded.history[-3] == (
        "By the players' word the adversary is defeated: the group conflict against the Butler "
        "is over"
    )
    with pytest.raises(RuleError, match="ends once everyone in it has made their attempt"):
        Session(CAVENDISH, make_setup(4), CONFLICT_LOG, rules=3)

"""`companion show --json` of a mission at every step of its conflicts follows the schema
(docs/schemas/cavendish.schema.json) and says what the table waits for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.cavendish.actions import (
    AbandonMission,
    AnnounceGroupConflict,
    AttemptTest,
    BeginGroupConflict,
    ChooseLocation,
    EndGroupConflict,
    PersonalConflict,
)
from companion.cavendish.game import CAVENDISH
from tests.cavendish.conftest import setup_for
from tests.cli.test_json_schemas import check, run, save

STEPS = [
    ChooseLocation("A"),
    PersonalConflict("Amy"),
    AnnounceGroupConflict(),
    BeginGroupConflict(("Anton", "Amy")),
    AttemptTest("Anton", "strength", 3, 0),
    AttemptTest("Amy", "strength", 3, 0),
    EndGroupConflict(),
]


def test_every_step_of_a_conflict_shows_as_the_schema_says(
    capsys: pytest.CaptureFixture[str], companion_home: Path
) -> None:
    shown: list[Any] = []
    for count in range(1, len(STEPS) + 1):
        save_id = save(companion_home, f"conflict-{count}", CAVENDISH, setup_for(2), STEPS[:count])
        shown.append(run(capsys, "show", save_id, "--json"))
        check("cavendish", shown[-1])
    assert [step["agents"][1]["personal_conflict"] for step in shown] == [
        False, True, True, True, True, True, True,
    ]  # fmt: skip
    assert [step["waiting_for"] and step["waiting_for"]["kind"] for step in shown] == [
        None, None, "group-conflict", "group-conflict", "group-conflict", "group-conflict", None,
    ]  # fmt: skip
    assert shown[2]["group_conflict"] == {
        "adversary": None,
        "stage": "announced",
        "order": [],
        "turn": 1,
        "attempted": [],
        "next": None,
        "life_points": None,
        "damage": 0,
        "adversaries": [
            {"name": None, "life_points": None, "damage": 0, "defeated": False, "by_word": False}
        ],
    }
    assert shown[5]["group_conflict"]["turn"] == 2
    assert shown[5]["waiting_for"]["text"] == "Anton's attempt in turn 2 of the group conflict"


def test_the_damage_shows_and_an_ended_mission_shows_no_conflict_open(
    capsys: pytest.CaptureFixture[str], companion_home: Path
) -> None:
    steps = [
        ChooseLocation("A"),
        PersonalConflict("Amy"),
        AnnounceGroupConflict("the Butler"),
        BeginGroupConflict(("Anton", "Amy"), life_points=4),
        AttemptTest("Anton", "strength", 3, 0, damage=2),
    ]
    save(companion_home, "damage", CAVENDISH, setup_for(2), steps)
    during = run(capsys, "show", "damage", "--json")
    check("cavendish", during)
    assert during["group_conflict"]["life_points"] == 4
    assert during["group_conflict"]["damage"] == 2
    assert during["tests"][-1]["damage"] == 2
    save(companion_home, "abandoned", CAVENDISH, setup_for(2), [*steps, AbandonMission()])
    ended = run(capsys, "show", "abandoned", "--json")
    check("cavendish", ended)
    assert ended["status"] == "failed" and ended["group_conflict"] is None
    assert not any(agent["personal_conflict"] for agent in ended["agents"])

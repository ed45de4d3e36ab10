"""Issue 43's Cavendish cases played through `companion act` and `companion show --json` (the
epilogue's events, Items by colour and number, a Talisman refused, two adversaries), each shown
as docs/schemas/cavendish.schema.json says; cited lines are /work/shared/rules/cavendish.txt."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from companion import cli
from companion.cavendish.game import CAVENDISH
from saves.games.store import SaveStore
from tests.cavendish.conftest import setup_for
from tests.conftest import fixed_clock

Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]) -> Run:
    """`run("act", id, ...)`: the exit code, what it printed and what it printed as errors."""

    def command(*args: str) -> tuple[int, str, str]:
        code = cli.main(list(args))
        out, err = capsys.readouterr()
        return code, out, err

    return command


SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "schemas" / "cavendish.schema.json"


@cache
def validator() -> Draft202012Validator:
    schema = json.loads(SCHEMA.read_text("utf-8"))
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


def shown(run: Run, save_id: str) -> Any:
    code, out, err = run("show", save_id, "--json")
    assert (code, err) == (0, "")
    document = json.loads(out)
    errors = [f"{e.json_path}: {e.message}" for e in validator().iter_errors(document)]
    assert not errors, "\n".join(errors)
    return document


def test_a_mission_played_by_act_shows_as_its_schema_says(run: Run, companion_home: Path) -> None:
    save_id = SaveStore(companion_home, fixed_clock).create(CAVENDISH, setup_for(2)).id
    steps = [
        ["ChooseLocation", "location=A"],
        ["TakeItem", "agent=Amy", "name=Locket", "kind=talisman"],
        ["TakeItem", "agent=Amy", "name=Item 17"],  # line 398: a handwritten note
        ["TakeItem", "agent=Anton", "name=ITEM 5", "kind=yellow"],  # line 325: stowed
        ["TakeItem", "agent=Anton", "name=ITEM 6", "kind=red", "kept=true"],  # line 326: kept
        ["TakeNote", "agent=Anton", "item=26"],
        ["RescueDamien"],
        ["GiveEmerald", "agent=Anton"],
        ["AnnounceGroupConflict", "adversary=the Butler"],
        ["GiveItems", "giver=Amy", "receiver=Anton", "items=17"],  # line 278: free swap
        ["AddAdversary", "name=the Ghoul", "life_points=3"],
        ["BeginGroupConflict", "order=Anton,Amy", "life_points=4"],
        [
            "AttemptTest",
            "agent=Anton",
            "attribute=strength",
            "difficulty=2",
            "destiny=0",
            "damage=2",
            "adversary=the Ghoul",
        ],
    ]
    for step in steps:
        code, _, err = run("act", save_id, *step)
        assert (code, err) == (0, ""), step
    document = shown(run, save_id)
    assert document["epilogue"]["notes"] == [17, 26]
    assert document["epilogue"]["damien_rescued"] and document["epilogue"]["anigimas_freed"]
    code, _, err = run("act", save_id, "GiveItems", "giver=Amy", "receiver=Anton", "items=Locket")
    assert code == 2 and "Talisman cards cannot be swapped" in err  # line 346
    for step in (
        ["AttemptTest", "agent=Amy", "attribute=strength", "difficulty=2", "destiny=0", "damage=4"],
        [
            "AttemptTest",
            "agent=Anton",
            "attribute=strength",
            "difficulty=2",
            "destiny=0",
            "damage=1",
        ],
        ["AntonDies"],
        ["EndMission"],
    ):
        code, _, err = run("act", save_id, *step)
        assert (code, err) == (0, ""), step
    document = shown(run, save_id)
    saved = SaveStore(companion_home).load(save_id)
    state = saved.session.state
    assert state.conflict is None and state.ended_conflict is not None
    assert [(a.damage, a.defeated) for a in state.ended_conflict.adversaries] == [
        (4, True),
        (3, True),
    ]
    # Mission Return 0: Damien -1 takes nothing, Anigimas +2, Anton +1 (lines 397-400)
    assert state.final_score == 3
    assert json.dumps(document).count("final score 3") >= 1

"""What `companion show` tells of a mission: the choice it waits for, and the state as data."""

from __future__ import annotations

from collections.abc import Callable

from companion.cavendish.actions import (
    AbandonMission,
    AttemptTest,
    Eject,
    EndMission,
    LeaveLocation,
    LoseAzrak,
    LoseControl,
    TakeFear,
    TakeItem,
)
from companion.cavendish.game import CAVENDISH, apply
from companion.cavendish.model import Adjustments, CavendishState
from companion.core import WaitingFor

State = Callable[..., CavendishState]


def test_a_broken_link_waits_for_its_player(at_location: State) -> None:
    state = apply(at_location(2, Anton=1), LoseAzrak("Anton", 1))
    assert CAVENDISH.waiting_for(state) == WaitingFor(
        "broken-link",
        "Anton's broken link: Emergency Update or loss of control",
        "Ana",
        question=True,  # asked on every device; the first answer counts
    )
    assert CAVENDISH.describe(state)["broken_links"] == [
        {"receptacle": "Anton", "on_location": None}
    ]


def test_the_time_captain_chooses_the_location_then_the_group_plays_freely(
    new_state: State, at_location: State
) -> None:
    assert CAVENDISH.waiting_for(new_state(3)) == WaitingFor(
        "choose-location", "Anton (Time Captain) chooses the next location", "Ben"
    )
    assert CAVENDISH.waiting_for(at_location(3)) is None


def test_a_loss_of_control_makes_the_standard_update_awaited(at_location: State) -> None:
    state = apply(at_location(2, Anton=1), LoseAzrak("Anton", 1))
    state = apply(apply(state, LoseControl()), LeaveLocation())
    waiting = CAVENDISH.waiting_for(state)
    assert waiting == WaitingFor("standard-update", "the Standard Update: Anton lost control")
    agents = {agent["receptacle"]: agent for agent in CAVENDISH.describe(state)["agents"]}
    assert agents["Anton"]["lost_control"] and CAVENDISH.describe(state)["update_needed"]


def test_describe_has_round_fear_on_tiles_items_ejections_and_every_test(
    at_location: State,
) -> None:
    state = apply(at_location(4), TakeFear("Doug", 3))
    state = apply(state, TakeItem("Amy", "ITEM 4", strength=1))
    state = apply(state, Eject("Jennifer"))
    state = apply(state, AttemptTest("Amy", "strength", 3, 1))
    state = apply(state, AttemptTest("Amy", "dexterity", 9, -1))
    data = CAVENDISH.describe(state)
    assert (data["round"], data["location"]) == (1, "A")
    assert data["house_plan"] == [{"name": "A", "azrak": 1, "fear": 2}]
    agents = {agent["receptacle"]: agent for agent in data["agents"]}
    assert agents["Amy"]["items"] == [
        {"name": "ITEM 4", "strength": 1, "confidence": 0, "dexterity": 0, "kind": "green"}
    ]
    assert agents["Amy"]["attributes"]["strength"] == 2
    assert agents["Jennifer"]["ejected"] and not agents["Jennifer"]["lost_control"]
    assert [(t["attribute"], t["value"], t["outcome"]) for t in data["tests"]] == [
        ("strength", 3, "critical"),
        ("dexterity", 2, "failure"),
    ]


def test_a_finished_mission_is_won_with_its_score(at_location: State) -> None:
    after = apply(at_location(2), EndMission(Adjustments(anton_dead=True)))
    data = CAVENDISH.describe(after)
    assert (data["status"], data["result"], data["final_score"]) == ("finished", "won", 1)
    assert data["adjustments"]["anton_dead"] and CAVENDISH.waiting_for(after) is None


def test_a_failed_mission_has_no_score(at_location: State) -> None:
    after = apply(at_location(2), AbandonMission())
    data = CAVENDISH.describe(after)
    assert (data["status"], data["result"]) == ("failed", "failed")
    assert "final_score" not in data and "winners" not in data
    assert CAVENDISH.score is not None
    score = CAVENDISH.score(after)
    assert score.totals == {} and score.winners == ()

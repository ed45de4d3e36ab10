"""Whose move a Cavendish action is (`Game.mover`): an agent's actions are the agent's seat
(the player seated as that agent), the table's own moves nobody's."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from companion.cavendish.actions import (
    AbandonMission,
    AnnounceGroupConflict,
    AttemptTest,
    ChooseLocation,
    DiscardFear,
    EmergencyUpdate,
    Explore,
    GiveItems,
    LeaveLocation,
    LoseControl,
    PassCaptain,
    ReshuffleDestiny,
    StandardUpdate,
    TakeFear,
)
from companion.cavendish.game import CAVENDISH
from companion.cavendish.model import BrokenLink, CavendishState


@pytest.mark.parametrize(
    ("action", "agent"),
    [
        (Explore("Anton"), "Anton"),
        (Explore("Doug"), "Doug"),
        (AttemptTest("Doug", "strength", 3, 0), "Doug"),
        (TakeFear("Amy", 1), "Amy"),
        (DiscardFear("Anton", 1), "Anton"),
        (GiveItems("Doug", "Amy", ("Rope",)), "Doug"),
    ],
)
def test_an_agents_action_is_that_agents(
    at_location: Callable[..., CavendishState], action: object, agent: str
) -> None:
    state = at_location(3)  # Amy (Ana), Anton (Ben), Doug (Cy)
    assert CAVENDISH.mover(state, action) == agent
    assert agent in {seat.name for seat in CAVENDISH.seats(state)}


def test_the_location_is_the_time_captains_choice(
    new_state: Callable[..., CavendishState],
) -> None:
    state = new_state(3)
    captain = state.agents[state.captain].receptacle
    assert CAVENDISH.mover(state, ChooseLocation("A")) == captain
    passed = replace(state, captain=(state.captain + 1) % 3)
    assert CAVENDISH.mover(passed, ChooseLocation("A")) == passed.agents[passed.captain].receptacle
    assert passed.agents[passed.captain].receptacle != captain


def test_a_broken_links_answer_is_its_agents(at_location: Callable[..., CavendishState]) -> None:
    state = replace(at_location(3), pending=(BrokenLink("Doug"),))
    assert CAVENDISH.mover(state, EmergencyUpdate()) == "Doug"
    assert CAVENDISH.mover(state, LoseControl()) == "Doug"


@pytest.mark.parametrize(
    "action",
    [
        LeaveLocation(),
        PassCaptain(),
        StandardUpdate((1, 1, 1)),
        AnnounceGroupConflict(),
        ReshuffleDestiny(),
        AbandonMission(),
    ],
)
def test_the_tables_own_moves_are_nobodys(
    at_location: Callable[..., CavendishState], action: object
) -> None:
    assert CAVENDISH.mover(at_location(3), action) is None

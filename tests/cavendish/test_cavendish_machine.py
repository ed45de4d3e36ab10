"""Cavendish sessions under random do, undo, redo, save and load: 31 crystals after every step,
pools within 0..starting level, undo exact, saves replaying to the same mission."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import run_state_machine_as_test
from test_cavendish_properties import ACTIONS, SETUPS, check_invariants, greedy_action

from companion.cavendish.actions import (
    AndCost,
    AnnounceGroupConflict,
    AttemptTest,
    BeginGroupConflict,
    ChooseLocation,
    EmergencyUpdate,
    EndGroupConflict,
    Explore,
    GainAzrak,
    LeaveLocation,
    LoseAzrak,
    LoseControl,
    OrderAttempts,
    PassCaptain,
    PersonalConflict,
    StandardUpdate,
)
from companion.cavendish.azrak import even_split, update_cost
from companion.cavendish.game import CAVENDISH
from companion.cavendish.model import CavendishState
from tests.quality.session_machine import LONG, QUICK, MachineSpec, session_machine


def moves(state: CavendishState) -> list[Any]:
    """Moves a table makes in this phase (ending the mission is left to the random actions,
    so that played missions go deep)."""
    candidates: list[Any] = [
        greedy_action(state),
        ChooseLocation("A"),
        ChooseLocation("B"),
        LeaveLocation(),
        PassCaptain(),
        EmergencyUpdate(),
        LoseControl(),
        AnnounceGroupConflict("the Butler"),
        BeginGroupConflict(tuple(a.receptacle for a in state.agents if not a.ejected), 4),
        OrderAttempts(tuple(a.receptacle for a in state.agents if not a.ejected)[::-1]),
        EndGroupConflict(),
    ]
    for agent in state.agents:
        who = agent.receptacle
        candidates += [Explore(who), AndCost(who), GainAzrak(who, 1), LoseAzrak(who, 1)]
        candidates += [AttemptTest(who, "strength", 3, 0, damage=1), PersonalConflict(who)]
    if state.phase == "between" and state.vortex:
        shares = even_split(state, max(0, state.vortex - update_cost(state)))
        candidates.append(StandardUpdate(shares))
    return candidates


CavendishMachine = session_machine(
    MachineSpec(CAVENDISH, st.sampled_from(SETUPS), ACTIONS, check_invariants, moves)
)


def test_cavendish_session_keeps_its_invariants_through_undo_redo_and_saves() -> None:
    run_state_machine_as_test(CavendishMachine, settings=QUICK)


@pytest.mark.slow
def test_cavendish_session_machine_long() -> None:
    run_state_machine_as_test(CavendishMachine, settings=LONG)

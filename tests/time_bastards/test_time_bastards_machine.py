"""Time Bastards sessions under random do, undo, redo, save and load: four counters per player
(board + supply) after every step, undo exact, saves replaying to the same game."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import run_state_machine_as_test
from test_time_bastards_properties import assert_counters, setups

from companion.time_bastards.game import TIME_BASTARDS, choices
from companion.time_bastards.model import (
    LeavePieces,
    MoveEarliest,
    PlaceNewPiece,
    RollD6,
    SendBumpedPiece,
    ShiftPiece,
    TimeBastardsState,
)
from tests.quality.session_machine import LONG, QUICK, MachineSpec, session_machine

player = st.integers(-1, 2)
timeline = st.integers(-1, 5)
ACTIONS = st.one_of(
    st.builds(MoveEarliest, player),
    st.builds(RollD6, player, st.integers(0, 7), st.sampled_from(("app", "physical"))),
    st.builds(PlaceNewPiece, player, timeline),
    st.builds(ShiftPiece, player, st.integers(0, 12), st.sampled_from(("back", "forward"))),
    st.builds(LeavePieces, player),
    st.builds(SendBumpedPiece, player, timeline),
)
"""Every action with players, dice, timelines and piece ages both possible and not."""


def check_invariants(state: TimeBastardsState) -> None:
    """Board + supply = 4 per player, pieces on the board, one scoring track per player (duel)."""
    assert_counters(state)
    assert len(state.achievements) == (1 if state.setup.mode == "coop" else 2)
    assert state.roll is None or 1 <= state.roll <= 6
    assert not (state.finished and (state.roll is not None or state.bumped))


def legal_moves(state: TimeBastardsState) -> list[Any]:
    """The game's own `choices`, plus every roll of the D6 on a fresh turn."""
    found: list[Any] = [choice.action for choice in choices(state)]
    if not state.finished and state.roll is None and not state.bumped:
        found += [RollD6(state.turn, value) for value in range(1, 7)]
    return found


TimeBastardsMachine = session_machine(
    MachineSpec(TIME_BASTARDS, setups, ACTIONS, check_invariants, legal_moves, moves_are_legal=True)
)


def test_time_bastards_session_keeps_its_invariants_through_undo_redo_and_saves() -> None:
    run_state_machine_as_test(TimeBastardsMachine, settings=QUICK)


@pytest.mark.slow
def test_time_bastards_session_machine_long() -> None:
    run_state_machine_as_test(TimeBastardsMachine, settings=LONG)

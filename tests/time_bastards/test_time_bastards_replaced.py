"""Time Bastards sets no value: every action rolls, moves or places a piece in turn order, which
the rules check against the newest state, so none carries a value it replaces."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from test_time_bastards_machine import ACTIONS, legal_moves
from test_time_bastards_properties import picks, played, setups

from companion.time_bastards.game import TIME_BASTARDS
from companion.time_bastards.model import TimeBastardsSetup


@settings(max_examples=40, deadline=None)
@given(setups, picks, st.lists(ACTIONS, max_size=6))
def test_no_action_replaces_a_value(
    setup: TimeBastardsSetup, moves: list[tuple[int, int]], wild: list[Any]
) -> None:
    state = played(setup, moves).state
    for action in [*legal_moves(state), *wild]:
        assert TIME_BASTARDS.replaced(state, action) is None

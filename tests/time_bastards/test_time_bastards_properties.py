"""Properties over random legal play: four counters per player, distinct times, exact undo."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.session import Session
from companion.time_bastards.game import TIME_BASTARDS, choices
from companion.time_bastards.model import (
    PIECES_PER_PLAYER,
    RollD6,
    TimeBastardsSetup,
    TimeBastardsState,
    Traveller,
)
from saves.codec import from_plain, to_plain

picks = st.lists(st.tuples(st.integers(0, 20), st.integers(1, 6)), min_size=1, max_size=80)
setups = st.builds(
    TimeBastardsSetup,
    players=st.tuples(
        st.builds(Traveller, st.just("Ana"), st.just("red"), st.integers(1, 4)),
        st.builds(Traveller, st.just("Ben"), st.just("blue"), st.integers(1, 4)),
    ),
    mode=st.sampled_from(["duel", "coop"]),
    timeline_length=st.integers(4, 15),
)


def next_action(state: TimeBastardsState, pick: int, die: int) -> Any:
    """A legal action chosen by `pick`: on a fresh turn, a roll of `die` or the piece move."""
    legal = [choice.action for choice in choices(state)]
    if state.roll is None and not state.bumped:
        legal.append(RollD6(state.turn, die))
    return legal[pick % len(legal)]


def played(setup: TimeBastardsSetup, moves: list[tuple[int, int]]) -> Session:
    session = Session(TIME_BASTARDS, setup)
    for pick, die in moves:
        if session.state.finished:
            break
        session.do(next_action(session.state, pick, die))
    return session


def assert_counters(state: TimeBastardsState) -> None:
    for player in (0, 1):
        on_board = [p for p in state.pieces if p.owner == player]
        assert len(on_board) + state.supply[player] == PIECES_PER_PLAYER
        assert state.supply[player] >= 0
        if not state.bumped:
            times = [p.position for p in on_board]
            assert len(times) == len(set(times)), "two of a player's pieces are level"
        assert all(0 <= p.position < state.setup.timeline_length for p in on_board)


@given(setups, picks)
def test_board_plus_supply_is_always_four_per_player(
    setup: TimeBastardsSetup, moves: list[tuple[int, int]]
) -> None:
    session = Session(TIME_BASTARDS, setup)
    assert_counters(session.state)
    for pick, die in moves:
        if session.state.finished:
            break
        session.do(next_action(session.state, pick, die))
        assert_counters(session.state)
        assert len(session.state.achievements) == (1 if setup.mode == "coop" else 2)


@given(setups, picks)
def test_undo_restores_the_exact_state_and_redo_puts_it_back(
    setup: TimeBastardsSetup, moves: list[tuple[int, int]]
) -> None:
    session = Session(TIME_BASTARDS, setup)
    states = [session.state]
    for pick, die in moves:
        if session.state.finished:
            break
        session.do(next_action(session.state, pick, die))
        states.append(session.state)
    for expected in reversed(states[:-1]):
        session.undo()
        assert session.state == expected
    for expected in states[1:]:
        session.redo()
        assert session.state == expected


@settings(max_examples=25)
@given(setups, picks)
def test_a_saved_log_replays_to_the_same_state(
    setup: TimeBastardsSetup, moves: list[tuple[int, int]]
) -> None:
    session = played(setup, moves)
    plain_setup = from_plain(TimeBastardsSetup, to_plain(setup))
    actions = [from_plain(type(a), to_plain(a)) for a in session.actions]
    assert Session(TIME_BASTARDS, plain_setup, actions).state == session.state

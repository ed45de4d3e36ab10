"""Invariants whatever the sequence of moves: cube bounds, card conservation, exact undo."""

from __future__ import annotations

import contextlib
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import RuleError
from companion.session import Session
from companion.sojourn.actions import (
    ACTION_TYPES,
    DestinationDeckEmpty,
    DrawDestination,
    DrawTimeFragment,
    DrawTimestream,
    EditDestination,
    LoopTo,
    OpenWithCharge,
    PlaceSide,
    PlayBandage,
    PlayBattery,
    PlayFracture,
    RollRisk,
    Travel,
    TravelHome,
)
from companion.sojourn.game import SOJOURN
from companion.sojourn.model import KINDS, RISKS, DestinationCard, HistoricalDate, SojournSetup
from saves.codec import from_plain, to_plain

kinds = st.sampled_from(KINDS)
cards = st.builds(
    DestinationCard,
    name=st.sampled_from(["Rome", "Troy", "Ur", "Giza", "Apollo 11", "Salem", "Rome "]),
    date=st.builds(HistoricalDate, st.integers(-3000, 2100)),
    drop=st.one_of(st.none(), st.integers(0, 3)),
    cost=st.integers(0, 4),
    risk=st.sampled_from((*RISKS, 30)),
    dmg=st.integers(0, 4),
    gain=st.integers(0, 2),
    drop_text=st.sampled_from(["", "Drop a Loop"]),
)
actions = st.one_of(
    st.builds(DrawTimestream, st.lists(kinds, max_size=5).map(tuple)),
    st.builds(DrawDestination, cards),
    st.just(DrawTimeFragment()),
    st.just(DestinationDeckEmpty()),
    st.builds(PlaceSide, st.sampled_from(["left", "right"])),
    st.builds(RollRisk, st.sampled_from(range(0, 100, 10)), st.integers(0, 9), st.just("physical")),
    st.builds(Travel, st.integers(0, 6), st.lists(kinds, max_size=3).map(tuple), st.booleans()),
    st.builds(LoopTo, st.integers(0, 6)),
    st.just(OpenWithCharge()),
    st.just(PlayFracture()),
    st.just(PlayBandage()),
    st.just(PlayBattery()),
    st.builds(TravelHome, st.booleans()),
    st.builds(EditDestination, st.integers(0, 6), cards),
)
FIRST = DestinationCard("Pearl Harbor", HistoricalDate(1941), 2, 2, 90, 4, 1)
OPENING = [DrawTimestream(tuple(KINDS)), DrawDestination(FIRST)]


def run(moves: list[Any]) -> tuple[Session, list[Any]]:
    """The session after the moves the rules accept, and every state it went through."""
    session = Session(SOJOURN, SojournSetup())
    states = [session.state]
    for move in [*OPENING, *moves]:
        with contextlib.suppress(RuleError):
            states.append(session.do(move))
    return session, states


@settings(max_examples=80)
@given(st.lists(actions, max_size=40))
def test_cubes_stay_on_the_traveler_card_and_cards_are_conserved(moves: list[Any]) -> None:
    _session, states = run(moves)
    for state in states:
        assert 0 <= state.health <= 7
        assert 0 <= state.charge <= 7
        assert 0 <= state.fragments <= 4
        total = state.hand.total + state.deck.total + state.discard.total
        assert total == 25
        for kind in KINDS:
            assert min(state.hand.count(kind), state.deck.count(kind)) >= 0
        spots = {(place.row, place.column) for place in state.timeline}
        assert len(spots) == len(state.timeline)


@settings(max_examples=60)
@given(st.lists(actions, max_size=30), st.integers(0, 30))
def test_undo_restores_the_exact_state_and_redo_puts_it_back(moves: list[Any], back: int) -> None:
    session, seen = run(moves)
    back = min(back, len(session.actions))
    for _ in range(back):
        session.undo()
    assert session.state == seen[len(seen) - 1 - back]
    for _ in range(back):
        session.redo()
    assert session.state == seen[-1]


@settings(max_examples=40)
@given(st.lists(actions, max_size=30))
def test_saved_actions_replay_to_the_same_state(moves: list[Any]) -> None:
    session, _states = run(moves)
    plain = [(type(a).__name__, to_plain(a)) for a in session.actions]
    types = {cls.__name__: cls for cls in ACTION_TYPES}
    replayed = Session(SOJOURN, SojournSetup(), [from_plain(types[n], d) for n, d in plain])
    assert replayed.state == session.state

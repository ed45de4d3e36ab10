"""Sojourn sessions under random do, undo, redo, save and load: Health and Charge within 0..7,
every timestream card accounted for, undo exact, saves replaying to the same journey."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import run_state_machine_as_test
from test_sojourn_properties import actions

from companion.sojourn.actions import (
    DestinationDeckEmpty,
    DrawDestination,
    DrawTimeFragment,
    DrawTimestream,
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
from companion.sojourn.model import (
    KINDS,
    RISKS,
    DestinationCard,
    DrawCards,
    HistoricalDate,
    OpenNext,
    PlaceCard,
    RiskRoll,
    SojournSetup,
    SojournState,
)
from tests.quality.session_machine import LONG, QUICK, MachineSpec, session_machine

SETUPS = st.builds(SojournSetup, read_one_to_hundred=st.booleans())


def check_invariants(state: SojournState) -> None:
    """The Traveler card's cubes stay on it; the 25 timestream cards are all somewhere."""
    assert 0 <= state.health <= 7
    assert 0 <= state.charge <= 7
    assert 0 <= state.fragments <= 4
    for kind in KINDS:
        assert min(state.hand.count(kind), state.deck.count(kind), state.discard.count(kind)) >= 0
    assert state.hand.total + state.deck.total + state.discard.total == state.setup.deck.total
    spots = {(place.row, place.column) for place in state.timeline}
    assert len(spots) == len(state.timeline), "two destinations share a spot"
    if state.outcome is None:
        assert state.health > 0


def destination(number: int, risky: bool) -> DestinationCard:
    """A printed-looking card, named after its place in the timeline so names never clash."""
    return DestinationCard(
        f"Stop {number}",
        HistoricalDate(1000 + 37 * number),
        drop=number % 3,
        cost=number % 2,
        risk=RISKS[-1] if risky else RISKS[number % 3],
        dmg=2 if risky else 1,
        gain=number % 3,
    )


def drawn(state: SojournState, count: int) -> list[tuple[Any, ...]]:
    """Hands of `count` cards the deck (or the discard, once reshuffled) could give."""
    pool = state.deck if state.deck.total >= count else state.discard.add(state.deck)
    present = [kind for kind in KINDS if pool.count(kind)]
    hands = [(kind,) * count for kind in present]
    hands.append(tuple(present[i % len(present)] for i in range(count)) if present else ())
    return hands


def moves(state: SojournState) -> list[Any]:
    """The answers to what the game waits for, or the moves of a free turn."""
    waiting = state.waiting
    candidates: list[Any]
    if isinstance(waiting, DrawCards):
        candidates = [DrawTimestream(hand) for hand in drawn(state, waiting.count)]
    elif isinstance(waiting, OpenNext):
        number = len(state.timeline)
        candidates = [
            DrawDestination(destination(number, risky=False)),
            DrawDestination(destination(number, risky=True)),
            DrawDestination(destination(number + 50, risky=False)),
            DrawTimeFragment(),
        ]
        if number > 8:
            candidates.append(DestinationDeckEmpty())
    elif isinstance(waiting, PlaceCard):
        candidates = [PlaceSide("left"), PlaceSide("right")]
    elif isinstance(waiting, RiskRoll):
        candidates = [RollRisk(tens, units) for tens in (0, 40, 90) for units in (0, 9)]
    else:
        hand = [kind for kind in KINDS for _ in range(state.hand.count(kind))]
        candidates = [OpenWithCharge(), PlayFracture(), PlayBandage(), PlayBattery()]
        candidates += [TravelHome(False), TravelHome(True)]
        for index, place in enumerate(state.timeline):
            drop = place.card.drop or 0
            candidates += [Travel(index, tuple(hand[:drop])), Travel(index, (), True)]
            candidates.append(LoopTo(index))
    return candidates


SojournMachine = session_machine(MachineSpec(SOJOURN, SETUPS, actions, check_invariants, moves))


def test_sojourn_session_keeps_its_invariants_through_undo_redo_and_saves() -> None:
    run_state_machine_as_test(SojournMachine, settings=QUICK)


@pytest.mark.slow
def test_sojourn_session_machine_long() -> None:
    run_state_machine_as_test(SojournMachine, settings=LONG)

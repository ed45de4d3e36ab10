"""Hand-worked Sojourn trips of issue 43, each checked against the rulebook line it cites
(/work/shared/rules/sojourn.txt, "line N"): every kind of trip, its state and its log line by line,
the refusals that say why, undo of each step."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest
from sojourn_helpers import B, F, L, P, T, card, started

from companion.core import RuleError
from companion.session import Session
from companion.sojourn.actions import (
    DrawDestination,
    DrawTimestream,
    LoopTo,
    PlaceSide,
    RollRisk,
    Travel,
    TravelHome,
)
from companion.sojourn.game import SOJOURN
from companion.sojourn.model import Cards, SojournSetup, SojournState
from companion.sojourn.words import narrate

PARIS = card("Paris", 1789)


def lines(state: SojournState, actions: Sequence[Any]) -> tuple[SojournState, list[str]]:
    """The state after the actions and the log line of each."""
    said = []
    for action in actions:
        after = SOJOURN.apply(state, action)
        said.append(narrate(state, action, after))
        state = after
    return state, said


def revision(rules: int, first: Any, hand: tuple[Any, ...] = (B, F, L, P, T)) -> SojournState:
    state = SOJOURN.at_revision(SOJOURN.start(SojournSetup()), rules)
    state, _ = lines(state, [DrawTimestream(hand), DrawDestination(first)])
    return state


def test_a_failed_roll_at_gain_0_is_in_the_log_with_its_damage() -> None:
    # line 81: "If the Traveler fails the RISK roll they receive damage"; issue 43's case:
    # RISK 75, DMG 2, roll 10 takes Health from 7 to 5
    state = started(first=card("Rome", 100, drop=1, cost=1, risk=75, dmg=2, gain=0))
    after, said = lines(
        state, [Travel(1, (B,)), DrawDestination(PARIS), RollRisk(10, 0, "physical")]
    )
    assert after.health == 5 and after.trip is None
    assert (
        "rolled 10 on real dice (10+0) vs RISK 75 at Rome: failed, DMG 2: Health 7 -> 5"
        in (said[2])
    )
    assert "Opened Paris" in said[1]  # line 78: "A new Destination opens"


def test_the_roll_of_a_gain_0_trip_is_in_the_log() -> None:
    # line 80: "The player rolls the percentile dice and must meet or beat" RISK
    state = started(first=card("Rome", 100, drop=1, cost=1, risk=25, dmg=1, gain=0))
    after, said = lines(state, [Travel(1, (B,)), DrawDestination(PARIS), RollRisk(50, 0)])
    assert after.health == 7
    assert said[2].startswith("The app rolled 50 for the traveller (50+0) vs RISK 25 at Rome: safe")
    assert "GAIN 0" in said[2]


@pytest.mark.parametrize(
    ("rules", "roll", "words"),
    [
        (2, [RollRisk(50, 0)], "rolled 50 vs RISK 0: safe"),  # a typed roll is said as typed
        (3, [], "RISK 0: safe, no roll"),  # revision 3: no roll at RISK 0
    ],
)
def test_risk_0_gain_0_trip_by_revision(rules: int, roll: list[Any], words: str) -> None:
    # line 80: every roll meets or beats 0
    state = revision(rules, card("Rome", 100, drop=1, cost=1, risk=0, dmg=2, gain=0))
    after, said = lines(state, [Travel(1, (B,)), DrawDestination(PARIS), *roll])
    assert after.trip is None and after.health == 7 and after.charge == 6
    assert words in said[-1]
    assert "Opened Paris (1789) at row 2, the start column (free after the trip)" in said[1]


def test_a_roll_at_a_risk_0_trip_is_refused_saying_it_needs_none() -> None:
    state = started(first=card("Rome", 100, drop=1, cost=1, risk=0, dmg=2, gain=0))
    state = SOJOURN.apply(state, Travel(1, (B,)))
    with pytest.raises(RuleError, match="A RISK 0% trip needs no roll"):
        SOJOURN.apply(state, RollRisk(10, 0))


@pytest.mark.parametrize("waiting", [True, False], ids=["during the trip", "after it"])
def test_a_card_drawn_for_gain_0_is_refused_saying_gain_0_draws_none(waiting: bool) -> None:
    # line 83: the GAIN box is "the amount of Timestream cards you Gain"
    state = started(first=card("Rome", 100, drop=1, cost=1, risk=25, dmg=1, gain=0))
    state, _ = lines(state, [Travel(1, (B,)), DrawDestination(PARIS)])
    if not waiting:
        state, _ = lines(state, [RollRisk(90, 0)])
    with pytest.raises(RuleError, match="GAIN 0 draws no card"):
        SOJOURN.apply(state, DrawTimestream((B,)))


def test_a_paradox_trip_skips_drop_and_cost_but_not_risk_or_gain() -> None:
    # line 52: "ignore both the Timestream card Drop and the Temporal Charge Cost"
    state = started(first=card("Rome", 100, drop=2, cost=3, risk=50, dmg=3, gain=1))
    after, said = lines(
        state,
        [Travel(1, paradox=True), DrawDestination(PARIS), RollRisk(10, 0), DrawTimestream((B,))],
    )
    assert (after.charge, after.health, after.hand.total) == (7, 4, 5)
    assert said[0] == "Set out for Rome with a Paradox: no DROP, no COST"
    assert "Health 7 -> 4" in said[2] and "gained 1 (1 Bandage)" in said[3]


def test_a_loop_to_a_gain_0_card_with_a_side_to_choose_logs_the_opening() -> None:
    # line 50: "You do not have to Drop ..., pay any Temporal Charge Cost, or roll the Risk dice"
    # line 63: "place the card just to the left OR right of the card above yours"
    free = {"drop": 0, "cost": 0, "risk": 0, "dmg": 0, "gain": 0}
    state = started(hand=(L, B, B, B, B), first=card("Rome", 100, **free))
    state, _ = lines(
        state,
        [Travel(1), DrawDestination(card("Paris", 1789, **free)), Travel(2)],
    )
    state, _ = lines(state, [DrawDestination(card("Berlin", 1900, **free))])
    with pytest.raises(RuleError, match="A Loop skips the RISK roll"):
        SOJOURN.apply(SOJOURN.apply(state, LoopTo(1)), RollRisk(0, 0))
    after, said = lines(state, [LoopTo(1), DrawDestination(card("Oslo", 1000)), PlaceSide("left")])
    assert after.position == 1 and after.trip is None and after.charge == 7
    assert said[2].startswith(
        "Opened Oslo (1000) at row 2, 1 left of start: to the left of the card above"
    )
    assert "looped back to Rome, no drop, cost or risk, GAIN 0" in said[2]


def test_a_loop_gains_its_cards() -> None:
    # line 50: "You do get the Gained Timestream card as indicated for the new Destination."
    state = started(hand=(L, B, B, B, B), first=card("Rome", 100, drop=0, cost=0, risk=0, gain=2))
    state, _ = lines(state, [Travel(1), DrawDestination(PARIS), DrawTimestream((F, F))])
    state, _ = lines(state, [Travel(2, (B,)), DrawDestination(card("Oslo", 1000))])
    state, _ = lines(state, [RollRisk(90, 0), DrawTimestream((P,))])
    after, said = lines(
        state, [LoopTo(1), DrawDestination(card("Cairo", 1800)), PlaceSide("right")]
    )
    assert after.waiting is not None  # the GAIN 2 is still to draw
    after, said = lines(after, [DrawTimestream((T, T))])
    assert "looped back to Rome" in said[0] and "gained 2 (2 Temporal Battery)" in said[0]


def test_damage_to_health_0_loses_on_the_roll_and_says_so() -> None:
    # line 32: "You Lose When ... Your Health drops to zero."
    state = started(first=card("Rome", 100, drop=0, cost=0, risk=90, dmg=7, gain=1))
    after, said = lines(state, [Travel(1), DrawDestination(PARIS), RollRisk(0, 5)])
    assert after.outcome is not None and after.outcome.status == "lost" and after.health == 0
    assert "Health 7 -> 0" in said[2] and "LOST: Health dropped to 0 at Rome" in said[2]


@pytest.mark.parametrize(
    ("deck", "drawn", "words"),
    [
        (
            Cards(bandage=1),
            [DrawTimestream((B,))],
            "gained 1 of GAIN 2 (1 Bandage): the timestream",
        ),
        (Cards(), [], "GAIN 2: no card drawn, the timestream deck and its discards are empty"),
    ],
    ids=["one card left", "none left"],
)
def test_a_gain_the_deck_cannot_fill_says_so(deck: Cards, drawn: list[Any], words: str) -> None:
    state = started(first=card("Rome", 100, drop=0, cost=0, risk=0, dmg=0, gain=2))
    state = replace(state, deck=deck, discard=Cards())
    after, said = lines(state, [Travel(1), DrawDestination(PARIS), *drawn])
    assert after.trip is None and words in said[-1]


@pytest.mark.parametrize(
    ("paradox", "charge", "spent"),
    [(False, 1, "charge 1 -> 0"), (True, 0, "a Paradox")],
)
def test_travel_home_wins_with_a_charge_or_a_paradox(
    paradox: bool, charge: int, spent: str
) -> None:
    # line 85: "4 pieces ... and has at least 1 Temporal Charge or a Paradox Timestream card"
    state = replace(started(hand=(P, B, B, B, B)), fragments=4, charge=charge)
    after, said = lines(state, [TravelHome(paradox=paradox)])
    assert after.outcome is not None and after.outcome.status == "won"
    assert spent in said[0] and "WON" in said[0]


def test_travel_home_without_a_charge_is_refused_saying_why() -> None:
    state = replace(started(hand=(B, B, B, B, B)), fragments=4, charge=0)
    with pytest.raises(RuleError, match=r"needs 1 Temporal Charge .or a Paradox card.; you have 0"):
        SOJOURN.apply(state, TravelHome())


def test_each_step_of_a_trip_is_undone_alone() -> None:
    session = Session(
        SOJOURN,
        SojournSetup(),
        [
            DrawTimestream((B, F, L, P, T)),
            DrawDestination(card("Rome", 100, drop=1, cost=1, risk=75, dmg=2, gain=1)),
        ],
    )
    states = [session.state]
    for action in (Travel(1, (B,)), DrawDestination(PARIS), RollRisk(10, 0), DrawTimestream((F,))):
        session.do(action)
        states.append(session.state)
    for expected in reversed(states[:-1]):
        session.undo()
        assert session.state == expected


def test_the_fourth_fragment_wins_by_travelling_home_once_the_trip_is_done() -> None:
    # line 79: "collect all Fragments"; line 85: "they may Travel home and WIN the game!"
    state = started(first=card("Rome", 100, drop=0, cost=1, risk=50, dmg=1, gain=1))
    timeline = list(state.timeline)
    timeline[1] = replace(timeline[1], fragments=1)
    state = replace(state, fragments=3, timeline=tuple(timeline))
    state, said = lines(state, [Travel(1), DrawDestination(PARIS)])
    assert state.fragments == 4 and "collected 1 Time Fragment (4 of 4)" in said[0]
    with pytest.raises(RuleError, match="First roll the RISK dice"):
        SOJOURN.apply(state, TravelHome())  # the trip's steps come first (line 80)
    state, said = lines(state, [RollRisk(90, 0), DrawTimestream((B,))])
    assert state.outcome is None and "collected 1 fragment" in said[-1]
    won, said = lines(state, [TravelHome()])
    assert won.outcome is not None and won.outcome.status == "won" and won.charge == 5

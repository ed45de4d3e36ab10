"""Travel step by step, the timeline layout and the timestream cards' effects."""

from __future__ import annotations

from dataclasses import replace

import pytest
from sojourn_helpers import B, F, L, P, T, card, play, started

from companion.core import RuleError
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
)
from companion.sojourn.game import SOJOURN
from companion.sojourn.model import Cards, DrawCards, OpenNext, PlaceCard, RiskRoll, SojournState

PEARL = card("Pearl Harbor", 1941, drop=2, cost=2, risk=90, dmg=4, gain=1)


def spots(state: SojournState) -> dict[str, tuple[int, int]]:
    return {place.name: (place.row, place.column) for place in state.timeline}


class TestTravelSteps:
    def test_pearl_harbor_drop_pay_move_open_roll_damage_gain_in_order(self) -> None:
        state = started(first=PEARL)
        state = SOJOURN.apply(state, Travel(1, (B, L)))
        assert state.hand == Cards(fracture=1, paradox=1, battery=1)
        assert state.discard == Cards(bandage=1, loop=1)
        assert state.charge == 5
        assert state.position == 1
        assert state.pending == (OpenNext("trip"), RiskRoll(1), DrawCards(1, "gain"))
        state = SOJOURN.apply(state, DrawDestination(card("Rome", -44)))
        assert state.waiting == RiskRoll(1)
        state = SOJOURN.apply(state, RollRisk(30, 7))
        assert state.health == 3
        state = SOJOURN.apply(state, DrawTimestream((L,)))
        assert state.hand.count(L) == 1
        assert state.pending == () and state.trip is None

    def test_gain_is_drawn_even_when_the_roll_is_safe(self) -> None:
        state = play(started(first=PEARL), [Travel(1, (B, L)), DrawDestination(card("Rome"))])
        state = SOJOURN.apply(state, RollRisk(90, 0))
        assert state.health == 7
        assert state.waiting == DrawCards(1, "gain")

    def test_too_little_charge_is_refused_with_the_numbers(self) -> None:
        state = replace(started(first=PEARL), charge=1)
        with pytest.raises(RuleError, match="this trip costs 2, you have 1"):
            SOJOURN.apply(state, Travel(1, (B, L)))

    def test_the_drop_count_must_match(self) -> None:
        with pytest.raises(RuleError, match="DROP 2 timestream cards; you chose 1"):
            SOJOURN.apply(started(first=PEARL), Travel(1, (B,)))

    def test_a_short_hand_drops_what_it_holds(self) -> None:
        state = started(hand=(B, F, L, P, T), first=replace(PEARL, drop=9))
        with pytest.raises(RuleError, match=r"DROP 5 timestream cards \(you hold 5\)"):
            SOJOURN.apply(state, Travel(1, (B,)))
        after = SOJOURN.apply(state, Travel(1, (B, F, L, P, T)))
        assert after.hand.total == 0

    def test_dropping_a_card_not_in_hand_is_refused(self) -> None:
        with pytest.raises(RuleError, match="no Loop card"):
            SOJOURN.apply(started(hand=(B, B, F, P, T), first=PEARL), Travel(1, (L, B)))

    def test_a_star_drop_takes_the_cards_the_player_picks(self) -> None:
        star = card("Salem", 1692, drop=None, drop_text="Drop every Loop", cost=1)
        state = SOJOURN.apply(started(hand=(L, L, B, P, T), first=star), Travel(1, (L, L)))
        assert state.hand.count(L) == 0

    def test_paradox_skips_drop_and_cost_but_not_risk(self) -> None:
        state = SOJOURN.apply(started(first=PEARL), Travel(1, (), paradox=True))
        assert state.charge == 7
        assert state.hand == Cards(1, 1, 1, 0, 1)
        assert RiskRoll(1) in state.pending

    def test_paradox_needs_the_card_and_no_drop(self) -> None:
        with pytest.raises(RuleError, match="no Paradox"):
            SOJOURN.apply(started(hand=(B, B, F, L, T)), Travel(1, (), paradox=True))
        with pytest.raises(RuleError, match="Paradox skips the DROP"):
            SOJOURN.apply(started(), Travel(1, (B,), paradox=True))

    def test_fragments_are_collected_on_arrival(self) -> None:
        state = SOJOURN.start(replace(started().setup))
        state = play(state, [DrawTimestream((B, F, L, P, T)), DrawTimeFragment()])
        state = play(state, [DrawTimeFragment(), DrawDestination(PEARL)])
        assert state.timeline[1].fragments == 2
        state = SOJOURN.apply(state, Travel(1, (B, L)))
        assert state.fragments == 2
        assert state.timeline[1].fragments == 0

    def test_no_trip_to_the_jurassic_period_or_where_you_are(self) -> None:
        state = play(started(first=PEARL), [Travel(1, (B, L)), DrawDestination(card("Rome"))])
        state = play(state, [RollRisk(90, 0), DrawTimestream((L,))])
        with pytest.raises(RuleError, match="start card"):
            SOJOURN.apply(state, Travel(0, ()))
        with pytest.raises(RuleError, match="already at Pearl Harbor"):
            SOJOURN.apply(state, Travel(1, ()))
        with pytest.raises(RuleError, match="no destination 9"):
            SOJOURN.apply(state, Travel(9, ()))

    def test_every_trip_opens_a_new_destination(self) -> None:
        state = SOJOURN.apply(started(first=PEARL), Travel(1, (B, L)))
        assert state.waiting == OpenNext("trip")
        with pytest.raises(RuleError, match="First type in the destination card"):
            SOJOURN.apply(state, RollRisk(0, 0))


class TestTimeline:
    def test_directly_above_when_free(self) -> None:
        state = play(started(first=PEARL), [Travel(1, (B, L)), DrawDestination(card("Rome"))])
        assert spots(state)["Rome"] == (2, 0)

    def test_taken_spot_asks_left_or_right_and_takes_the_nearest_free_spot(self) -> None:
        state = started(first=PEARL)
        state = play(state, [OpenWithCharge(), DrawDestination(card("Troy", -1200))])
        assert isinstance(state.waiting, PlaceCard)
        state = SOJOURN.apply(state, PlaceSide("right"))
        assert spots(state)["Troy"] == (1, 1)
        state = play(state, [OpenWithCharge(), DrawDestination(card("Ur")), PlaceSide("right")])
        assert spots(state)["Ur"] == (1, 2)
        state = play(state, [OpenWithCharge(), DrawDestination(card("Oz")), PlaceSide("left")])
        assert spots(state)["Oz"] == (1, -1)
        assert state.charge == 4

    def test_above_is_relative_to_the_current_card(self) -> None:
        state = started(first=PEARL)
        state = play(state, [OpenWithCharge(), DrawDestination(card("Troy")), PlaceSide("right")])
        state = play(state, [Travel(2, (B,)), DrawDestination(card("Ur"))])
        assert spots(state)["Ur"] == (2, 1)

    def test_time_fragment_cards_stack_under_the_next_destination(self) -> None:
        state = play(started(first=PEARL), [OpenWithCharge(), DrawTimeFragment()])
        assert state.waiting == OpenNext("charge", fragments=1)
        state = play(state, [DrawTimeFragment(), DrawDestination(card("Troy"))])
        state = SOJOURN.apply(state, PlaceSide("left"))
        assert state.timeline[-1].fragments == 2

    def test_opening_with_charge_needs_one(self) -> None:
        with pytest.raises(RuleError, match="costs 1 Temporal Charge; you have 0"):
            SOJOURN.apply(replace(started(), charge=0), OpenWithCharge())

    def test_an_empty_destination_deck_stops_openings(self) -> None:
        state = play(started(), [OpenWithCharge(), DestinationDeckEmpty()])
        assert state.destination_deck_empty
        with pytest.raises(RuleError, match="destination deck is empty"):
            SOJOURN.apply(state, OpenWithCharge())
        state = SOJOURN.apply(state, Travel(1, (B, L)))
        assert OpenNext("trip") not in state.pending


class TestTimestreamCards:
    def test_bandage_restores_one_health(self) -> None:
        state = SOJOURN.apply(replace(started(), health=4), PlayBandage())
        assert state.health == 5 and state.hand.count(B) == 0
        assert state.discard.count(B) == 1

    def test_bandage_at_full_health_is_refused(self) -> None:
        with pytest.raises(RuleError, match="Health is 7 of 7, no square is empty"):
            SOJOURN.apply(started(), PlayBandage())

    def test_temporal_battery_restores_one_charge_never_above_seven(self) -> None:
        state = SOJOURN.apply(replace(started(), charge=3), PlayBattery())
        assert state.charge == 4
        with pytest.raises(RuleError, match="charge is 7 of 7"):
            SOJOURN.apply(started(), PlayBattery())

    def test_fracture_opens_without_charge(self) -> None:
        state = SOJOURN.apply(started(), PlayFracture())
        assert state.charge == 7
        assert state.waiting == OpenNext("fracture")

    def test_a_card_not_in_hand_cannot_be_played(self) -> None:
        state = replace(started(hand=(L, L, L, P, P)), health=3, charge=3)
        for action, name in [(PlayBandage(), "Bandage"), (PlayBattery(), "Temporal Battery")]:
            with pytest.raises(RuleError, match=f"no {name}"):
                SOJOURN.apply(state, action)
        with pytest.raises(RuleError, match="no Fracture"):
            SOJOURN.apply(state, PlayFracture())

    def test_loop_goes_back_in_history_without_drop_cost_or_risk_but_gains(self) -> None:
        rome = card("Rome", -44, cost=5, risk=90, dmg=7, gain=2)
        state = play(started(first=PEARL), [Travel(1, (B, F)), DrawDestination(rome)])
        state = play(state, [RollRisk(90, 0), DrawTimestream((B,))])
        state = play(state, [OpenWithCharge(), DrawDestination(card("Troy", -1200))])
        state = SOJOURN.apply(state, PlaceSide("left"))
        troy = len(state.timeline) - 1
        charge, hand = state.charge, state.hand.total
        state = SOJOURN.apply(state, LoopTo(troy))
        assert state.charge == charge and state.hand.total == hand - 1
        assert state.pending == (OpenNext("trip"), DrawCards(1, "gain"))

    def test_loop_to_the_future_is_refused(self) -> None:
        rome = card("Rome", -44)
        state = play(
            started(first=PEARL), [OpenWithCharge(), DrawDestination(rome), PlaceSide("right")]
        )
        state = play(state, [Travel(2, (B,)), DrawDestination(card("Ur", 2500))])
        state = play(state, [RollRisk(90, 0), DrawTimestream((B,))])
        with pytest.raises(RuleError, match=r"Loop only goes back in history: Ur \(2500\)"):
            SOJOURN.apply(state, LoopTo(3))
        with pytest.raises(RuleError, match=r"Pearl Harbor \(1941\) is not earlier than Rome"):
            SOJOURN.apply(state, LoopTo(1))

    def test_loop_needs_a_loop_card_and_a_strictly_earlier_date(self) -> None:
        state = play(started(hand=(B, B, F, P, T), first=PEARL), [OpenWithCharge()])
        state = play(state, [DrawDestination(card("Midway", 1941)), PlaceSide("left")])
        state = play(state, [Travel(2, (B,)), DrawDestination(card("Ur", -2000))])
        state = play(state, [RollRisk(90, 0), DrawTimestream((L,))])
        with pytest.raises(RuleError, match="not earlier than Midway"):
            SOJOURN.apply(state, LoopTo(1))
        no_loop = replace(state, hand=Cards(bandage=1))
        with pytest.raises(RuleError, match="no Loop card"):
            SOJOURN.apply(no_loop, LoopTo(3))

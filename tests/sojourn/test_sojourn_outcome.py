"""Winning, losing, "can I still make it home?", the log in words and the JSON description."""

from __future__ import annotations

from dataclasses import replace

import pytest
from sojourn_helpers import B, F, L, P, T, card, play, started

from companion.core import RuleError
from companion.session import Session
from companion.sojourn.actions import (
    DrawDestination,
    DrawTimeFragment,
    DrawTimestream,
    LoopTo,
    OpenWithCharge,
    PlaceSide,
    PlayBandage,
    RollRisk,
    Travel,
    TravelHome,
)
from companion.sojourn.game import SOJOURN
from companion.sojourn.model import Cards, Outcome, SojournSetup
from companion.sojourn.outlook import home_outlook, stuck_reason

PEARL = card("Pearl Harbor", 1941, drop=2, cost=2, risk=90, dmg=4, gain=1)


class TestWin:
    def test_four_fragments_and_one_charge_travel_home(self) -> None:
        state = replace(started(), fragments=4)
        after = SOJOURN.apply(state, TravelHome())
        assert after.outcome is not None and after.outcome.status == "won"
        assert after.charge == 6
        assert SOJOURN.status(after) == "won"

    def test_a_paradox_takes_you_home_without_charge(self) -> None:
        state = replace(started(), fragments=4, charge=0)
        after = SOJOURN.apply(state, TravelHome(paradox=True))
        assert SOJOURN.status(after) == "won"
        assert after.hand.count(P) == 0

    def test_home_needs_four_fragments(self) -> None:
        with pytest.raises(RuleError, match="needs 4 Time Fragments; you have 3"):
            SOJOURN.apply(replace(started(), fragments=3), TravelHome())

    def test_home_needs_charge_or_paradox(self) -> None:
        state = replace(started(), fragments=4, charge=0)
        with pytest.raises(RuleError, match="needs 1 Temporal Charge"):
            SOJOURN.apply(state, TravelHome())

    def test_nothing_is_accepted_after_the_game_ends(self) -> None:
        won = SOJOURN.apply(replace(started(), fragments=4), TravelHome())
        with pytest.raises(RuleError, match="The game is over"):
            SOJOURN.apply(won, OpenWithCharge())

    def test_fragments_never_exceed_the_four_green_squares(self) -> None:
        state = play(SOJOURN.start(SojournSetup()), [DrawTimestream((B, F, L, P, T))])
        state = play(state, [DrawTimeFragment()] * 5 + [DrawDestination(PEARL)])
        state = SOJOURN.apply(state, Travel(1, (B, L)))
        assert state.fragments == 4


class TestLoss:
    def stranded(self, **changes: object):  # type: ignore[no-untyped-def]
        """At Pearl Harbor with nothing in hand, about to draw the last gain card."""
        state = play(started(first=PEARL), [Travel(1, (B, L)), DrawDestination(card("Rome"))])
        return replace(SOJOURN.apply(state, RollRisk(90, 0)), **changes)

    def test_no_charge_and_no_cards_that_help_is_lost_with_the_reason(self) -> None:
        state = self.stranded(charge=0, hand=Cards())
        after = SOJOURN.apply(state, DrawTimestream((B,)))
        assert after.outcome is not None and after.outcome.status == "lost"
        assert "cheapest open destination costs 1" in after.outcome.reason
        assert "0 Temporal Charge" in after.outcome.reason

    @pytest.mark.parametrize("kind", [F, T, P])
    def test_a_card_that_opens_or_pays_keeps_the_game_going(self, kind: object) -> None:
        state = self.stranded(charge=0, hand=Cards())
        after = SOJOURN.apply(state, DrawTimestream((kind,)))  # type: ignore[arg-type]
        assert after.outcome is None

    def test_a_loop_back_in_history_keeps_the_game_going(self) -> None:
        state = self.stranded(charge=0, hand=Cards())
        after = SOJOURN.apply(state, DrawTimestream((L,)))
        assert after.outcome is None
        assert stuck_reason(after) is None
        after = SOJOURN.apply(after, LoopTo(2))
        assert after.position == 2

    def test_a_free_destination_keeps_the_game_going(self) -> None:
        state = self.stranded(charge=0, hand=Cards())
        timeline = list(state.timeline)
        timeline[2] = replace(timeline[2], card=replace(timeline[2].card, cost=0))
        after = SOJOURN.apply(replace(state, timeline=tuple(timeline)), DrawTimestream((B,)))
        assert after.outcome is None

    def test_one_charge_can_still_open_a_destination(self) -> None:
        state = self.stranded(charge=1, hand=Cards())
        timeline = list(state.timeline)
        timeline[2] = replace(timeline[2], card=replace(timeline[2].card, cost=3))
        after = SOJOURN.apply(replace(state, timeline=tuple(timeline)), DrawTimestream((B,)))
        assert after.outcome is None
        assert "Still possible" in home_outlook(after)

    def test_health_zero_is_lost(self) -> None:
        state = play(started(first=PEARL), [Travel(1, (B, L)), DrawDestination(card("Rome"))])
        after = SOJOURN.apply(replace(state, health=4), RollRisk(0, 0))
        assert SOJOURN.status(after) == "lost"
        assert SOJOURN.describe(after)["reason"] == after.outcome.reason  # type: ignore[union-attr]


class TestOutlook:
    def test_needs_fragments(self) -> None:
        text = home_outlook(started())
        assert "you need 4 more Time Fragments" in text
        assert "Your Paradox can pay the trip home." in text
        no_paradox = home_outlook(started(hand=(B, B, B, B, B)))
        assert "Keep 1 charge for home: 6 to spend on the way." in no_paradox
        broke = home_outlook(replace(started(hand=(B, B, B, B, F)), charge=0))
        assert "You will need a Temporal Battery or Paradox to get home." in broke

    def test_points_to_fragments_on_the_timeline(self) -> None:
        state = play(SOJOURN.start(SojournSetup()), [DrawTimestream((B, F, L, P, T))])
        state = play(state, [DrawTimeFragment(), DrawDestination(PEARL)])
        text = home_outlook(state)
        assert "Pearl Harbor holds 1 (within reach: COST 2, RISK 90%)" in text

    def test_ready_to_go_home(self) -> None:
        assert home_outlook(replace(started(), fragments=4)).startswith("Yes")
        battery = replace(started(hand=(T, B, B, B, B)), fragments=4, charge=0)
        assert "play a Temporal Battery" in home_outlook(battery)

    def test_after_the_end(self) -> None:
        state = replace(started(), outcome=Outcome("lost", "Health dropped to 0."))
        assert home_outlook(state) == "No. Health dropped to 0."


class TestLogAndDescription:
    def test_a_whole_trip_reads_as_one_line_at_its_end(self) -> None:
        session = Session(SOJOURN, SojournSetup())
        session.do(DrawTimestream((B, F, L, P, T)))
        session.do(DrawDestination(PEARL))
        session.do(Travel(1, (B, L)))
        session.do(DrawDestination(card("Rome", -44)))
        session.do(RollRisk(30, 7))
        session.do(DrawTimestream((L,)))
        assert session.history[-1] == (
            "Drew 1 timestream card for the GAIN at Pearl Harbor: 1 Loop. Trip done: travelled "
            "to Pearl Harbor, dropped 2, paid 2 charge, rolled 37 vs RISK 90: 4 damage, "
            "gained 1 (1 Loop)"
        )
        assert session.history[2].startswith("Set out for Pearl Harbor dropping 1 Bandage")
        assert session.history[4] == (
            "The app rolled 37 for the traveller (30+7) vs RISK 90 at Pearl Harbor: failed, "
            "DMG 4: Health 7 -> 3"
        )

    def test_placement_and_cards_are_narrated(self) -> None:
        session = Session(SOJOURN, SojournSetup())
        for action in [DrawTimestream((B, F, L, P, T)), DrawDestination(PEARL), OpenWithCharge()]:
            session.do(action)
        session.do(DrawDestination(card("Troy", -1200)))
        session.do(PlaceSide("left"))
        assert "choose left or right" in session.history[-2]
        assert session.history[-1] == (
            "Opened Troy (1200 BC) at row 1, 1 left of start: to the left of the card above "
            "(1 Temporal Charge)"
        )

    def test_describe_has_the_keys_the_show_command_lists(self) -> None:
        state = replace(started(first=PEARL), health=5)
        state = SOJOURN.apply(state, PlayBandage())
        data = SOJOURN.describe(state)
        assert set(data) == {
            "health",
            "charge",
            "fragments",
            "hand",
            "deck",
            "discard",
            "position",
            "position_index",
            "destinations",
            "destination_deck_empty",
            "trip",
            "pending",
            "dice",
            "status",
        }
        assert data["hand"] == {"bandage": 0, "fracture": 1, "loop": 1, "paradox": 1, "battery": 1}
        assert data["position"] == "Jurassic Period"
        assert data["destinations"][1] == {
            "index": 1,
            "name": "Pearl Harbor",
            "date": "1941",
            "year": 1941,
            "row": 1,
            "column": 0,
            "drop": 2,
            "drop_text": "",
            "cost": 2,
            "risk": 90,
            "dmg": 4,
            "gain": 1,
            "fragments": 0,
        }
        assert data["status"] == "playing"

    def test_summary_line(self) -> None:
        assert SOJOURN.summary(started()) == (
            "Health 7, Charge 7, 0/4 fragments, 5 cards, at Jurassic Period"
        )


class TestWaitingFor:
    def texts(self, actions: list[object]) -> list[str | None]:
        """What the game waits for after each action, from the start."""
        session = Session(SOJOURN, SojournSetup())
        found = [SOJOURN.waiting_for(session.state)]
        for action in actions:
            session.do(action)
            found.append(SOJOURN.waiting_for(session.state))
        return [waiting and waiting.text for waiting in found]

    def test_every_step_of_setup_and_a_trip_is_named(self) -> None:
        texts = self.texts(
            [
                DrawTimestream((B, F, L, P, T)),
                DrawDestination(PEARL),
                Travel(1, (B, L)),
                DrawTimeFragment(),
                DrawDestination(card("Rome", -44)),
                RollRisk(90, 7),
                DrawTimestream((L,)),
                OpenWithCharge(),
                DrawDestination(card("Troy", -1200)),
            ]
        )
        assert texts == [
            "the starting hand: the 5 timestream cards drawn",
            "the destination card drawn (the first destination)",
            None,
            "the destination card drawn (opened free after the trip)",
            "the destination card drawn (opened free after the trip), 1 Time Fragment card "
            "stacked under it",
            "the RISK roll at Pearl Harbor (RISK 90%)",
            "the GAIN at Pearl Harbor: the 1 timestream card drawn",
            None,
            "the destination card drawn (opened with 1 Temporal Charge)",
            "left or right for Troy: the spot above Pearl Harbor is taken",
        ]

    def test_nothing_is_awaited_once_the_game_is_over(self) -> None:
        state = SOJOURN.apply(replace(started(), fragments=4), TravelHome())
        assert SOJOURN.waiting_for(state) is None
        assert SOJOURN.describe(state)["result"] == "won"

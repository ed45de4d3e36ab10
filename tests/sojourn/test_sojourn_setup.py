"""Setup, the starting hand, the timestream deck and the destination cards typed in."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from sojourn_helpers import B, F, L, P, T, card, play, started

from companion.core import RuleError
from companion.sojourn.actions import (
    DrawDestination,
    DrawTimestream,
    EditDestination,
    PlayBandage,
    RollRisk,
    Travel,
)
from companion.sojourn.game import SOJOURN
from companion.sojourn.model import (
    FULL_DECK,
    JURASSIC,
    Cards,
    DrawCards,
    HistoricalDate,
    OpenNext,
    SojournSetup,
    parse_date,
)
from companion.sojourn.outlook import draw_chances


def test_start_fills_seven_red_and_seven_blue_squares_and_waits_for_the_hand() -> None:
    state = SOJOURN.start(SojournSetup())
    assert (state.health, state.charge, state.fragments) == (7, 7, 0)
    assert [place.name for place in state.timeline] == [JURASSIC]
    assert state.position == 0
    assert state.pending == (DrawCards(5, "hand"), OpenNext("setup"))


def test_the_first_destination_opens_free_directly_above_the_jurassic_period() -> None:
    state = started()
    assert state.charge == 7
    assert (state.timeline[1].row, state.timeline[1].column) == (1, 0)
    assert state.pending == ()
    assert state.position == 0


def test_the_starting_hand_comes_out_of_the_deck() -> None:
    state = started(hand=(L, L, B, P, T))
    assert state.hand == Cards(bandage=1, loop=2, paradox=1, battery=1)
    assert state.deck == Cards(4, 5, 3, 4, 4)


def test_the_hand_must_be_five_cards() -> None:
    state = SOJOURN.start(SojournSetup())
    with pytest.raises(RuleError, match="5 timestream cards were drawn; you typed 4"):
        SOJOURN.apply(state, DrawTimestream((B, B, B, B)))


def test_a_kind_the_deck_no_longer_holds_is_refused() -> None:
    setup = SojournSetup(deck=Cards(2, 2, 2, 2, 2))
    state = SOJOURN.start(setup)
    with pytest.raises(RuleError, match="no Bandage left"):
        SOJOURN.apply(state, DrawTimestream((B, B, B, F, F)))


def test_deck_composition_comes_from_the_setting_and_gives_the_chances() -> None:
    state = started(hand=(L, L, L, L, L), setup=SojournSetup(deck=Cards(5, 5, 5, 5, 5)))
    chances = draw_chances(state)
    assert chances[L] == Fraction(0)
    assert chances[B] == Fraction(1, 4)
    assert sum(chances.values()) == 1


def test_default_deck_is_five_of_each_kind() -> None:
    assert SojournSetup().deck == FULL_DECK == Cards(5, 5, 5, 5, 5)


def test_an_empty_deck_takes_back_the_discards() -> None:
    harbor = card("Harbor", 1941, drop=1, cost=1, risk=25, gain=1)
    state = started((B, B, F, F, L), harbor, SojournSetup(deck=Cards(2, 2, 1, 0, 0)))
    assert state.deck.total == 0
    state = SOJOURN.apply(replace(state, health=6), PlayBandage())
    assert draw_chances(state)[B] == 1
    state = play(state, [Travel(1, (F,)), DrawDestination(card("Rome", -44)), RollRisk(50, 0)])
    assert state.waiting == DrawCards(1, "gain")
    state = SOJOURN.apply(state, DrawTimestream((F,)))
    assert state.hand.count(F) == 2
    assert state.deck == Cards(bandage=1)
    assert state.discard == Cards()


def test_setup_with_too_few_cards_is_refused() -> None:
    with pytest.raises(RuleError, match="at least 5 cards"):
        SOJOURN.start(SojournSetup(deck=Cards(1, 1, 1, 1, 0)))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"name": "  "}, "needs its name"),
        ({"risk": 30}, "RISK 30% is not printed"),
        ({"drop": None, "drop_text": ""}, r"DROP of \* needs the card's text"),
        ({"cost": 12}, "COST 12 is not on a card"),
        ({"dmg": -1}, "DMG -1 is not on a card"),
        ({"gain": 10}, "GAIN 10 is not on a card"),
    ],
)
def test_a_destination_typed_with_missing_or_impossible_values_is_refused(
    changes: dict[str, object], message: str
) -> None:
    state = SOJOURN.start(SojournSetup())
    state = SOJOURN.apply(state, DrawTimestream((B, F, L, P, T)))
    bad = replace(card("Rome", -44), **changes)
    with pytest.raises(RuleError, match=message):
        SOJOURN.apply(state, DrawDestination(bad))


def test_a_star_drop_keeps_its_text() -> None:
    star = card("Salem", 1692, drop=None, drop_text="Drop all Loop cards")
    state = started(first=star)
    assert state.timeline[1].card.drop_label == "*"
    assert SOJOURN.describe(state)["destinations"][1]["drop"] == "*"


def test_a_destination_already_on_the_timeline_is_refused() -> None:
    state = started()
    with pytest.raises(RuleError, match="already on the timeline"):
        SOJOURN.apply(state, EditDestination(1, card("jurassic period")))


def test_editing_corrects_a_card_afterwards_and_keeps_its_spot() -> None:
    state = started()
    fixed = card("Pearl Harbor", 1941, drop=1, cost=3, risk=75, dmg=2, gain=2)
    after = SOJOURN.apply(state, EditDestination(1, fixed))
    assert after.timeline[1].card == fixed
    assert (after.timeline[1].row, after.timeline[1].column) == (1, 0)


def test_the_jurassic_period_cannot_be_edited() -> None:
    with pytest.raises(RuleError, match="start card"):
        SOJOURN.apply(started(), EditDestination(0, card("Dinosaurs")))


def test_a_hand_typed_before_it_is_asked_for_is_refused() -> None:
    with pytest.raises(RuleError, match="No timestream card is due: cards are drawn for the"):
        SOJOURN.apply(started(), DrawTimestream((B,)))


def test_other_moves_wait_for_the_pending_answer() -> None:
    state = SOJOURN.start(SojournSetup())
    with pytest.raises(RuleError, match="First type in the 5 timestream cards drawn"):
        SOJOURN.apply(state, PlayBandage())


def test_an_unknown_action_is_refused() -> None:
    with pytest.raises(RuleError, match="not a move in Sojourn"):
        SOJOURN.apply(started(), object())


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1941", HistoricalDate(1941)),
        ("1941-12-07", HistoricalDate(1941, 12, 7)),
        ("44 BC", HistoricalDate(-44)),
        ("-44", HistoricalDate(-44)),
        ("65 million BC", HistoricalDate(-65_000_000)),
        ("1066 AD", HistoricalDate(1066)),
    ],
)
def test_dates_are_read_as_typed(text: str, expected: HistoricalDate) -> None:
    assert parse_date(text) == expected


@pytest.mark.parametrize("text", ["", "soon", "1941-13-01", "12.5 BC"])
def test_a_date_that_is_not_one_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_date(text)


def test_dates_print_back_readably() -> None:
    assert str(HistoricalDate(-44)) == "44 BC"
    assert str(HistoricalDate(-150_000_000)) == "150 million BC"
    assert str(HistoricalDate(1941, 12, 7)) == "1941-12-07"

"""Tests (attribute, boosts, supports, Destiny) and the Destiny deck tracker's exact odds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

import pytest

from companion.cavendish.actions import AttemptTest, ReshuffleDestiny, TakeItem
from companion.cavendish.destiny import boosts_for, odds, remaining, reshuffle, reveal
from companion.cavendish.game import CAVENDISH, apply
from companion.cavendish.model import CavendishState, DestinyDeck
from companion.core import RuleError

State = Callable[..., CavendishState]
Pool = Callable[[CavendishState, str], int]


def test_rulebook_test_example(at_location: State, pool_of: Pool) -> None:
    """James (Dexterity 2) boosts twice, Tess supports with 1, Destiny -1, difficulty 4."""
    state = at_location(4)
    james, tess = pool_of(state, "Anton"), pool_of(state, "Amy")
    test = AttemptTest("Anton", "dexterity", 4, destiny=-1, boosts=2, supports=(("Amy", 1),))
    after = apply(state, test)
    result = after.last_test
    assert result is not None
    assert (result.base, result.value, result.outcome, result.spent) == (2, 4, "critical", 4)
    assert pool_of(after, "Anton") == james - 3
    assert pool_of(after, "Amy") == tess - 1
    assert after.vortex == state.vortex + 4
    assert CAVENDISH.narrate(state, test, after) == (
        "Anton tested Dexterity 2 +2 boost +1 support -1 Destiny = 4 vs 4: "
        "critical success (4 Azrak spent)"
    )


@pytest.mark.parametrize(
    ("destiny", "outcome"), [(-2, "failure"), (-1, "critical"), (0, "success")]
)
def test_outcome_compares_value_to_difficulty(
    at_location: State, destiny: int, outcome: str
) -> None:
    after = apply(at_location(4), AttemptTest("Anton", "dexterity", 3, destiny=destiny, boosts=2))
    assert after.last_test is not None and after.last_test.outcome == outcome


def test_item_bonuses_count_in_tests(at_location: State) -> None:
    state = apply(at_location(4), TakeItem("Anton", "ITEM 4", dexterity=2))
    after = apply(state, AttemptTest("Anton", "dexterity", 4, destiny=0))
    assert after.last_test is not None and after.last_test.value == 4


@pytest.mark.parametrize(
    ("players", "supports", "message"),
    [
        (4, (("Amy", 2),), "at most 1 Azrak"),
        (3, (("Amy", 3),), "at most 2 Azrak"),
        (3, (("Amy", 1), ("Doug", 1)), "at most 1 agent"),
        (2, (("Amy", 4),), "at most 3 Azrak"),
        (4, (("Anton", 1),), "cannot support their own test"),
        (4, (("Amy", 0),), "at least 1"),
    ],
)
def test_support_limits_by_player_count(
    at_location: State, players: int, supports: tuple[tuple[str, int], ...], message: str
) -> None:
    state = at_location(players)
    with pytest.raises(RuleError, match=message):
        apply(state, AttemptTest("Anton", "strength", 3, 0, supports=supports))  # type: ignore[arg-type]


@pytest.mark.parametrize(("players", "amount"), [(2, 3), (3, 2), (4, 1)])
def test_support_up_to_the_limit_is_accepted(
    at_location: State, pool_of: Pool, players: int, amount: int
) -> None:
    state = at_location(players)
    after = apply(state, AttemptTest("Anton", "strength", 9, 0, supports=(("Amy", amount),)))
    assert pool_of(after, "Amy") == pool_of(state, "Amy") - amount


def test_three_and_four_agents_may_all_support(at_location: State) -> None:
    supports = (("Amy", 1), ("Jennifer", 1), ("Doug", 1))
    after = apply(at_location(4), AttemptTest("Anton", "strength", 9, 0, supports=supports))
    assert after.last_test is not None and after.last_test.support == 3


def test_spending_the_last_crystal_in_a_test_completes_it_then_breaks_the_link(
    at_location: State,
) -> None:
    state = at_location(4, Anton=3, Amy=1)
    after = apply(state, AttemptTest("Anton", "strength", 2, 0, boosts=2, supports=(("Amy", 1),)))
    assert after.last_test is not None and after.last_test.outcome == "success"
    assert [link.receptacle for link in after.pending] == ["Anton", "Amy"]


def test_a_test_outside_discovery_is_refused(new_state: State) -> None:
    with pytest.raises(RuleError, match="Discovery phase; this is the Time Captain phase"):
        apply(new_state(4), AttemptTest("Anton", "strength", 2, 0))


def test_tracker_learns_the_composition() -> None:
    deck = DestinyDeck()
    for value in (1, -1, 0, 0):
        deck = reveal(deck, value)
    assert deck.known == (-1, 0, 0, 1) and not deck.complete
    assert remaining(deck) is None
    deck = reshuffle(deck)
    for value in (0, 2, -2):
        deck = reveal(deck, value)
    assert deck.complete and deck.known == (-2, -1, 0, 0, 1, 2)
    assert remaining(deck) == (-1, 0, 1)


def test_six_cards_learned_over_shuffles_complete_the_deck() -> None:
    deck = DestinyDeck()
    for value in (1, 1, 1, 1):
        deck = reveal(deck, value)
    deck = reshuffle(deck)
    for value in (2, 2):
        deck = reveal(deck, value)
    assert deck.complete and remaining(deck) == (1, 1, 1, 1)
    with pytest.raises(RuleError, match=r"No \+3 is left"):
        reveal(deck, 3)


def test_tracker_refuses_a_card_no_longer_in_the_deck() -> None:
    deck = DestinyDeck(known=(-2, -1, 0, 0, 1, 2), discards=(2,))
    with pytest.raises(RuleError, match=r"No \+2 is left"):
        reveal(deck, 2)


def test_seventh_draw_needs_a_reshuffle() -> None:
    deck = DestinyDeck(known=(-2, -1, 0, 0, 1, 2), discards=(-2, -1, 0, 0, 1, 2))
    with pytest.raises(RuleError, match="record the reshuffle"):
        reveal(deck, 0)
    assert reveal(reshuffle(deck), 0).discards == (0,)


def test_reshuffle_is_recorded(at_location: State) -> None:
    state = apply(at_location(4), AttemptTest("Anton", "strength", 2, 1))
    after = apply(state, ReshuffleDestiny())
    assert after.destiny.discards == () and after.destiny.reshuffles == 1
    with pytest.raises(RuleError, match="No Destiny card has been discarded"):
        apply(after, ReshuffleDestiny())


def test_exact_odds_from_the_cards_left() -> None:
    cards = (-2, -1, 0, 0, 1, 2)
    chances = odds(cards, 4, 4)
    assert chances is not None
    assert (chances.failure, chances.critical, chances.success) == (
        Fraction(1, 3),
        Fraction(1, 3),
        Fraction(1, 3),
    )
    assert odds((), 4, 4) is None


def test_boosts_needed_for_a_target_chance() -> None:
    cards = (-2, -1, 0, 0, 1, 2)
    assert boosts_for(cards, 2, 4, Fraction(2, 3), 5) == 2
    assert boosts_for(cards, 2, 4, Fraction(1), 5) == 4
    assert boosts_for(cards, 2, 4, Fraction(1), 3) is None


def test_draws_in_tests_teach_the_tracker(at_location: State) -> None:
    state = at_location(4)
    for destiny in (2, -2, 1):
        state = apply(state, AttemptTest("Amy", "strength", 0, destiny))
    assert state.destiny.discards == (2, -2, 1)
    assert state.destiny.known == (-2, 1, 2)


def test_known_deck_refuses_an_impossible_draw(at_location: State) -> None:
    state = at_location(4)
    state = replace(state, destiny=DestinyDeck(known=(-1, -1, 0, 0, 1, 1), discards=(1, 1)))
    with pytest.raises(RuleError, match=r"No \+1 is left"):
        apply(state, AttemptTest("Amy", "strength", 0, 1))

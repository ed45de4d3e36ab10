"""Fear tokens spill past Confidence onto the location; Items carry bonuses and change hands."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.cavendish.actions import (
    DiscardFear,
    GiveItems,
    LeaveLocation,
    StowItem,
    TakeFear,
    TakeItem,
)
from companion.cavendish.game import CAVENDISH, apply
from companion.cavendish.model import CavendishState
from companion.core import RuleError

State = Callable[..., CavendishState]
Pool = Callable[[CavendishState, str], int]


def fear(state: CavendishState, receptacle: str) -> int:
    return state.agents[state.index(receptacle)].fear


def test_rulebook_fear_example_doug_confidence_1_takes_3(at_location: State) -> None:
    state = at_location(4)
    after = apply(state, TakeFear("Doug", 3))
    assert fear(after, "Doug") == 1
    assert after.house_plan[0].fear == 2
    line = CAVENDISH.narrate(state, TakeFear("Doug", 3), after)
    assert line == "Doug took 3 Fear: 1 onto the card, 2 onto A (the card is full at Confidence 1)"


def test_fear_onto_a_full_card_says_it_all_went_onto_the_location(at_location: State) -> None:
    """Issue 42: "took 1 Fear (2 on the card, 1 onto A)" counted the card's 2 as if taken."""
    state = apply(at_location(4), TakeFear("Amy", 2))
    after = apply(state, TakeFear("Amy", 1))
    assert fear(after, "Amy") == 2 and after.house_plan[0].fear == 1
    line = CAVENDISH.narrate(state, TakeFear("Amy", 1), after)
    assert line == "Amy took 1 Fear onto A (the card is full at Confidence 2)"


def test_fear_that_fits_says_how_many_the_card_holds_now(at_location: State) -> None:
    first = apply(at_location(4), TakeFear("Jennifer", 1))
    assert CAVENDISH.narrate(at_location(4), TakeFear("Jennifer", 1), first) == (
        "Jennifer took 1 Fear onto the card"
    )
    second = apply(first, TakeFear("Jennifer", 2))
    assert CAVENDISH.narrate(first, TakeFear("Jennifer", 2), second) == (
        "Jennifer took 2 Fear onto the card (3 on it now)"
    )


def test_fear_spills_again_when_confidence_drops(at_location: State) -> None:
    state = apply(at_location(4), TakeItem("Doug", "Lantern", confidence=2))
    state = apply(state, TakeFear("Doug", 3))
    assert fear(state, "Doug") == 3 and state.house_plan[0].fear == 0
    after = apply(state, StowItem("Doug", "Lantern"))
    assert fear(after, "Doug") == 1 and after.house_plan[0].fear == 2


def test_a_negative_confidence_item_spills_at_once(at_location: State) -> None:
    state = apply(at_location(4), TakeFear("Amy", 2))
    after = apply(state, TakeItem("Amy", "Curse", confidence=-1))
    assert fear(after, "Amy") == 1 and after.house_plan[0].fear == 1
    line = CAVENDISH.narrate(state, TakeItem("Amy", "Curse", confidence=-1), after)
    assert line == "Amy took Curse (Confidence -1). Amy's Confidence is now 1: 1 Fear onto A"


def test_the_log_says_where_fear_went_when_confidence_drops(at_location: State) -> None:
    state = apply(at_location(4), TakeItem("Doug", "Lantern", confidence=2))
    state = apply(state, TakeFear("Doug", 3))
    stowed = apply(state, StowItem("Doug", "Lantern"))
    assert CAVENDISH.narrate(state, StowItem("Doug", "Lantern"), stowed) == (
        "Doug put away Lantern. Doug's Confidence is now 1: 2 Fear onto A"
    )
    given = apply(state, GiveItems("Doug", "Amy", ("Lantern",)))
    line = CAVENDISH.narrate(state, GiveItems("Doug", "Amy", ("Lantern",)), given)
    assert line.endswith(". Doug's Confidence is now 1: 2 Fear onto A")


def test_fear_before_any_location_goes_back_to_the_supply(new_state: State) -> None:
    state = new_state(4)
    after = apply(state, TakeFear("Doug", 3))
    assert fear(after, "Doug") == 1
    assert CAVENDISH.narrate(state, TakeFear("Doug", 3), after) == (
        "Doug took 3 Fear: 1 onto the card, 2 back to the supply "
        "(the card is full at Confidence 1; no location visited yet)"
    )


def test_discarding_fear(at_location: State) -> None:
    state = apply(at_location(4), TakeFear("Amy", 2))
    assert fear(apply(state, DiscardFear("Amy", 2)), "Amy") == 0
    with pytest.raises(RuleError, match="has 2 Fear on the card, not 3"):
        apply(state, DiscardFear("Amy", 3))


def test_an_item_is_claimed_once(at_location: State) -> None:
    state = apply(at_location(4), TakeItem("Amy", "ITEM 4"))
    with pytest.raises(RuleError, match="Amy already holds ITEM 4"):
        apply(state, TakeItem("Anton", "item 4"))


def test_giving_items_costs_one_in_discovery(at_location: State, pool_of: Pool) -> None:
    state = apply(at_location(4), TakeItem("Amy", "Key", strength=1))
    after = apply(state, GiveItems("Amy", "Anton", ("Key",)))
    assert pool_of(after, "Amy") == pool_of(state, "Amy") - 1
    assert after.agents[after.index("Anton")].attribute("strength") == 3


def test_swapping_items_between_locations_is_free(at_location: State, pool_of: Pool) -> None:
    state = apply(apply(at_location(4), TakeItem("Amy", "Key")), LeaveLocation())
    after = apply(state, GiveItems("Amy", "Anton", ("Key",)))
    assert pool_of(after, "Amy") == pool_of(state, "Amy")
    assert [i.name for i in after.agents[after.index("Anton")].items] == ["Key"]


def test_giving_an_item_not_held_is_refused(at_location: State) -> None:
    with pytest.raises(RuleError, match="Amy does not hold Key"):
        apply(at_location(4), GiveItems("Amy", "Anton", ("Key",)))

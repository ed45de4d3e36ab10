"""Items and Talismans as the book keeps them (rules revision 4): a Talisman is never swapped or
given; a yellow or red Item is stowed once resolved unless its card text keeps it; green Items
swap as before; an Item is one card by its number. A revision 3 mission replays as played."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.cavendish.actions import (
    AnnounceGroupConflict,
    ChooseLocation,
    GiveItems,
    LeaveLocation,
    TakeItem,
)
from companion.cavendish.game import CAVENDISH, apply
from companion.cavendish.model import CavendishState
from companion.core import RuleError
from companion.session import Session
from tests.cavendish.conftest import setup_for

State = Callable[..., CavendishState]


def names(state: CavendishState, agent: str) -> list[str]:
    return [item.name for item in state.agents[state.index(agent)].items]


def test_a_talisman_is_never_given(at_location: State) -> None:
    state = apply(at_location(2), TakeItem("Amy", "Pocket watch", dexterity=1, kind="talisman"))
    with pytest.raises(
        RuleError,
        match="Talisman cards cannot be swapped: Pocket watch cannot be given to other agents",
    ):
        apply(state, GiveItems("Amy", "Anton", ("Pocket watch",)))


@pytest.mark.parametrize("moment", ["between", "announced"])
def test_a_talisman_is_not_swapped_when_items_swap_freely(at_location: State, moment: str) -> None:
    state = apply(at_location(2), TakeItem("Amy", "Talisman of Amy", kind="talisman"))
    state = apply(state, LeaveLocation() if moment == "between" else AnnounceGroupConflict())
    with pytest.raises(RuleError, match="Talisman cards cannot be swapped"):
        apply(state, GiveItems("Amy", "Anton", ("Talisman of Amy",)))


def test_a_talisman_is_known_by_its_name_from_revision_4(at_location: State) -> None:
    state = apply(at_location(2), TakeItem("Amy", "Talisman (watch)", strength=1))
    assert state.agents[1].items[0].kind == "talisman"
    with pytest.raises(RuleError, match="Talisman cards cannot be swapped"):
        apply(state, GiveItems("Amy", "Anton", ("Talisman (watch)",)))


def test_the_table_can_say_a_talisman_named_item_is_green(at_location: State) -> None:
    state = apply(at_location(2), TakeItem("Amy", "Talisman shard", kind="green"))
    given = apply(state, GiveItems("Amy", "Anton", ("Talisman shard",)))
    assert names(given, "Anton") == ["Talisman shard"]


def test_a_revision_3_mission_gives_a_talisman_named_item_as_it_was_played() -> None:
    """Before revision 4 an Item named "Talisman ..." was a green Item: an old save that gave one
    replays the same."""
    actions = [
        ChooseLocation("A"),
        TakeItem("Amy", "Talisman", strength=1),
        GiveItems("Amy", "Anton", ("Talisman",)),
    ]
    old = Session(CAVENDISH, setup_for(2), actions, rules=3).state
    assert names(old, "Anton") == ["Talisman"] and old.agents[1].pool == 5  # Amy paid 1
    with pytest.raises(RuleError, match="Talisman cards cannot be swapped"):
        Session(CAVENDISH, setup_for(2), actions, rules=4)


def test_green_items_swap_as_before(at_location: State) -> None:
    state = apply(at_location(2), TakeItem("Amy", "ITEM 9", strength=1))
    given = apply(state, GiveItems("Amy", "Anton", ("ITEM 9",)))
    assert names(given, "Anton") == ["ITEM 9"] and given.agents[1].pool == 5  # 1 Azrak


@pytest.mark.parametrize("kind", ["yellow", "red", "Yellow"])
def test_a_yellow_or_red_item_is_stowed_once_resolved(at_location: State, kind: str) -> None:
    before = at_location(2)
    action = TakeItem("Amy", "ITEM 12", confidence=1, kind=kind)
    after = apply(before, action)
    assert names(after, "Amy") == []
    assert after.agents == before.agents
    assert CAVENDISH.narrate(before, action, after) == (
        f"Amy took ITEM 12 ({kind.lower()}): read and resolved, then stowed"
    )


@pytest.mark.parametrize("kind", ["yellow", "red"])
def test_its_card_text_may_keep_it(at_location: State, kind: str) -> None:
    before = at_location(2)
    action = TakeItem("Amy", "ITEM 12", confidence=1, kind=kind, kept=True)
    after = apply(before, action)
    assert [(i.name, i.kind) for i in after.agents[1].items] == [("ITEM 12", kind)]
    assert after.agents[1].attribute("confidence") == 3
    assert CAVENDISH.narrate(before, action, after) == (
        f"Amy took ITEM 12 ({kind}, kept as its card says) (Confidence +1)"
    )
    given = apply(after, GiveItems("Amy", "Anton", ("ITEM 12",)))  # an Item like any other
    assert names(given, "Anton") == ["ITEM 12"]


@pytest.mark.parametrize("kind", ["green", "talisman"])
def test_only_yellow_or_red_is_kept_by_its_card(at_location: State, kind: str) -> None:
    with pytest.raises(RuleError, match="only a yellow or red Item is stowed once resolved"):
        apply(at_location(2), TakeItem("Amy", "ITEM 3", kind=kind, kept=True))


def test_an_unknown_kind_is_refused(at_location: State) -> None:
    with pytest.raises(RuleError, match="An Item is green, yellow or red, or the agent's Talisman"):
        apply(at_location(2), TakeItem("Amy", "ITEM 3", kind="blue"))


def test_a_yellow_item_stowed_can_be_taken_again(at_location: State) -> None:
    """Stowed: "back to where it was placed during setup", so a card may hand it out again."""
    state = apply(at_location(2), TakeItem("Amy", "ITEM 12", kind="yellow"))
    assert names(apply(state, TakeItem("Anton", "ITEM 12")), "Anton") == ["ITEM 12"]


def test_the_talisman_log_line(at_location: State) -> None:
    before = at_location(2)
    action = TakeItem("Amy", "Pocket watch", dexterity=1, kind="talisman")
    assert CAVENDISH.narrate(before, action, apply(before, action)) == (
        "Amy took Pocket watch, their Talisman (Dexterity +1): never swapped nor given"
    )


def test_an_item_is_one_card_by_its_number_from_revision_4(at_location: State) -> None:
    state = apply(at_location(2), TakeItem("Amy", "17"))
    with pytest.raises(RuleError, match="Amy already holds 17: an Item is claimed once"):
        apply(state, TakeItem("Anton", "ITEM 17"))
    old = CAVENDISH.at_revision(at_location(2), 3)
    old = apply(apply(old, TakeItem("Amy", "17")), TakeItem("Anton", "ITEM 17"))
    assert names(old, "Anton") == ["ITEM 17"]  # a revision 3 mission keeps both, as played


def test_show_json_names_each_items_kind(at_location: State) -> None:
    state = apply(at_location(2), TakeItem("Amy", "Pocket watch", kind="talisman"))
    items = CAVENDISH.describe(state)["agents"][1]["items"]  # type: ignore[index,call-overload]
    assert items == [
        {"name": "Pocket watch", "strength": 0, "confidence": 0, "dexterity": 0, "kind": "talisman"}
    ]


def test_each_receptacle_has_one_talisman(at_location: State) -> None:
    state = apply(at_location(2), TakeItem("Amy", "Pocket watch", kind="talisman"))
    with pytest.raises(RuleError, match="Amy has one Talisman card, Pocket watch, already"):
        apply(state, TakeItem("Amy", "Talisman 2"))
    assert apply(state, TakeItem("Anton", "Talisman (ring)")).agents[0].items[0].kind == "talisman"

"""What a Six Sojourns entry that sets a value replaces: the value another device's entry changes
and an unrelated entry leaves alone, None for entries that add, and never an exception."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_six_sojourns_machine import ACTIONS, SETUPS, objectives, spaces, thresholds

from companion.core import Replaced, RuleError
from companion.six_sojourns.actions import (
    COUNTS,
    AdjustCoins,
    CloseSojourn,
    EnterCount,
    EnterSpace,
    PayCoins,
    PlaceSerpent,
    PlaceShrine,
    PlaceUpgrade,
    RemoveSpace,
    RemoveUpgrade,
    ScoreBy,
    SetObjectives,
    SetThresholds,
    SojournsState,
    TakeCard,
)
from companion.six_sojourns.game import SIX_SOJOURNS
from companion.six_sojourns.model import Objective, Pieces, Space, Threshold, Thresholds
from companion.six_sojourns.replaced import objectives_words, space_words, thresholds_words
from companion.six_sojourns.setup import SojournsSetup

SETUP = SojournsSetup(players=("Ana", "Ben"), expansions=("upgrades", "shrines", "sea-serpents"))
A1 = Space("A1", island="North", pieces={"Ana": Pieces(people=2), "Ben": Pieces(houses=1)})
HOUSES = Objective("houses", 3, at_least=3)


def state_with(*actions: Any) -> SojournsState:
    state = SIX_SOJOURNS.start(SETUP)
    for action in actions:
        state = SIX_SOJOURNS.apply(state, action)
    return state


def across(state: SojournsState, action: Any, other: Any) -> tuple[Replaced, Replaced]:
    """What `action` replaces as its device saw `state`, and once another device's `other`
    entry has been made."""
    seen = SIX_SOJOURNS.replaced(state, action)
    newest = SIX_SOJOURNS.replaced(SIX_SOJOURNS.apply(state, other), action)
    assert seen is not None and newest is not None
    return seen, newest


@pytest.mark.parametrize(
    ("action", "changing", "unrelated", "what", "seen_value", "new_value"),
    [
        (
            EnterCount("Ana", "coins", 7),
            AdjustCoins("Ana", 2),
            AdjustCoins("Ben", 2),
            "Ana's coins",
            "12",
            "14",
        ),
        (
            EnterCount("Ana", "coins", 7),
            TakeCard(3),
            EnterCount("Ana", "cooking", 2),
            "Ana's coins",
            "12",
            "9",
        ),
        (
            EnterCount("Ana", "cooking", 4),
            EnterCount("Ana", "cooking", 3),
            EnterCount("Ben", "cooking", 3),
            "Ana's cooking icons",
            "0",
            "3",
        ),
        (
            EnterCount("Ben", "shoe-making", 1),
            EnterCount("Ben", "shoe-making", 2),
            EnterCount("Ben", "art", 2),
            "Ben's shoe-making icons",
            "0",
            "2",
        ),
        (
            EnterCount("Ben", "objective_vp", 6),
            EnterCount("Ben", "objective_vp", 5),
            EnterCount("Ben", "expansion_vp", 5),
            "Ben's VP from objectives",
            "0",
            "5",
        ),
        (
            EnterCount("Ana", "spaces", 6),
            EnterCount("Ana", "spaces", 9),
            EnterCount("Ana", "islands", 9),
            "Ana's VP for spaces",
            "0",
            "9",
        ),
        (
            SetObjectives("Ana", (Objective("vp", 2),)),
            SetObjectives("Ana", (HOUSES,)),
            SetObjectives("Ben", (HOUSES,)),
            "Ana's objectives",
            "none",
            "houses 3 = 3",
        ),
        (
            ScoreBy("board"),
            ScoreBy("board"),
            EnterCount("Ana", "cooking", 2),
            "where the score comes from",
            "the score pad",
            "the board",
        ),
        (
            SetThresholds(Thresholds(cooking=Threshold(4, 8))),
            SetThresholds(Thresholds(jewelry=Threshold(2, 3))),
            PlaceUpgrade("cooking", 2),
            "the trade thresholds",
            "cooking 5/9, carpentry 5/8, sewing 5/7, shoe-making 4/6, art 4/5, smithing 3/5, "
            "jewelry 3/4",
            "cooking 5/9, carpentry 5/8, sewing 5/7, shoe-making 4/6, art 4/5, smithing 3/5, "
            "jewelry 2/3",
        ),
    ],
)
def test_another_devices_change_gives_another_value_an_unrelated_entry_the_same(
    action: Any,
    changing: Any,
    unrelated: Any,
    what: str,
    seen_value: str,
    new_value: str,
) -> None:
    state = state_with()
    seen, newest = across(state, action, changing)
    assert seen == Replaced(what, seen_value)
    assert newest == Replaced(what, new_value)
    assert across(state, action, unrelated) == (seen, seen)


EDIT = EnterSpace(replace(A1, pieces={"Ana": Pieces(people=3), "Ben": Pieces(houses=1)}), "A1")


@pytest.mark.parametrize(
    "other",
    [
        EnterSpace(replace(A1, pieces={"Ana": Pieces(people=2), "Ben": Pieces(houses=2)}), "A1"),
        EnterSpace(replace(A1, island="South"), "A1"),
        EnterSpace(replace(A1, shrines=1), "A1"),
        EnterSpace(replace(A1, name="A9"), "A1"),
        RemoveSpace("A1"),
    ],
    ids=["pieces", "island", "marks", "renamed", "removed"],
)
def test_an_edit_of_a_space_sees_another_devices_edit_of_it(other: Any) -> None:
    state = state_with(EnterSpace(A1))
    seen, newest = across(state, EDIT, other)
    assert seen == Replaced("space A1", "island North; no marks; Ana 2p, Ben 1h")
    assert newest.what == "space A1"
    assert newest.value != seen.value


@pytest.mark.parametrize("other", [RemoveSpace("A1"), EnterSpace(replace(A1, name="A9"), "A1")])
def test_a_renamed_or_removed_space_is_no_longer_on_the_sheet(other: Any) -> None:
    state = state_with(EnterSpace(A1), other)
    assert SIX_SOJOURNS.replaced(state, EDIT) == Replaced("space A1", "not on the sheet")


def test_an_edit_of_a_space_ignores_other_spaces_and_entries() -> None:
    state = state_with(EnterSpace(A1))
    for other in (EnterSpace(Space("S1", sea=True)), EnterCount("Ana", "coins", 3), TakeCard(0)):
        seen, newest = across(state, EDIT, other)
        assert seen == newest


def test_a_space_reads_the_same_whatever_order_its_pieces_were_typed_in() -> None:
    state = state_with()
    reordered = replace(A1, pieces={"Ben": Pieces(houses=1), "Ana": Pieces(people=2)})
    assert space_words(state, reordered) == space_words(state, A1)
    marked = replace(A1, landmark="Lighthouse", shrines=1, trade_token="art")
    assert "landmark Lighthouse, shrines 1, token art" in space_words(state, marked)


def test_a_sea_space_and_an_empty_player_entry() -> None:
    state = state_with()
    bay = Space("S1", sea=True, serpents=1, pieces={"Ben": Pieces(boats=2), "Ana": Pieces()})
    assert space_words(state, bay) == "sea; serpents 1; Ben 2b"


@pytest.mark.parametrize(
    "action",
    [
        TakeCard(2),
        AdjustCoins("Ana", 3),
        PayCoins("Ana", "Ben"),
        PlaceSerpent("Ana", ("Ben",)),
        PlaceShrine("Ben"),
        PlaceUpgrade("art", 2),
        RemoveUpgrade("art", 2),
        EnterSpace(Space("A2", island="North")),
        RemoveSpace("A1"),
        CloseSojourn(),
    ],
)
def test_entries_that_add_replace_nothing(action: Any) -> None:
    assert SIX_SOJOURNS.replaced(state_with(EnterSpace(A1)), action) is None


@pytest.mark.parametrize(
    "action",
    [
        EnterCount("Zed", "coins", 3),
        EnterCount("Ana", "gold", 3),
        SetObjectives("Zed", ()),
        object(),
    ],
)
def test_an_entry_the_rules_refuse_replaces_nothing(action: Any) -> None:
    assert SIX_SOJOURNS.replaced(state_with(), action) is None


def set_value(action: Any) -> bool:
    """An entry that types a value over the one there (the rules may still refuse it)."""
    if isinstance(action, EnterSpace):
        return bool(action.replaces)
    return isinstance(action, EnterCount | SetObjectives | ScoreBy | SetThresholds)


def written(state: SojournsState, action: Any) -> str:
    """The value `action` writes, in the words `replaced` reads it back in."""
    match action:
        case EnterCount(value=value):
            return str(value)
        case SetObjectives(objectives=objectives):
            return objectives_words(objectives)
        case EnterSpace(space=space):
            return space_words(state, space)
        case ScoreBy(mode=mode):
            return "the score pad" if mode == "pad" else "the board"
    assert isinstance(action, SetThresholds)
    return thresholds_words(action.thresholds)


def played(setup: SojournsSetup, history: list[Any]) -> SojournsState:
    state = SIX_SOJOURNS.start(setup)
    for action in history:
        try:
            state = SIX_SOJOURNS.apply(state, action)
        except RuleError:
            continue
    return state


@settings(max_examples=60, deadline=None)
@given(SETUPS, st.lists(ACTIONS, max_size=20), st.lists(ACTIONS, min_size=1, max_size=6))
def test_replaced_never_raises(setup: SojournsSetup, history: list[Any], probes: list[Any]) -> None:
    """Over random games (finished ones and campaigns included) and entries good and bad:
    `replaced` answers, the same answer twice, and only for an entry that sets a value."""
    state = played(setup, history)
    for probe in probes:
        found = SIX_SOJOURNS.replaced(state, probe)
        assert found == SIX_SOJOURNS.replaced(state, probe)
        assert (found is not None) <= set_value(probe)
        assert found is None or (found.what and found.value)


@st.composite
def set_values(draw: st.DrawFn, state: SojournsState) -> Any:
    """A set-value entry naming this game's players and spaces, its value good or bad."""
    name = draw(st.sampled_from(state.players))
    taken = [space.name for space in state.sheet.spaces]
    if taken:
        edited = draw(st.sampled_from(taken))
        kept = st.just(edited)
        space = draw(st.builds(replace, st.sampled_from(state.sheet.spaces), name=kept))
        space = draw(st.one_of(st.just(space), spaces.map(lambda s: replace(s, name=edited))))
        edit: Any = EnterSpace(space, edited)
    else:
        edit = ScoreBy("pad")
    return draw(
        st.sampled_from(
            (
                edit,
                EnterCount(name, draw(st.sampled_from(COUNTS)), draw(st.integers(-1, 12))),
                SetObjectives(name, tuple(draw(st.lists(objectives, max_size=2)))),
                ScoreBy(draw(st.sampled_from(("pad", "board"))), draw(TOKENS)),
                SetThresholds(draw(thresholds)),
            )
        )
    )


TOKENS = st.sampled_from(("", "convert", "keep"))
HISTORY = st.lists(ACTIONS.filter(lambda action: not isinstance(action, CloseSojourn)), max_size=25)


@settings(max_examples=80, deadline=None)
@given(SETUPS, HISTORY, st.data())
def test_after_a_set_value_entry_replaced_reads_the_value_it_typed(
    setup: SojournsSetup, history: list[Any], data: st.DataObject
) -> None:
    """Whatever the game, once a set-value entry is made `replaced` reads back exactly the value
    it typed: the value is read from where the rules write it, so another device's entry shows
    as a change."""
    first = Space("T1", island="North", pieces={setup.players[0]: Pieces(people=1)})
    state = played(setup, [EnterSpace(first), *history])
    probe = data.draw(set_values(state))
    found = SIX_SOJOURNS.replaced(state, probe)
    assert found is not None
    try:
        after = SIX_SOJOURNS.apply(state, probe)
    except RuleError:
        return
    assert SIX_SOJOURNS.replaced(after, probe) == replace(found, value=written(after, probe))


@given(st.sampled_from(COUNTS), st.integers(0, 30))
def test_every_count_reads_back_the_number_typed(what: str, value: int) -> None:
    state = state_with(EnterCount("Ben", what, value))
    found = SIX_SOJOURNS.replaced(state, EnterCount("Ben", what, 1))
    assert found is not None and found.value == str(value) and found.what.startswith("Ben's ")

"""What a Cavendish action that sets a value replaces: a Standard Update's split is made for the
Vortex and pools its device saw; another device's crystals change that, other actions do not."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_cavendish_properties import ACTIONS, SETUPS

from companion.cavendish.actions import (
    AbandonMission,
    AndCost,
    AnnounceGroupConflict,
    AttemptTest,
    ChooseLocation,
    DiscardFear,
    EndMission,
    Explore,
    GainAzrak,
    GiveItems,
    LeaveLocation,
    LoseAzrak,
    PassCaptain,
    ReshuffleDestiny,
    StandardUpdate,
    StowItem,
    TakeFear,
    TakeItem,
)
from companion.cavendish.azrak import even_split, update_cost
from companion.cavendish.game import CAVENDISH, apply
from companion.cavendish.model import Adjustments, CavendishSetup, CavendishState
from companion.core import Replaced, RuleError

State = Callable[..., CavendishState]


@pytest.fixture
def between(at_location: State) -> CavendishState:
    """Two agents between locations: Anton 2 of 5, Amy 3 of 6, crystals in the Vortex."""
    return apply(at_location(2, Anton=2, Amy=3), LeaveLocation())


def split(state: CavendishState) -> StandardUpdate:
    return StandardUpdate(even_split(state, state.vortex - update_cost(state)))


def across(state: CavendishState, action: Any, other: Any) -> tuple[Replaced, Replaced]:
    """What `action` replaces as its device saw `state`, and once another device's `other`."""
    seen = CAVENDISH.replaced(state, action)
    newest = CAVENDISH.replaced(apply(state, other), action)
    assert seen is not None and newest is not None
    return seen, newest


def test_the_split_reads_the_vortex_and_every_pool(between: CavendishState) -> None:
    assert CAVENDISH.replaced(between, split(between)) == Replaced(
        "the crystals to share", f"Vortex {between.vortex} (Anton 2/5, Amy 3/6)"
    )


@pytest.mark.parametrize(
    "other",
    [LoseAzrak("Anton", 1), LoseAzrak("Amy", 2), GainAzrak("Amy", 1), StandardUpdate((3, 3))],
    ids=["anton-lost", "amy-lost", "amy-gained", "updated"],
)
def test_another_devices_crystals_change_the_split_it_replaces(
    between: CavendishState, other: Any
) -> None:
    seen, newest = across(between, split(between), other)
    assert newest.what == seen.what
    assert newest.value != seen.value


@pytest.mark.parametrize(
    "other",
    [TakeItem("Anton", "Key", strength=1), TakeFear("Amy", 1), PassCaptain()],
    ids=["item", "fear", "captain-passed"],
)
def test_actions_that_move_no_crystal_leave_the_split_alone(
    between: CavendishState, other: Any
) -> None:
    seen, newest = across(between, split(between), other)
    assert seen == newest


def test_a_refused_split_would_have_shared_crystals_no_longer_there(
    between: CavendishState,
) -> None:
    """Why the split is a set value: made for the Vortex seen, it is wrong for the newest."""
    chosen = split(between)
    newest = apply(between, GainAzrak("Anton", 2))
    with pytest.raises(RuleError):
        apply(newest, chosen)


@pytest.mark.parametrize(
    "action",
    [
        ChooseLocation("B"),
        Explore("Anton"),
        AttemptTest("Amy", "strength", 3, 0),
        AndCost("Amy"),
        GiveItems("Anton", "Amy", ("Key",)),
        GainAzrak("Anton", 1),
        LoseAzrak("Amy", 1),
        TakeFear("Anton", 1),
        DiscardFear("Anton", 1),
        TakeItem("Amy", "Lamp"),
        StowItem("Amy", "Lamp"),
        AnnounceGroupConflict("the Butler"),
        LeaveLocation(),
        PassCaptain(),
        ReshuffleDestiny(),
        EndMission(Adjustments(damien_rescued=True)),
        AbandonMission(),
        object(),
    ],
)
def test_actions_that_spend_gain_or_announce_replace_nothing(
    between: CavendishState, action: Any
) -> None:
    assert CAVENDISH.replaced(between, action) is None


def played(setup: CavendishSetup, history: list[Any]) -> CavendishState:
    return played_from(CAVENDISH.start(setup), history)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SETUPS), st.lists(ACTIONS, max_size=30), st.lists(ACTIONS, max_size=6))
def test_replaced_never_raises(
    setup: CavendishSetup, history: list[Any], probes: list[Any]
) -> None:
    """Over random missions (failed and finished ones included) and actions good and bad: an
    answer for every one, the same twice, and a value only for a Standard Update."""
    state = played(setup, history)
    for probe in [*probes, split(state)]:
        found = CAVENDISH.replaced(state, probe)
        assert found == CAVENDISH.replaced(state, probe)
        assert (found is not None) == isinstance(probe, StandardUpdate)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(SETUPS), st.lists(ACTIONS, max_size=12), st.lists(ACTIONS, max_size=3))
def test_a_split_reads_other_crystals_whenever_crystals_moved(
    setup: CavendishSetup, discovery: list[Any], others: list[Any]
) -> None:
    """A location played at random, then the group between locations, where another device may
    act before the split arrives (or perform the update itself): the split's value changes
    exactly when a pool or the Vortex did, so a split made for other crystals is always caught."""
    state = played(setup, [ChooseLocation("A"), *discovery, LeaveLocation()])
    chosen = split(state)
    seen = CAVENDISH.replaced(state, chosen)
    newest = played_from(state, others or [chosen])
    moved = crystals(newest) != crystals(state)
    assert (CAVENDISH.replaced(newest, chosen) != seen) == moved


def played_from(state: CavendishState, actions: list[Any]) -> CavendishState:
    """The state after the actions the rules accept, the others skipped."""
    for action in actions:
        try:
            state = apply(state, action)
        except RuleError:
            continue
    return state


def crystals(state: CavendishState) -> tuple[int, tuple[int, ...]]:
    return state.vortex, tuple(agent.pool for agent in state.agents)

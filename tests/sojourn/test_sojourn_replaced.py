"""What a Sojourn move that sets a value replaces: a corrected destination card types over the
card on the timeline; another device's correction of it changes that, other moves do not."""

from __future__ import annotations

import contextlib
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sojourn_helpers import B, card, play, started
from test_sojourn_properties import OPENING, actions, cards

from companion.core import Replaced, RuleError
from companion.sojourn.actions import (
    DestinationDeckEmpty,
    DrawDestination,
    DrawTimestream,
    EditDestination,
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
from companion.sojourn.model import SojournSetup, SojournState
from companion.sojourn.replaced import card_words

ROME = card("Rome", 44, drop=1, cost=1, risk=25, dmg=1, gain=2)


def two_destinations() -> SojournState:
    """Pearl Harbor above the start card, then Rome opened with a Temporal Charge, to its left."""
    return play(started(), [OpenWithCharge(), DrawDestination(ROME), PlaceSide("left")])


def test_a_correction_reads_the_card_where_it_lies() -> None:
    state = two_destinations()
    found = SOJOURN.replaced(state, EditDestination(1, card("Pearl Harbour", 1941)))
    assert found == Replaced(
        "the card at row 1, the start column",
        "Pearl Harbor (1941) DROP 2 COST 2 RISK 90% DMG 4 GAIN 1",
    )


def test_a_star_drop_reads_its_text() -> None:
    starred = card("Salem", 1692, drop=None, drop_text="Drop a Loop")
    assert card_words(starred) == "Salem (1692) DROP * (Drop a Loop) COST 1 RISK 25% DMG 1 GAIN 1"


@pytest.mark.parametrize(
    "other",
    [
        EditDestination(1, card("Pearl Harbor", 1941, drop=2, cost=2, risk=75, dmg=4, gain=1)),
        EditDestination(1, card("Hawaii", 1941, drop=2, cost=2, risk=90, dmg=4, gain=1)),
        EditDestination(
            1,
            replace(
                card("Pearl Harbor", 1941, cost=2, risk=90, dmg=4),
                drop=None,
                drop_text="Drop a Loop",
            ),
        ),
    ],
    ids=["risk", "name", "drop"],
)
def test_another_devices_correction_of_the_card_changes_it(other: Any) -> None:
    state = two_destinations()
    mine = EditDestination(1, card("Pearl Harbour", 1941, drop=2, cost=2, risk=90, dmg=4))
    seen = SOJOURN.replaced(state, mine)
    newest = SOJOURN.replaced(SOJOURN.apply(state, other), mine)
    assert seen is not None and newest is not None
    assert newest.what == seen.what
    assert newest.value != seen.value


@pytest.mark.parametrize(
    "other",
    [EditDestination(2, card("Roma", 44)), OpenWithCharge(), PlayFracture()],
    ids=["other-card", "charge", "fracture"],
)
def test_moves_elsewhere_leave_the_card_alone(other: Any) -> None:
    state = two_destinations()
    mine = EditDestination(1, card("Pearl Harbour", 1941))
    assert SOJOURN.replaced(SOJOURN.apply(state, other), mine) == SOJOURN.replaced(state, mine)


@pytest.mark.parametrize("index", [0, 3, -1, -2])
def test_the_start_card_and_a_card_not_on_the_timeline_replace_nothing(index: int) -> None:
    assert SOJOURN.replaced(two_destinations(), EditDestination(index, ROME)) is None


@pytest.mark.parametrize(
    "action",
    [
        DrawTimestream((B,)),
        DrawDestination(ROME),
        DestinationDeckEmpty(),
        RollRisk(4, 2),
        Travel(1),
        LoopTo(1),
        OpenWithCharge(),
        PlayFracture(),
        PlayBandage(),
        PlayBattery(),
        TravelHome(),
        object(),
    ],
)
def test_moves_that_draw_travel_or_play_replace_nothing(action: Any) -> None:
    assert SOJOURN.replaced(two_destinations(), action) is None


@settings(max_examples=80, deadline=None)
@given(st.lists(actions, max_size=40), st.lists(actions, max_size=6), st.integers(0, 8), cards)
def test_replaced_never_raises_and_reads_back_a_correction(
    moves: list[Any], probes: list[Any], index: int, corrected: Any
) -> None:
    """Over random journeys and moves good and bad: an answer for every move, the same twice, a
    value only for a correction, and after a correction the rules accept, the card it typed."""
    state = SOJOURN.start(SojournSetup())
    for move in [*OPENING, *moves]:
        with contextlib.suppress(RuleError):
            state = SOJOURN.apply(state, move)
    on_timeline = 1 + index % max(1, len(state.timeline) - 1)
    for probe in [*probes, EditDestination(on_timeline, corrected)]:
        found = SOJOURN.replaced(state, probe)
        assert found == SOJOURN.replaced(state, probe)
        assert found is None or isinstance(probe, EditDestination)
        if found is None:
            continue
        try:
            after = SOJOURN.apply(state, probe)
        except RuleError:
            continue
        typed = card_words(replace(probe.card, name=probe.card.name.strip()))
        assert SOJOURN.replaced(after, probe) == replace(found, value=typed)

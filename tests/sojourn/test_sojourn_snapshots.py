"""How the traveller screen and the travel dialog look at 80x24 and 120x40."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from sojourn_helpers import B, F, L, P, T, card

from companion.sojourn.actions import (
    DrawDestination,
    DrawTimeFragment,
    DrawTimestream,
    OpenWithCharge,
    PlaceSide,
    RollRisk,
    Travel,
)
from companion.sojourn.game import SOJOURN
from companion.sojourn.model import SojournSetup
from tests.support.saving import record_played
from tests.support.snapshots import Size, size_sets

SIZES = size_sets([(80, 24), (120, 40)])

MOVES = [
    DrawTimestream((B, F, L, P, T)),
    DrawDestination(card("Pearl Harbor", 1941, drop=2, cost=2, risk=90, dmg=4, gain=1)),
    OpenWithCharge(),
    DrawTimeFragment(),
    DrawDestination(card("Troy", -1200, drop=0, cost=1, risk=50, dmg=2, gain=2)),
    PlaceSide("right"),
    Travel(1, (B, L)),
    DrawDestination(card("Rome", -44, drop=1, cost=1, risk=25, dmg=1, gain=1)),
    RollRisk(30, 7),
    DrawTimestream((L,)),
    Travel(3, (F,)),
    DrawDestination(
        card("Apollo 11", 1969, drop=None, cost=3, risk=75, dmg=3, gain=2, drop_text="Drop a Loop")
    ),
    RollRisk(90, 1),
    DrawTimestream((B,)),
]


def several_rows(app: Any) -> None:
    """Open a game already four rows high, with fragments waiting under Troy."""
    saved = app.store.create(SOJOURN, SojournSetup(), "Snapshot trip")
    for move in MOVES:
        saved.session.do(move)
    record_played(app.store, saved)
    app.open_saved(saved.id)


class TestTravellerScreen:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_timeline_of_several_rows(
        self, snap_sizes: Any, make_test_app: Callable[..., Any], sizes: list[Size]
    ) -> None:
        assert snap_sizes(make_test_app(start=several_rows), sizes) == []


class TestTravelDialog:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_trip_preview_with_cards_picked(
        self, snap_sizes: Any, make_test_app: Callable[..., Any], sizes: list[Size]
    ) -> None:
        app = make_test_app(start=several_rows)
        assert snap_sizes(app, sizes, press=["down", "left", "t", "b"]) == []

    @pytest.mark.parametrize("sizes", SIZES)
    def test_a_refused_loop_offers_only_escape(
        self, snap_sizes: Any, make_test_app: Callable[..., Any], sizes: list[Size]
    ) -> None:
        """Pearl Harbor (1941) is later than Rome: the Loop is refused, no "enter go"."""
        app = make_test_app(start=several_rows)
        assert snap_sizes(app, sizes, press=["down", "l"]) == []

"""The result screen of a traveller lost in time, at 80x24 and 120x40 (issue 15)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from sojourn_helpers import L, card
from test_sojourn_snapshots import MOVES, SIZES

from companion.sojourn.actions import DrawDestination, RollRisk, Travel
from companion.sojourn.game import SOJOURN
from companion.sojourn.model import SojournSetup
from tests.support.saving import record_played
from tests.support.snapshots import Size

LOST = [
    *MOVES,
    Travel(4, (L,)),
    DrawDestination(card("Woodstock", 1969, drop=1, cost=1, risk=25, dmg=1, gain=1)),
    RollRisk(0, 0),
]
"""The trip to Apollo 11 rolls 00 against RISK 75%: 3 damage takes the last 3 Health."""


def lost_game(app: Any) -> None:
    saved = app.store.create(SOJOURN, SojournSetup(), "Snapshot trip")
    for move in LOST:
        saved.session.do(move)
    record_played(app.store, saved)
    app.open_saved(saved.id)


class TestResultScreen:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_lost_in_time(
        self, snap_sizes: Any, make_test_app: Callable[..., Any], sizes: list[Size]
    ) -> None:
        app = make_test_app(start=lost_game)
        assert snap_sizes(app, sizes, press=["R"]) == []

"""The result screen of a game won on the coin tie-break, at 80x24 and 120x40 (issue 15)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.six_sojourns.actions import AdjustCoins, CloseSojourn, EnterCount, ScoreBy
from companion.six_sojourns.game import SIX_SOJOURNS
from companion.six_sojourns.setup import SojournsSetup
from tests.support.saving import record_played
from tests.support.snapshots import Size, size_sets

SIZES = size_sets([(80, 24), (120, 40)])

TIED = [
    ScoreBy("pad"),
    *(EnterCount(name, "spaces", count) for name, count in (("Ana", 9), ("Ben", 9), ("Cy", 7))),
    EnterCount("Ana", "islands", 3),
    EnterCount("Ben", "islands", 3),
    AdjustCoins("Ben", 2),
    CloseSojourn(),
]


def finished_game(app: Any) -> None:
    setup = SojournsSetup(players=("Ana", "Ben", "Cy"))
    saved = app.store.create(SIX_SOJOURNS, setup, "Snapshot game")
    for action in TIED:
        saved.session.do(action)
    record_played(app.store, saved)
    app.open_saved(saved.id)


class TestResultScreen:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_won_on_coins(self, snap_sizes: Any, make_test_app: Any, sizes: list[Size]) -> None:
        app = make_test_app(start=finished_game)
        assert snap_sizes(app, sizes, press=["R"]) == []

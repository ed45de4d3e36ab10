"""Snapshots of the dice tray after long rolls, and of the fairness check, at 80x24 and 120x40."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion import dice
from tests.support.snapshots import Size, size_sets

SIZES = size_sets([(80, 24), (120, 40)])


class TestDiceTrayHistory:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_totals_stay_after_20d6_and_100d6(
        self, snap_sizes: Any, make_test_app: Any, sizes: list[Size]
    ) -> None:
        keys = ["d", "4", "enter", "escape", "f", *"2d6+1", "enter", *"51", "enter"]
        keys += ["escape", "l", *"Ben's turn", "enter", "escape", "f", *"20d6", "enter", "r"]
        keys += ["escape", "f", *"100d6", "enter", "r"]
        assert snap_sizes(make_test_app(seed=5), sizes, press=keys) == []


class TestDiceCheck:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_a_loaded_d6_and_a_percentile_pair(
        self, snap_sizes: Any, make_test_app: Any, sizes: list[Size]
    ) -> None:
        app = make_test_app()
        rng = random.Random(2)
        loaded = [6 if rng.random() < 0.3 else rng.randint(1, 5) for _ in range(300)]
        app.rolls.add_many(dice.physical("d6", [face]) for face in loaded)
        app.rolls.add_many(dice.read_faces("d%", str(rng.randint(1, 100))) for _ in range(80))
        assert snap_sizes(app, sizes, press=["d", "c"]) == []

"""Snapshots of a group conflict with two adversaries: the board line naming each one's damage
and life points, the test panel asking on whose card the damage goes, and the `A` dialog."""

from __future__ import annotations

from typing import Any

import pytest

from companion.cavendish.actions import (
    AddAdversary,
    AnnounceGroupConflict,
    AttemptTest,
    BeginGroupConflict,
    ChooseLocation,
)
from tests.cavendish.test_cavendish_snapshots import SIZES, starter
from tests.support.snapshots import Size

TWO_ADVERSARIES = [
    ChooseLocation("A"),
    AnnounceGroupConflict("the Butler"),
    AddAdversary("the Ghoul", 3),
    BeginGroupConflict(("Anton", "Amy"), 5),
    AttemptTest("Anton", "strength", 3, 0, damage=1, adversary="the Ghoul"),
]


@pytest.mark.parametrize("sizes", SIZES)
class TestTwoAdversaries:
    def test_conflict_under_way(
        self, snap_sizes: Any, make_test_app: Any, make_setup: Any, sizes: list[Size]
    ) -> None:
        run_before = starter(make_setup, TWO_ADVERSARIES, players=2)
        assert snap_sizes(make_test_app(), sizes, run_before=run_before) == []

    def test_panel_asks_whose_card(
        self, snap_sizes: Any, make_test_app: Any, make_setup: Any, sizes: list[Size]
    ) -> None:
        run_before = starter(make_setup, TWO_ADVERSARIES, players=2)
        assert snap_sizes(make_test_app(), sizes, press=["t"], run_before=run_before) == []

    def test_another_adversary_dialog(
        self, snap_sizes: Any, make_test_app: Any, make_setup: Any, sizes: list[Size]
    ) -> None:
        run_before = starter(make_setup, TWO_ADVERSARIES[:3], players=2)
        assert snap_sizes(make_test_app(), sizes, press=["A"], run_before=run_before) == []

"""The result screen of a completed and of a failed mission, at 80x24 and 120x40 (issue 15)."""

from __future__ import annotations

from typing import Any

import pytest
from test_cavendish_snapshots import SIZES, starter

from companion.cavendish.actions import (
    AbandonMission,
    ChooseLocation,
    EndMission,
    LeaveLocation,
    PassCaptain,
    StandardUpdate,
    TakeFear,
)
from companion.cavendish.model import Adjustments
from tests.support.snapshots import Size

PLAYED = [
    ChooseLocation("A"),
    TakeFear("Amy", 2),
    LeaveLocation(),
    StandardUpdate((1, 0)),
    PassCaptain(),
    ChooseLocation("B"),
    LeaveLocation(),
    StandardUpdate((0, 1)),
]


@pytest.mark.parametrize("sizes", SIZES)
class TestResultScreen:
    def test_mission_completed(
        self, snap_sizes: Any, make_test_app: Any, make_setup: Any, sizes: list[Size]
    ) -> None:
        end = EndMission(Adjustments(damien_rescued=True, anigimas_freed=True))
        run_before = starter(make_setup, [*PLAYED, end], players=2)
        assert snap_sizes(make_test_app(), sizes, run_before=run_before) == []

    def test_mission_failed(
        self, snap_sizes: Any, make_test_app: Any, make_setup: Any, sizes: list[Size]
    ) -> None:
        run_before = starter(make_setup, [*PLAYED, AbandonMission()], players=2)
        assert snap_sizes(make_test_app(), sizes, run_before=run_before) == []

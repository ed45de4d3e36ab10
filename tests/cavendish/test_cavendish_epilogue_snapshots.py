"""Snapshots of the epilogue: the events `h` offers, and the end-of-mission questions prefilled
from what was recorded, each saying where it came from."""

from __future__ import annotations

from typing import Any

import pytest

from companion.cavendish.actions import ChooseLocation, RescueDamien, TakeNote
from tests.cavendish.test_cavendish_snapshots import SIZES, starter
from tests.support.snapshots import Size

RECORDED = [
    ChooseLocation("A"),
    RescueDamien(),
    TakeNote("Amy", 17),
    TakeNote("Anton", 1),
]


@pytest.mark.parametrize("sizes", SIZES)
class TestEpilogue:
    def test_events_offered(
        self, snap_sizes: Any, make_test_app: Any, make_setup: Any, sizes: list[Size]
    ) -> None:
        run_before = starter(make_setup, RECORDED, players=2)
        assert snap_sizes(make_test_app(), sizes, press=["h"], run_before=run_before) == []

    def test_end_of_mission_prefilled(
        self, snap_sizes: Any, make_test_app: Any, make_setup: Any, sizes: list[Size]
    ) -> None:
        run_before = starter(make_setup, RECORDED, players=2)
        assert snap_sizes(make_test_app(), sizes, press=["e"], run_before=run_before) == []

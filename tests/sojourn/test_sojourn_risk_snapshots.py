"""The RISK roll prompt at 80x24 and 120x40: the field first, the reading beside it."""

from __future__ import annotations

from typing import Any

import pytest
from sojourn_pilot import type_card

SIZES = [(80, 24), (120, 40)]


async def to_the_risk_roll(pilot: Any) -> None:
    await pilot.press("ctrl+s")
    await pilot.press(*"bbbbb")
    await type_card(pilot, "Somme", "1916", "0", "1", "90", "3", "0")
    await pilot.press("up", "t", "enter")
    await type_card(pilot, "Verdun", "1916-02-21", "0", "1", "90", "3", "0")


class TestRiskPrompt:
    @pytest.mark.parametrize("size", SIZES)
    def test_the_cursor_waits_for_the_real_dice(
        self, snap_compare: Any, make_test_app: Any, size: tuple[int, int]
    ) -> None:
        app = make_test_app(start=lambda app: app.new_game("sojourn"))
        assert snap_compare(app, run_before=to_the_risk_roll, press=["1"], terminal_size=size)

"""The RISK roll prompt at 80x24 and 120x40: the field first, the reading beside it."""

from __future__ import annotations

from typing import Any

import pytest
from sojourn_helpers import waiting_for_the_risk_roll

SIZES = [(80, 24), (120, 40)]


class TestRiskPrompt:
    @pytest.mark.parametrize("size", SIZES)
    def test_the_cursor_waits_for_the_real_dice(
        self, snap_compare: Any, make_test_app: Any, size: tuple[int, int]
    ) -> None:
        app = make_test_app(start=waiting_for_the_risk_roll)
        assert snap_compare(app, press=["1"], terminal_size=size)

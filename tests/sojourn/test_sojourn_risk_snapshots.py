"""The RISK roll prompt at 80x24 and 120x40: the field first, the reading beside it."""

from __future__ import annotations

from typing import Any

import pytest
from sojourn_helpers import waiting_for_the_risk_roll

from tests.support.snapshots import Size, size_sets

SIZES = size_sets([(80, 24), (120, 40)])


class TestRiskPrompt:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_the_cursor_waits_for_the_real_dice(
        self, snap_sizes: Any, make_test_app: Any, sizes: list[Size]
    ) -> None:
        app = make_test_app(start=waiting_for_the_risk_roll)
        assert snap_sizes(app, sizes, press=["1"]) == []

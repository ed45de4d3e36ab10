"""The D6 roll prompt at 80x24 and 120x40: the field first, `r` for the app's roll beside it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.snapshots import Size, size_sets

SIZES = size_sets([(80, 24), (120, 40)])


class TestD6Prompt:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_the_cursor_waits_for_the_real_die(
        self, snap_sizes: Any, make_test_app: Any, sizes: list[Size]
    ) -> None:
        app = make_test_app(start=lambda app: app.new_game("time-bastards"))
        assert snap_sizes(app, sizes, press=["ctrl+s", "t", "4"]) == []

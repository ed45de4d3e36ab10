"""Pebbles' setup (its form: the players, the pile) and the die prompt any game opens, at 80x24
and at a phone's 44x43: the labels beside their fields, above them on a phone; the cursor in
the faces field, `r` for the app's roll beside it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.snapshots import Size, size_sets

SIZES = size_sets([(80, 24), (44, 43)])
pytestmark = pytest.mark.usefixtures("installed_plugin")


class TestPebbles:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_setup_offers_the_players(
        self, snap_sizes: Any, make_test_app: Any, sizes: list[Size]
    ) -> None:
        app = make_test_app(start=lambda app: app.new_game("pebbles"))
        assert snap_sizes(app, sizes) == []

    @pytest.mark.parametrize("sizes", SIZES)
    def test_the_die_prompt_waits_for_the_real_die(
        self, snap_sizes: Any, make_test_app: Any, sizes: list[Size]
    ) -> None:
        app = make_test_app(start=lambda app: app.new_game("pebbles"))
        assert snap_sizes(app, sizes, press=["ctrl+s", "t", "2"]) == []

"""How the table view looks for each game at 80x24 and on a tablet in landscape (100x30)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from table_view_helpers import FOUR_AGENTS

SIZES = [(80, 24), (100, 30)]


async def open_table_view(pilot: Any) -> None:
    await pilot.pause()
    await pilot.press("v")
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "100x30"])
class TestTableView:
    def test_cavendish_three_agents(
        self, snap_compare: Any, game_app: Callable[[str], Any], size: tuple[int, int]
    ) -> None:
        app = game_app("cavendish")
        assert snap_compare(app, run_before=open_table_view, terminal_size=size)

    def test_time_bastards_duel_in_its_second_lap(
        self, snap_compare: Any, game_app: Callable[[str], Any], size: tuple[int, int]
    ) -> None:
        app = game_app("time-bastards")
        assert snap_compare(app, run_before=open_table_view, terminal_size=size)

    def test_six_sojourns_standings_of_four(
        self, snap_compare: Any, game_app: Callable[[str], Any], size: tuple[int, int]
    ) -> None:
        app = game_app("six-sojourns")
        assert snap_compare(app, run_before=open_table_view, terminal_size=size)

    def test_sojourn_tracks_and_next_trip(
        self, snap_compare: Any, game_app: Callable[[str], Any], size: tuple[int, int]
    ) -> None:
        app = game_app("sojourn")
        assert snap_compare(app, run_before=open_table_view, terminal_size=size)


def test_cavendish_four_agents_at_80x24(
    snap_compare: Any, make_test_app: Callable[..., Any]
) -> None:
    """The most boxes a table view holds, at the smallest size: two rows of three."""

    def start(app: Any) -> None:
        app.start_game("cavendish", FOUR_AGENTS, "Four agents")

    app = make_test_app(start=start)
    assert snap_compare(app, run_before=open_table_view, terminal_size=(80, 24))

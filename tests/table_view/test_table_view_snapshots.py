"""How the table view looks for each game on a phone (40x40, 44x43 and 44x20 with the keyboard
up), at 80x24, on a tablet in landscape (100x30) and at 120x40; the table display waiting."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from table_view_helpers import FOUR_AGENTS

from tests.support.samples import install_sample
from tests.support.snapshots import Size, size_sets
from widgets.table_view.display import TableDisplayApp

SIZES = size_sets([(44, 43), (80, 24), (120, 40)], slow=[(40, 40), (44, 20), (100, 30)])
"""A phone (44x43), 80x24 and 120x40 in the default run; 40x40, 44x20 and 100x30 with `-m slow`."""


async def open_table_view(pilot: Any) -> None:
    await pilot.pause()
    await pilot.press("v")
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


@pytest.mark.parametrize("sizes", SIZES)
class TestTableView:
    def test_cavendish_three_agents(
        self, snap_sizes: Any, game_app: Callable[[str], Any], sizes: list[Size]
    ) -> None:
        app = game_app("cavendish")
        assert snap_sizes(app, sizes, run_before=open_table_view) == []

    def test_time_bastards_duel_in_its_second_lap(
        self, snap_sizes: Any, game_app: Callable[[str], Any], sizes: list[Size]
    ) -> None:
        app = game_app("time-bastards")
        assert snap_sizes(app, sizes, run_before=open_table_view) == []

    def test_six_sojourns_standings_of_four(
        self, snap_sizes: Any, game_app: Callable[[str], Any], sizes: list[Size]
    ) -> None:
        app = game_app("six-sojourns")
        assert snap_sizes(app, sizes, run_before=open_table_view) == []

    def test_sojourn_tracks_and_next_trip(
        self, snap_sizes: Any, game_app: Callable[[str], Any], sizes: list[Size]
    ) -> None:
        app = game_app("sojourn")
        assert snap_sizes(app, sizes, run_before=open_table_view) == []


def test_cavendish_four_agents_at_80x24(
    snap_compare: Any, make_test_app: Callable[..., Any]
) -> None:
    """The most boxes a table view holds, at the smallest size: two rows of three."""

    def start(app: Any) -> None:
        app.start_game("cavendish", FOUR_AGENTS, "Four agents")

    app = make_test_app(start=start)
    assert snap_compare(app, run_before=open_table_view, terminal_size=(80, 24))


@pytest.mark.parametrize("size", [(44, 43), (80, 24), (120, 40)], ids=["44x43", "80x24", "120x40"])
def test_table_display_waiting_for_a_game(
    snap_compare: Any, make_test_app: Callable[..., Any], size: tuple[int, int]
) -> None:
    app = make_test_app(app_class=TableDisplayApp)
    assert snap_compare(app, terminal_size=size)


def test_table_display_of_a_mission_at_120x40(
    snap_compare: Any, make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    """What a TV across the table shows: the same view, its numbers a quarter of the height."""
    install_sample(companion_home, "cavendish")
    app = make_test_app(app_class=TableDisplayApp)
    assert snap_compare(app, terminal_size=(120, 40))

"""How the table view looks for each game on a phone (40x40, 44x43 and 44x20 with the keyboard
up), at 80x24, on a tablet in landscape (100x30) and at 120x40, and what it shows at each size;
the table display waiting."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from table_view_helpers import FOUR_AGENTS
from test_table_view import EXPECTED, HEADLINES, headline, open_view, play_screen, shown
from test_table_view_narrow import assert_nothing_cut
from textual.widgets import Digits

from tests.support.samples import install_sample
from tests.support.snapshots import RunBefore, Size, size_sets
from tests.support.waiting import pause_until
from widgets.table_view.display import TableDisplayApp

DEFAULT_SIZES = [(44, 43), (80, 24), (120, 40)]
SIZES = size_sets(DEFAULT_SIZES, slow=[(40, 40), (44, 20), (100, 30)])
"""A phone (44x43), 80x24 and 120x40 in the default run; 40x40, 44x20 and 100x30 with `-m slow`."""


async def open_table_view(pilot: Any) -> None:
    await pilot.pause()
    await pilot.press("v")
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


def checked_table_view(game_id: str, checked: list[Size]) -> RunBefore:
    """The default run's `run_before`: `v` opens the figures large at 120x40 and escape and `v`
    go back; then, after each resize `snap_sizes` makes and before its picture, the same view
    shrunk to 80x24 is whole again with its numbers smaller, and on a phone's 44x43 it cuts
    nothing sideways (each size it checked goes into `checked`)."""

    async def run_before(pilot: Any) -> None:
        app = pilot.app
        await pilot.pause()
        play = app.screen
        view = await open_view(pilot)
        assert play_screen(view) is play
        assert shown(view) == EXPECTED[game_id]
        assert headline(view) == HEADLINES[game_id]
        assert view.sub_title == play.sub_title
        heights = {digits.region.height for digits in view.query(Digits)}  # not Digits' 3
        assert heights and min(heights) >= 8 and max(heights) <= 40 // 4
        assert view.query_one("#tv-body").max_scroll_y == 0
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is play
        await open_view(pilot)
        await pilot.press("v")
        await pilot.pause()
        assert app.screen is play
        view = await open_view(pilot)  # open again for the pictures

        async def at_80x24() -> None:
            await pause_until(
                pilot,
                lambda: max(digits.region.height for digits in view.query(Digits)) < 8,
                what="the numbers redrawn smaller at 80x24",
            )
            assert view.query_one("#tv-body").max_scroll_y == 0
            assert shown(view) == EXPECTED[game_id]

        async def at_44x43() -> None:
            await pilot.pause()
            await assert_nothing_cut(pilot, 44)

        check_after_each_resize(pilot, {(80, 24): at_80x24, (44, 43): at_44x43}, checked)

    return run_before


def check_after_each_resize(
    pilot: Any, checks: dict[Size, Callable[[], Awaitable[None]]], checked: list[Size]
) -> None:
    """Run `checks[size]` each time the terminal is resized to `size`, before the picture
    `snap_sizes` takes there (it resizes with the pilot's `resize_terminal`)."""
    resize = pilot.resize_terminal

    async def resize_then_check(width: int, height: int) -> None:
        await resize(width, height)
        await checks[(width, height)]()
        checked.append((width, height))

    setattr(pilot, "resize_terminal", resize_then_check)  # noqa: B010 (on this pilot only)


def taken(
    game_id: str, snap_sizes: Any, game_app: Callable[[str], Any], sizes: list[Size]
) -> list[str]:
    """The pictures of a game's view that differ from their snapshots; in the default run the
    view checked at each size too (see `checked_table_view`)."""
    if sizes != DEFAULT_SIZES:  # a slow size: a view started there, only its picture
        return snap_sizes(game_app(game_id), sizes, run_before=open_table_view)
    checked: list[Size] = []
    differ = snap_sizes(game_app(game_id), sizes, run_before=checked_table_view(game_id, checked))
    assert checked == [(80, 24), (44, 43)]
    return differ


@pytest.mark.parametrize("sizes", SIZES)
class TestTableView:
    def test_cavendish_three_agents(
        self, snap_sizes: Any, game_app: Callable[[str], Any], sizes: list[Size]
    ) -> None:
        assert taken("cavendish", snap_sizes, game_app, sizes) == []

    def test_time_bastards_duel_in_its_second_lap(
        self, snap_sizes: Any, game_app: Callable[[str], Any], sizes: list[Size]
    ) -> None:
        assert taken("time-bastards", snap_sizes, game_app, sizes) == []

    def test_six_sojourns_standings_of_four(
        self, snap_sizes: Any, game_app: Callable[[str], Any], sizes: list[Size]
    ) -> None:
        assert taken("six-sojourns", snap_sizes, game_app, sizes) == []

    def test_sojourn_tracks_and_next_trip(
        self, snap_sizes: Any, game_app: Callable[[str], Any], sizes: list[Size]
    ) -> None:
        assert taken("sojourn", snap_sizes, game_app, sizes) == []


def test_cavendish_four_agents_at_80x24(
    snap_compare: Any, make_test_app: Callable[..., Any]
) -> None:
    """The most boxes a table view holds, at the smallest size: two rows of three."""

    def start(app: Any) -> None:
        app.start_game("cavendish", FOUR_AGENTS, "Four agents")

    app = make_test_app(start=start)
    assert snap_compare(app, run_before=open_table_view, terminal_size=(80, 24))


@pytest.mark.parametrize("sizes", size_sets(DEFAULT_SIZES))
def test_table_display_waiting_for_a_game(
    snap_sizes: Any, make_test_app: Callable[..., Any], sizes: list[Size]
) -> None:
    assert snap_sizes(make_test_app(app_class=TableDisplayApp), sizes) == []


def test_table_display_of_a_mission_at_120x40(
    snap_compare: Any, make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    """What a TV across the table shows: the same view, its numbers a quarter of the height."""
    install_sample(companion_home, "cavendish")
    app = make_test_app(app_class=TableDisplayApp)
    assert snap_compare(app, terminal_size=(120, 40))

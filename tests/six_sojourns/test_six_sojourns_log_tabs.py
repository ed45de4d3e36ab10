"""The Why and Log tabs on a phone (44 columns): the Log opens at its latest entry, the Why
table is whole (turned, a row per category, when its columns do not fit), and PageDown and
PageUp scroll the reasons as soon as the tab shows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.widgets import TabbedContent

from companion.six_sojourns.actions import EnterCount, TakeCard
from companion.six_sojourns.setup import SojournsSetup
from tests.support.waiting import pause_until
from widgets.kit.line_table import LineTable
from widgets.play.action_log import ActionLog
from widgets.six_sojourns.play import SojournsScreen
from widgets.six_sojourns.reasons import ReasonsPanel

SETUP = SojournsSetup(players=("Ana", "Ben", "Cy"), expansions=("places", "upgrades"))


def start(app: Any) -> None:
    app.start_game("six-sojourns", SETUP, "Phone")


async def opened(pilot: Any) -> SojournsScreen:
    await pause_until(pilot, lambda: isinstance(pilot.app.screen, SojournsScreen))
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SojournsScreen)
    return screen


async def test_the_log_opens_at_its_latest_entry(make_test_app: Callable[..., Any]) -> None:
    app = make_test_app(start=start)
    async with app.run_test(size=(44, 43)) as pilot:
        screen = await opened(pilot)
        for _turn in range(27):
            screen.act(TakeCard(0))
        await pilot.pause()
        await pilot.click("#ss-tabs Tab#--content-tab-log")
        await pilot.pause()
        log = screen.query_one("#ss-log", ActionLog)
        assert log.view.max_top > 0
        await pause_until(pilot, lambda: log.view.top == log.view.max_top)
        assert "27." in "".join(log.plain_lines[-2:])


async def test_the_why_table_is_whole_at_44_columns(make_test_app: Callable[..., Any]) -> None:
    """Five categories (the pad's expansions among them), a total and the coins: turned, the
    table has every one of them as a row, and no column past the screen's edge."""
    app = make_test_app(start=start)
    async with app.run_test(size=(44, 43)) as pilot:
        screen = await opened(pilot)
        screen.act(EnterCount("Ana", "expansion_vp", 3))
        await pilot.press("w")
        await pilot.pause()
        table = screen.query_one("#ss-why", LineTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        labels = [str(table.get_row_at(row)[0]) for row in range(table.row_count)]
        assert labels == ["Rank", "Total", "Spc", "Isl", "Trd", "Obj", "Exp", "Coins"]
        assert table.max_scroll_y == 0  # every row shows
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert [str(column.label) for column in table.columns.values()][:2] == ["#", "Player"]


async def test_pagedown_scrolls_the_reasons_at_once(make_test_app: Callable[..., Any]) -> None:
    app = make_test_app(start=start)
    async with app.run_test(size=(44, 24)) as pilot:
        screen = await opened(pilot)
        for name in ("Ana", "Ben", "Cy"):
            for trade in ("cooking", "carpentry", "sewing", "art", "smithing", "jewelry"):
                screen.act(EnterCount(name, trade, 9))
        await pilot.press("w")
        await pilot.pause()
        reasons = screen.query_one("#ss-reasons", ReasonsPanel)
        await pause_until(pilot, lambda: reasons.view.max_top > 0)
        tabs = screen.query_one("#ss-tabs", TabbedContent)
        assert tabs.active == "why"
        await pilot.press("pagedown")
        await pilot.pause()
        assert reasons.view.top > 0
        await pilot.press("pageup")
        await pilot.pause()
        assert reasons.view.top == 0

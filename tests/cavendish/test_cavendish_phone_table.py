"""The agents table on a phone: four agents, Jennifer and a long player name among them, fit
40 columns with no sideways scroll, every flag still shown; at 80 columns it keeps its flags
column."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.widgets import Static

from companion.cavendish.actions import ChooseLocation, Eject
from companion.cavendish.model import CavendishSetup, Seat
from companion.registry import get_game
from saves.games.store import SaveStore
from tests.cavendish.conftest import CARDS
from tests.conftest import fixed_clock
from tests.support.saving import record_played
from tests.support.waiting import pause_until
from widgets.cavendish.play import CavendishScreen
from widgets.kit.line_table import LineTable

SEATS = (
    Seat("Amy", "Ana"),
    Seat("Anton", "Benedetta"),
    Seat("Jennifer", "Cy"),
    Seat("Doug", "Di"),
)


def mission(make_test_app: Callable[..., Any], home: Path) -> Any:
    """Four agents at their first location, Jennifer ejected (her flag shows)."""
    game = get_game("cavendish")
    assert game is not None
    store = SaveStore(home, fixed_clock)
    players = tuple(dict.fromkeys(seat.player for seat in SEATS))
    saved = store.create(game, CavendishSetup(players=players, seats=SEATS, cards=CARDS))
    saved.session.do(ChooseLocation("A"))
    saved.session.do(Eject("Jennifer"))
    record_played(store, saved)
    return make_test_app(start=lambda app: app.open_saved(saved.id))


def table_text(table: LineTable) -> list[str]:
    return [" ".join(str(cell) for cell in table.get_row_at(row)) for row in range(table.row_count)]


async def test_four_agents_fit_a_phone_without_a_sideways_scroll(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = mission(make_test_app, companion_home)
    async with app.run_test(size=(40, 42)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, CavendishScreen))
        table = app.screen.query_one("#agents", LineTable)
        await pause_until(pilot, lambda: table.row_count == 4)
        await pilot.pause()
        assert table.region.right <= 40
        assert table.virtual_size.width <= table.scrollable_content_region.width
        assert table.max_scroll_x == 0
        rows = table_text(table)
        assert "✖Jennifer" in rows[2]
        assert sum(row.startswith("★") for row in rows) == 1  # the Time Captain
        assert "Benede" in rows[1]  # cut to the width of its heading, "Player"

        await pilot.resize_terminal(80, 24)
        await pause_until(pilot, lambda: len(table.columns) == 6)
        assert table.get_row_at(2)[0] == " ✖" and table.get_row_at(2)[1] == "Jennifer"
        assert str(table.get_row_at(1)[2]) == "Benedett"


async def test_a_tap_on_an_agents_row_on_a_phone_selects_that_agent(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = mission(make_test_app, companion_home)
    async with app.run_test(size=(40, 42)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, CavendishScreen))
        screen = app.screen
        assert isinstance(screen, CavendishScreen)
        table = screen.query_one("#agents", LineTable)
        await pause_until(pilot, lambda: table.row_count == 4)
        await pilot.pause()
        assert screen.selected == 0
        # the top edge, the heading, then Amy, Anton, Jennifer, Doug
        await pilot.click(table, offset=(4, 2 + 3))
        await pause_until(pilot, lambda: screen.selected == 3)
        assert table.cursor_row == 3
        assert str(screen.query_one("#agent-detail", Static).render()).startswith("Doug")

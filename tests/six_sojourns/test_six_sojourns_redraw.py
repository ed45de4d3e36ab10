"""A key redraws only what it changed (issue 33), and nothing is left undrawn: what the screen
paints after a key is what a screen opened afresh on the same game paints; a pad/board switch
says so in the status line, leaving the sheet it changed in view."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from companion.six_sojourns.actions import AdjustCoins
from saves.games.journal import Draft
from saves.games.store import SaveStore
from tests.conftest import fixed_clock
from tests.support.notes import record_notes
from tests.support.painted import (
    drawn_afresh,
    opened_from_home,
    painted,
    settled_paint,
)
from tests.support.samples import install_sample
from tests.support.waiting import pause_until
from widgets.six_sojourns.cells import ShownTable
from widgets.six_sojourns.play import SojournsScreen


async def opened(pilot: Any, save_id: str) -> SojournsScreen:
    """The game opened from the home screen, drawn and idle."""
    screen: SojournsScreen = await opened_from_home(pilot, save_id, SojournsScreen)
    return screen


def sheet_of(screen: SojournsScreen) -> ShownTable:
    return screen.query_one("#ss-sheet", ShownTable)


@pytest.mark.parametrize("size", [(80, 24), (44, 43)])  # a phone's sheet scrolls sideways
async def test_undo_and_redo_paint_what_a_screen_opened_afresh_paints(
    make_test_app: Callable[..., Any], companion_home: Path, size: tuple[int, int]
) -> None:
    save_id = install_sample(companion_home, "six-sojourns")
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    async with app.run_test(size=size) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, SojournsScreen))
        await pilot.pause()
        first = painted(sheet_of(app.screen))
        for key in ("ctrl+z", "ctrl+y"):  # the sewing token taken back: its row, totals, ranks
            await pilot.press(key)
            await pilot.pause()
            shown = await settled_paint(pilot)
            await opened(pilot, save_id)
            assert shown == await settled_paint(pilot)
        assert painted(sheet_of(app.screen)) == first
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert painted(sheet_of(app.screen)) != first  # the undo shows


async def test_the_sheet_shows_every_switch_and_change_made_while_another_tab_was_open(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    """A pad/board switch is said in the status line, the sheet left in view and uncovered, and
    undoing it says the switch before; then the sheet shows a change made while the Board tab
    was open, a number typed, and the columns grown."""
    save_id = install_sample(companion_home, "six-sojourns")
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    notes = record_notes(app)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:  # toasts shown
        await pause_until(pilot, lambda: isinstance(app.screen, SojournsScreen))
        screen = app.screen
        status = screen.query_one("#ss-status", Static)
        for key, words in (("m", "switched to the score pad"), ("m", "switched to the board")):
            await pilot.press(key)
            await pilot.press("w", "s")  # answered after the switch: anything it showed is up
            await pause_until(pilot, lambda: screen.tab == "sheet")
            assert f"Map A · {words}" in str(status.render())
            sheet = sheet_of(screen)
            region = sheet.region
            covered = {
                (x, y)
                for x in range(region.x, region.right)
                for y in range(region.y, region.bottom)
                if screen.get_widget_at(x, y)[0] is not sheet
            }
            assert not covered, "the sheet is covered where the players read their scores"
        assert not notes
        await pilot.press("ctrl+z")  # the last switch taken back: the one before it is said
        await pilot.pause()
        assert "Map A · switched to the score pad" in str(status.render())
        await pilot.press("ctrl+z")  # and that one: the status line as before them
        await pilot.pause()
        assert str(status.render()) == "Map A · board, 10 spaces · leading: Ben"

        sheet = sheet_of(screen)
        before = painted(sheet)
        await pilot.press("b", "ctrl+z", "s")  # taken back while the Board tab is shown
        await pilot.pause()
        assert painted(sheet) != before
        assert painted(sheet) == drawn_afresh(sheet)
        await pilot.press("5", "enter")  # Ana's coins, where the sheet's cursor starts
        await pilot.pause()
        coins = painted(sheet)[1]
        assert coins.split()[:2] == ["Coins", "5"]
        assert painted(sheet) == drawn_afresh(sheet)
        await pilot.resize_terminal(120, 30)  # the columns grow: the table is filled again
        await pilot.pause()
        assert painted(sheet) == drawn_afresh(sheet)
        assert painted(sheet)[1].split()[:2] == ["Coins", "5"]


OTHER_DEVICE = "b0123456789a"
"""Another device's id in the journal."""


@pytest.mark.parametrize("tab", ["s", "t", "w"])  # the sheet, the turns, the standings
async def test_another_devices_changes_paint_what_a_screen_opened_afresh_paints(
    make_test_app: Callable[..., Any], companion_home: Path, tab: str
) -> None:
    """Coins gained at another device, taken back there, gained again: the screen that
    followed all three (each table worked out again only from what changed, its cells kept
    as drawn) paints as it did at first, then as a screen opened afresh on the game."""
    save_id = install_sample(companion_home, "six-sojourns")
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, SojournsScreen))
        await pilot.press(tab)
        screen = app.screen
        assert isinstance(screen, SojournsScreen)
        first = await settled_paint(pilot)
        player = screen.game.players[0]
        store = SaveStore(companion_home, fixed_clock)
        theirs = store.open_for_play(save_id)
        steps = len(screen.session.steps)
        gained = Draft("do", AdjustCoins(player, 3))
        changes = (
            (gained, steps + 1),
            (Draft("undo", target=theirs.record_count + 1), steps),
            (gained, steps + 1),
        )
        for draft, count in changes:
            store.transact(theirs, lambda _theirs, d=draft: [d], by=OTHER_DEVICE, seat=player)
            await pause_until(pilot, lambda c=count: len(screen.session.steps) == c)
            shown = await settled_paint(pilot)
            assert (shown == first) == (count == steps)  # the coins show, then not, then again
        assert app.screen is screen
        await opened(pilot, save_id)
        await pilot.press(tab)
        assert shown == await settled_paint(pilot)

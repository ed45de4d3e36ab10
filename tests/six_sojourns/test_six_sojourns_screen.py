"""The Six Sojourns screen as players reported it: the log, the cursor, the editor, the texts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from textual.widgets import Input, Static

from companion.six_sojourns.actions import CloseSojourn, EnterCount, EnterSpace, ScoreBy
from companion.six_sojourns.model import Pieces, Space
from companion.six_sojourns.setup import SojournsSetup
from tests.support.notes import record_notes
from tests.support.waiting import pause_until
from widgets.kit.line_table import LineTable
from widgets.play.action_log import ActionLog
from widgets.six_sojourns.dialogs import TextDialog
from widgets.six_sojourns.play import SojournsScreen
from widgets.six_sojourns.reasons import ReasonsPanel


def new_game(app: Any) -> None:
    app.new_game("six-sojourns")


async def start(pilot: Any) -> SojournsScreen:
    await pilot.pause()
    await pilot.press("ctrl+s")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SojournsScreen)
    return screen


async def test_a_digit_writes_where_the_sheet_starts_and_the_log_keeps_whole_lines(
    make_test_app: Callable[..., Any],
) -> None:
    """The sheet starts on the first player's first cell, where a digit opens the editor; the
    log keeps whole lines after entries made on another tab, and so do the reasons."""
    app = make_test_app(start=new_game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        sheet = screen.query_one("#ss-sheet", LineTable)
        spot = sheet.coordinate_to_cell_key(sheet.cursor_coordinate)
        assert (spot.row_key, spot.column_key) == ("coins", "Ana")
        await pilot.press("9")
        assert isinstance(app.screen, TextDialog)
        await pilot.press("escape")  # nothing entered
        await pilot.pause()
        assert app.screen is screen

        await pilot.press("l")
        await pilot.pause()
        await pilot.press("s", "down", "5", "enter")
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        lines = [line for line in screen.query_one("#ss-log", ActionLog).plain_lines if line]
        assert lines == ["  1. Ana: cooking = 5"]
        await pilot.press("w")
        await pilot.pause()
        reasons = [
            line for line in screen.query_one("#ss-reasons", ReasonsPanel).plain_lines if line
        ]
        assert reasons and all(len(line) > 3 for line in reasons)


def cells(table: LineTable, row: str) -> list[str]:
    return [str(cell) for cell in table.get_row(row)]


def board_game(app: Any) -> None:
    setup = SojournsSetup(("Ana", "Ben", "Cy"), "A", ("trades-tokens", "mountains"))
    saved = app.start_game("six-sojourns", setup, "Ana, Ben, Cy")
    saved.session.do(ScoreBy("board"))
    saved.session.do(EnterCount("Ana", "art", 4))
    held = {"Ana": Pieces(people=2, houses=1, tower=True)}
    saved.session.do(EnterSpace(Space("A1", island="North", trade_token="art", pieces=held)))


async def test_a_board_game_from_the_keyboard_to_its_end(make_test_app: Callable[..., Any]) -> None:
    """In turn: the sheet counts the trades token on A1; the Turns tab shows shrines only when
    in play; typing on a filled cell of the board adds to it; a new space takes the cursor; the
    log names a mark edit; a finished game says so before any editor opens."""
    app = make_test_app(start=board_game)
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert cells(screen.query_one("#ss-sheet", LineTable), "art")[2] == "4+1 (7)"
        assert "board, 1 space ·" in str(screen.query_one("#ss-status", Static).render())

        await pilot.press("t")
        await pilot.pause()
        table = app.screen.query_one("#ss-turns", LineTable)
        assert "shrines" not in [column for column in table.columns]
        assert app.screen.check_action("shrine", ()) is False

        await pilot.press("b", "right", "right", "right", "1")
        await pilot.pause()
        assert isinstance(app.screen, TextDialog)
        assert app.screen.query_one(Input).value == "2p 1h T 1"
        await pilot.press("p", "enter")
        await pilot.pause()
        space = app.screen.state.sheet.spaces[0]
        assert space.pieces["Ana"] == Pieces(people=3, houses=1, tower=True)

        await pilot.press("b", "a", *"B2 South", "enter")
        await pilot.pause()
        table = app.screen.query_one("#ss-board", LineTable)
        assert "board, 2 spaces" in str(app.screen.query_one("#ss-status", Static).render())
        assert table.cursor_row == 1
        assert table.coordinate_to_cell_key(table.cursor_coordinate).row_key == "B2"

        space = screen.state.sheet.spaces[0]
        screen.act(EnterSpace(replace(space, mountain=True), "A1"))
        assert screen.session.history[-1] == (
            "Space A1 (island North) edited: marks mountain, token art"
        )

        screen.act(CloseSojourn())
        await pilot.pause()
        await pilot.press("escape")  # from the result screen the finish opened, back to the sheet
        await pilot.pause()
        await pilot.press("escape")  # the play's details, asked once the result is read: skipped
        await pilot.press("s", "down", "5")
        await pilot.pause()
        assert app.screen is screen
        assert any("undo (ctrl+z) reopens it" in note for note in notes)
        assert "finished · won by Ana" in str(screen.query_one("#ss-status", Static).render())


async def test_a_tap_on_a_sheet_cell_opens_that_cells_entry(
    make_test_app: Callable[..., Any],
) -> None:
    """A tap on Ben's Cooking cell puts the cursor there and opens its entry (a phone has no
    arrow keys)."""
    app = make_test_app(start=new_game)
    async with app.run_test(size=(44, 43)) as pilot:
        screen = await start(pilot)
        sheet = screen.query_one("#ss-sheet", LineTable)
        await pilot.pause()
        columns = sheet.ordered_columns
        ben = list(sheet.columns).index("Ben")
        x = sum(column.width + 2 for column in columns[:ben]) + 1
        y = 1 + sheet.get_row_index("cooking")  # under the heading
        await pilot.click(sheet, offset=(x, y))
        await pause_until(pilot, lambda: isinstance(app.screen, TextDialog))
        spot = sheet.coordinate_to_cell_key(sheet.cursor_coordinate)
        assert (spot.row_key, spot.column_key) == ("cooking", "Ben")

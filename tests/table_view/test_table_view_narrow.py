"""On a phone (40-44 columns) the table view cuts nothing: every Time Bastards piece on the
last spaces of its timeline is drawn, with its mark and rank, inside the screen."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rich.cells import cell_len
from textual.app import App, ComposeResult
from textual.widgets import Static

from companion.time_bastards.model import Piece, TimeBastardsSetup, Traveller
from companion.time_bastards.rules import start
from widgets.table_view import time_bastards
from widgets.table_view.view import TableView

LENGTH = 15
"""The longest timelines the setup takes."""
PIECES = tuple(
    Piece(age=1 + index, owner=index % 2, timeline=1 + index // 2, position=LENGTH - 1 - index % 2)
    for index in range(8)
)
"""All eight pieces on the last two spaces: the first player's on the last space of each
timeline, the second player's on the one before."""


def last_spaces_state() -> object:
    setup = TimeBastardsSetup(
        (Traveller("Mara", "red", 1), Traveller("Jonas", "blue", 2)), "duel", LENGTH
    )
    return replace(start(setup), pieces=PIECES)


class ViewApp(App[None]):
    """The table view's body on its own, as the play screen's view and the display draw it."""

    CSS_PATH = "../../widgets/table_view/table_view.tcss"

    def compose(self) -> ComposeResult:
        yield TableView()


def test_every_cell_width_draws_every_piece_where_it_stands() -> None:
    state = last_spaces_state()
    for cell in time_bastards.CELLS:
        rows = time_bastards.timelines(state, cell).plain.split("\n")  # type: ignore[arg-type]
        label = time_bastards.LABELS[cell]
        for found in PIECES:
            row = rows[2 * found.timeline]
            start_column = label + found.position * cell
            drawn = row[start_column : start_column + cell].strip()
            assert drawn == ("●", "◆")[found.owner] + "1234"[(found.age - 1) // 2], (cell, found)


@pytest.mark.parametrize("width", [40, 44])
async def test_at_phone_widths_the_whole_board_is_on_screen(width: int) -> None:
    app = ViewApp()
    async with app.run_test(size=(width, 43)) as pilot:
        view = app.query_one(TableView)
        view.show("time-bastards", "Time Bastards", last_spaces_state())
        await pilot.pause()
        board = app.query_one("#tv-board", Static)
        drawing = str(board.content)
        widest = max(cell_len(row) for row in drawing.split("\n"))
        assert board.region.right <= width and board.content_region.width >= widest
        assert view.max_scroll_x == 0
        rows = drawing.split("\n")
        marks = "".join(rows[2 * timeline] for timeline in range(1, 5))
        assert marks.count("●") == 4 and marks.count("◆") == 4
        for timeline in range(1, 5):
            assert rows[2 * timeline].rstrip().endswith(f"◆{timeline}●{timeline}")

"""On a phone (40-44 columns) the table view cuts nothing: every Time Bastards piece on the
last spaces of its timeline is drawn, with its mark and rank, inside the screen."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from rich.cells import cell_len
from table_view_helpers import GAMES, WORST_CASES
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widgets import Digits, Static

from companion.time_bastards.model import Piece, TimeBastardsSetup, Traveller
from companion.time_bastards.rules import start
from widgets.table_view import TableViewScreen
from widgets.table_view.view import TableView
from widgets.time_bastards import table_view as time_bastards

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


def inside(outer: Region, inner: Region) -> bool:
    return outer.contains_region(inner) and inner.width > 0


async def assert_nothing_cut_sideways(pilot: Any, width: int) -> None:
    """Open the table view: every box within the width, every label and number inside its box,
    the timelines too, nothing off to the side."""
    await pilot.pause()
    await pilot.press("v")
    await pilot.pause()
    assert isinstance(pilot.app.screen, TableViewScreen)
    await assert_nothing_cut(pilot, width)


async def assert_nothing_cut(pilot: Any, width: int) -> None:
    """The table view on screen cuts nothing sideways at this width."""
    view = pilot.app.screen
    assert isinstance(view, TableViewScreen)
    assert view.query_one(TableView).max_scroll_x == 0
    for box in view.query(".tv-group"):
        assert box.region.right <= width
        for part in [*box.query(".tv-label"), *box.query(Digits)]:
            assert inside(box.content_region, part.region), (str(box.group.title), part)
    board = view.query_one("#tv-board")
    if board.display:
        assert board.region.right <= width


PHONES = [
    pytest.param((40, 40), id="40x40", marks=pytest.mark.slow),
    pytest.param((44, 43), id="44x43"),
    pytest.param((44, 20), id="44x20", marks=pytest.mark.slow),
]


def fullest(case: str) -> Callable[[Any], None]:
    """Start the game of a worst case (the most its view holds)."""

    def start(app: Any) -> None:
        app.start_game(case.removesuffix("-coop"), WORST_CASES[case], "Fullest")

    return start


@pytest.mark.parametrize(
    "size",
    [param for param in PHONES if param.id != "44x43"],  # 44x43: TestTableView's pictures' run
)
@pytest.mark.parametrize("case", GAMES)
async def test_nothing_is_cut_on_a_phone(
    game_app: Callable[[str], Any], case: str, size: tuple[int, int]
) -> None:
    async with game_app(case).run_test(size=size) as pilot:
        await assert_nothing_cut_sideways(pilot, size[0])


@pytest.mark.parametrize("case", WORST_CASES)
async def test_the_fullest_views_fit_whole_at_80x24_and_turned_to_a_phone(
    make_test_app: Callable[..., Any], case: str
) -> None:
    """At 80x24 every box whole on screen, every number inside its box, nothing scrolled away;
    the same view on a phone's 44x43 (a tablet turned upright) cuts nothing sideways."""
    async with make_test_app(start=fullest(case)).run_test(size=(80, 24)) as pilot:
        await assert_nothing_cut_sideways(pilot, 80)
        view = pilot.app.screen
        assert view.query_one("#tv-body").max_scroll_y == 0
        for box in view.query(".tv-group"):
            assert box.region.bottom <= 23
            for digits in box.query(Digits):
                assert box.content_region.contains_region(digits.region)
        board = view.query_one("#tv-board")
        if board.display:
            assert board.region.bottom <= 23
        await pilot.resize_terminal(44, 43)
        await pilot.pause()
        await assert_nothing_cut(pilot, 44)


@pytest.mark.parametrize(
    "size",
    [param for param in PHONES if param.id != "44x43"],  # 44x43: the test above
)
@pytest.mark.parametrize("case", WORST_CASES)
async def test_the_fullest_views_cut_nothing_on_every_phone(
    make_test_app: Callable[..., Any], case: str, size: tuple[int, int]
) -> None:
    async with make_test_app(start=fullest(case)).run_test(size=size) as pilot:
        await assert_nothing_cut_sideways(pilot, size[0])

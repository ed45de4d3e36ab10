"""Time Bastards on a phone: every piece drawn, the clock as a track, the moves numbered."""

from __future__ import annotations

from typing import Any

import pytest
from textual.geometry import Region

from companion.time_bastards.model import (
    MoveEarliest,
    PlaceNewPiece,
    RollD6,
    TimeBastardsSetup,
    Traveller,
)
from widgets.play.action_log import ActionLog
from widgets.time_bastards.board import TimelineBoard
from widgets.time_bastards.choices import NumberedChoices
from widgets.time_bastards.clock import ClockFace
from widgets.time_bastards.play import TimeBastardsScreen

LONGEST = TimeBastardsSetup(
    (Traveller("Ana", "red", 1), Traveller("Ben", "blue", 3)), "duel", timeline_length=15
)
TO_THE_END = [
    *[MoveEarliest(p) for _ in range(14) for p in (0, 1)],
    RollD6(0, 1),
    PlaceNewPiece(0, 2),
    RollD6(1, 1),
    PlaceNewPiece(1, 4),
]
"""Both first pieces walk to the last space (14) of I and III; then each player puts a new
piece one space before it, at 13, on II and IV."""


def playing(actions: list[Any], setup: TimeBastardsSetup = LONGEST) -> Any:
    def start(app: Any) -> None:
        saved = app.start_game("time-bastards", setup, "Ana v Ben")
        for action in actions:
            saved.session.do(action)

    return start


def drawn_rows(board: TimelineBoard) -> list[str]:
    """The board's lines inside its border, exactly as drawn on screen (cut to its width)."""
    width, height = board.outer_size
    lines = [strip.text for strip in board.render_lines(Region(0, 0, width, height))]
    assert all(line.startswith("│") and line.endswith("│") for line in lines[1:-1]), lines
    return [line[1:-1] for line in lines[1:-1]]


@pytest.mark.parametrize("size", [(44, 43), (40, 40), (44, 20)])
async def test_every_piece_on_the_last_spaces_is_drawn(make_test_app: Any, size: Any) -> None:
    app = make_test_app(start=playing(TO_THE_END))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TimeBastardsScreen) and screen.has_class("-narrow")
        board = screen.query_one(TimelineBoard)
        screen.refresh_state()
        await pilot.pause()
        rows = drawn_rows(board)
        times, *timelines = (row for row in rows if row.strip())
        assert times.split()[-1] == "14", times  # the last time's label is on screen
        last = times.rindex("14")
        wanted = {"I": "●1", "II": "●2", "III": "◆1", "IV": "◆2"}
        for row in timelines[:4]:
            label = row.split()[0]
            mark = wanted[label]
            at = row.index(mark)
            assert row.count("●") + row.count("◆") == 1, row
            column = at if label in ("I", "III") else at + 2  # 13 sits one cell before 14
            assert column == last, (label, row, times)
        assert board.cell_width() == 2  # 15 spaces in compact cells


async def test_the_clock_is_a_track_of_hours_on_a_phone(make_test_app: Any) -> None:
    app = make_test_app(start=playing(TO_THE_END))
    async with app.run_test(size=(44, 43)) as pilot:
        await pilot.pause()
        clock = app.screen.query_one(ClockFace)
        lines = clock.face().plain.splitlines()
        assert lines[0] == "X 1 2 3 4 5 6 7 8 9 10 11 12"
        assert lines[1] == "hour 4 · lap 2 of 2"  # round 16
    app = make_test_app(start=playing(TO_THE_END))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert len(app.screen.query_one(ClockFace).face().plain.splitlines()) == 7


async def test_moves_after_a_six_are_numbered_while_the_list_has_focus(
    make_test_app: Any,
) -> None:
    setup = TimeBastardsSetup((Traveller("Ana", "red", 1), Traveller("Ben", "blue", 3)))
    app = make_test_app(start=playing([MoveEarliest(0), MoveEarliest(1), RollD6(0, 6)], setup))
    async with app.run_test(size=(44, 43)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TimeBastardsScreen)
        options = screen.query_one(NumberedChoices)
        assert options.has_focus
        keys = [options.key_of(index) for index in range(options.option_count)]
        assert keys == ["1", "2", "3", "4", "n"]
        screen.query_one(ActionLog).focus()
        await pilot.pause()
        assert [options.key_of(index) for index in range(4)] == ["", "", "", ""]
        assert options.key_of(4) == "n"  # n moves nothing from anywhere on the screen
        options.focus()
        await pilot.pause()
        second = options.entries[1].words
        await pilot.press("2")
        await pilot.pause()
        assert screen.session.steps[-1].line.startswith(second.split(".")[0])
        assert screen.tb.roll is None and screen.tb.turn == 1


async def test_a_timeline_number_still_picks_its_timeline_in_the_list(make_test_app: Any) -> None:
    setup = TimeBastardsSetup((Traveller("Ana", "red", 1), Traveller("Ben", "blue", 3)))
    start = [MoveEarliest(0), MoveEarliest(1), MoveEarliest(0), MoveEarliest(1), RollD6(0, 1)]
    app = make_test_app(start=playing(start, setup))
    async with app.run_test(size=(44, 43)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TimeBastardsScreen)
        options = screen.query_one(NumberedChoices)
        assert [options.key_of(i) for i in range(options.option_count)] == ["1", "2", "3", "4"]
        await pilot.press("3")
        await pilot.pause()
        assert any(p.owner == 0 and p.timeline == 3 for p in screen.tb.pieces)

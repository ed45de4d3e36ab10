"""The result's words (issue 23): the winner's figure first, counted nouns in their number, and
the result screen heading the achievements as what they are."""

from __future__ import annotations

from typing import Any

from test_time_bastards_result_snapshots import to_the_end
from test_time_bastards_snapshots import playing
from textual.widgets import DataTable

from companion.time_bastards.result import score, verdict
from widgets.play.result import ResultScreen

ANA, BEN = 0, 1


def test_the_winners_achievements_come_first_when_the_second_player_wins(laid_out: Any) -> None:
    state = laid_out([(ANA, 1, 1), (BEN, 3, 9)], achievements=((1,), (2, 3, 4)), finished=True)
    assert verdict(state).reason == "Ben has most achievements (3 to 1)."


def test_the_tie_break_figures_put_the_winner_first(laid_out: Any) -> None:
    fewer = laid_out([(ANA, 1, 1), (ANA, 2, 2), (BEN, 3, 0)], achievements=((1,), (3,)))
    assert "Ben has fewer pieces on the board (1 to 2)" in verdict(fewer).reason
    furthest = laid_out(
        [(ANA, 1, 3), (BEN, 2, 6), (ANA, 2, 9), (BEN, 4, 1)], achievements=((4,), (2,))
    )
    assert "Ben's oldest piece is furthest through time (at 6 to 3)" in verdict(furthest).reason


def test_one_piece_on_the_board_is_said_in_the_singular(laid_out: Any) -> None:
    state = laid_out([(ANA, 1, 1), (ANA, 2, 2), (BEN, 3, 0)], achievements=((1,), (3,)))
    lines = [line.reason for line in score(state).lines if line.points == 0]
    assert lines == ["tie-break: 2 pieces on the board", "tie-break: 1 piece on the board"]


async def test_the_result_screen_heads_the_totals_achievements(make_test_app: Any) -> None:
    app = make_test_app(start=playing(to_the_end()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("R")
        assert isinstance(app.screen, ResultScreen)
        table = app.screen.query_one("#result-totals", DataTable)
        headings = [str(column.label) for column in table.ordered_columns]
        assert headings == ["Player", "Achievements", ""]

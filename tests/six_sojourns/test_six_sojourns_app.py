"""The real app from the keyboard: set up, enter a game, read the result, resume after restart;
the title and the leader in words."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.widgets import Input, Static

from companion.six_sojourns.actions import AdjustCoins, EnterCount, ScoreBy
from companion.six_sojourns.game import game_score
from companion.six_sojourns.model import Pieces
from widgets.kit.line_table import LineTable
from widgets.play.result import ConfirmEndDialog, ResultScreen
from widgets.six_sojourns.dialogs import TextDialog
from widgets.six_sojourns.play import SojournsScreen
from widgets.six_sojourns.reasons import ReasonsPanel


def cells(table: LineTable, row: str) -> list[str]:
    return [str(cell) for cell in table.get_row(row)]


def new_game(app: Any) -> None:
    app.new_game("six-sojourns")


async def start(pilot: Any, players: str = "Ana, Ben") -> None:
    await pilot.pause()
    field = pilot.app.screen.query_one("#ss-players", Input)
    field.value = players
    await pilot.press("ctrl+s")
    await pilot.pause()


async def test_setup_title_leader_and_score_pad_entry(make_test_app: Callable[..., Any]) -> None:
    """Three players set up: the title and the leader read as words (no points yet, then a
    tie), both taken back; then the score pad from the keyboard, an entry undone and saved."""
    app = make_test_app(start=new_game)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, "Ana, Ben, Cy")
        screen = app.screen
        assert isinstance(screen, SojournsScreen)
        assert screen.state.players == ("Ana", "Ben", "Cy")
        assert screen.sub_title == "Ana, Ben, Cy"
        status = str(screen.query_one("#ss-status", Static).render())
        assert "no points entered yet" in status and "Ana and Ben" not in status
        assert cells(screen.query_one("#ss-sheet", LineTable), "rank")[2:] == ["-", "-", "-"]
        screen.act(EnterCount("Ana", "spaces", 3))
        screen.act(EnterCount("Ben", "spaces", 3))
        status = str(screen.query_one("#ss-status", Static).render())
        assert "leading: Ana and Ben (tied)" in status
        assert cells(screen.query_one("#ss-sheet", LineTable), "rank")[2:] == [
            "1 leads",
            "1 leads",
            "3",
        ]
        await pilot.press("ctrl+z", "ctrl+z")  # the sheet blank again
        await pilot.pause()
        assert screen.session.history == []

        # the cursor starts on Ana's first row: down to her cooking, type 9, then down to spaces
        # (row 8), type 7
        await pilot.press("down", "9", "enter")
        await pilot.press("down", "down", "down", "down", "down", "down", "down", "7", "enter")
        await pilot.pause()
        assert game_score(screen.state).totals == {"Ana": 14, "Ben": 0, "Cy": 0}
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert game_score(screen.state).totals["Ana"] == 7
        saved = app.store.load(screen.saved.id)
        assert game_score(saved.session.state).totals["Ana"] == 7


async def test_a_refused_entry_changes_nothing(make_test_app: Callable[..., Any]) -> None:
    app = make_test_app(start=new_game)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot)
        screen = app.screen
        await pilot.press("t")
        await pilot.press("c")
        await pilot.press(*"-20", "enter")
        await pilot.pause()
        assert [p.coins for p in screen.state.sheet.players] == [12, 12]
        assert screen.session.history == []
        await pilot.press("4", "2")
        await pilot.pause()
        assert [p.coins for p in screen.state.sheet.players] == [8, 10]


async def test_board_entry_and_resume_after_restart(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = make_test_app(start=new_game)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot)
        await pilot.press("m", "b", "a")
        await pilot.press(*"A1 North", "enter")
        await pilot.press("right", "right", "right", "2")
        assert isinstance(app.screen, TextDialog)
        await pilot.press(*"p 1h", "enter", "right", *"3p", "enter")
        await pilot.pause()
        state = app.screen.state
        assert state.sheet.spaces[0].pieces == {
            "Ana": Pieces(people=2, houses=1),
            "Ben": Pieces(people=3),
        }
        assert game_score(state).totals == {"Ana": 2, "Ben": 0}
        save_id = app.screen.saved.id
    again = make_test_app()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.open_saved(save_id)
        await pilot.pause()
        assert game_score(again.screen.state).totals == {"Ana": 2, "Ben": 0}
        await pilot.press("w")
        await pilot.pause()
        assert again.screen.tab == "why"


async def test_a_tie_on_vp_won_on_coins_said_exported_and_finished(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    """Issue 15: tied on VP, the game went to the player with more coins without saying so; the
    Why tab, the result and the saved list say it. The sheet is exported, and the game finished
    once asked to confirm."""
    app = make_test_app(start=new_game)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot)
        screen = app.screen
        assert isinstance(screen, SojournsScreen)
        for action in (
            ScoreBy("pad"),
            EnterCount("Ana", "spaces", 6),
            EnterCount("Ben", "spaces", 6),
            AdjustCoins("Ben", 2),
        ):
            assert screen.act(action)
        await pilot.press("w")
        await pilot.pause()
        reasons = screen.query_one("#ss-reasons", ReasonsPanel).plain_lines
        assert reasons[:2] == ["Ben leads on coins with 6 VP.", "Ana and Ben tied on 6 VP."]
        assert reasons[2] == "Tie-break: Ben has more coins (Ana 12, Ben 14)."

        await pilot.press("x")
        await pilot.press(*"csv", "enter")
        await pilot.pause()
        files = list((companion_home / "exports").glob("*.csv"))
        assert len(files) == 1 and "player,points,reason" in files[0].read_text()

        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmEndDialog)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        assert app.screen.result.outcome == "Ben wins on coins with 6 VP"
        (entry,), _unreadable = app.store.listing()
        assert entry.summary.endswith("· Ben wins on coins with 6 VP")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("escape")  # the play's details, asked once the result is read: skipped
        await pilot.pause()
        assert app.screen.saved.status == "finished"

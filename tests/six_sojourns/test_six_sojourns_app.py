"""The real app from the keyboard: set up, enter a game, read the result, resume after restart."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.widgets import Input

from companion.six_sojourns import game_score
from companion.six_sojourns.model import Pieces
from widgets.result import ConfirmEndDialog, ResultScreen
from widgets.six_sojourns.dialogs import TextDialog
from widgets.six_sojourns.play import SojournsScreen


def new_game(app: Any) -> None:
    app.new_game("six-sojourns")


async def start(pilot: Any, players: str = "Ana, Ben") -> None:
    await pilot.pause()
    field = pilot.app.screen.query_one("#ss-players", Input)
    field.value = players
    await pilot.press("ctrl+s")
    await pilot.pause()


async def test_setup_and_score_pad_entry(make_test_app: Callable[..., Any]) -> None:
    app = make_test_app(start=new_game)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, "Ana, Ben, Cy")
        screen = app.screen
        assert isinstance(screen, SojournsScreen)
        assert screen.state.players == ("Ana", "Ben", "Cy")
        # cursor to Ana's cooking, type 9, then down to spaces (row 8), type 7
        await pilot.press("right", "right", "down", "9", "enter")
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


async def test_finish_and_export(make_test_app: Callable[..., Any], companion_home: Path) -> None:
    app = make_test_app(start=new_game)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot)
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
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.saved.status == "finished"

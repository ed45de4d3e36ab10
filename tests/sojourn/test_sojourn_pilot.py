"""The real app driven from the keyboard: whole games to a win and a loss, saves and resume."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sojourn_helpers import PEARL_HARBOR, resumed
from sojourn_pilot import new_game, type_card

from companion.sojourn.model import Cards, SojournSetup
from widgets.play.result import ConfirmEndDialog, ResultScreen
from widgets.sojourn.destination_dialog import DestinationDialog
from widgets.sojourn.dialogs import CardsDialog, RiskDialog, SideDialog
from widgets.sojourn.panels import TimelineGrid
from widgets.sojourn.play import SojournScreen
from widgets.sojourn.travel_dialog import TravelDialog


def start_sojourn(app: Any) -> None:
    app.new_game("sojourn")


async def test_a_whole_game_to_a_win(make_test_app: Callable[..., Any]) -> None:
    app = make_test_app(start=start_sojourn)
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot)
        screen = app.screen
        assert isinstance(screen, SojournScreen)
        assert screen.session.actions == PEARL_HARBOR  # where the resumed tests below start
        # open a second destination with 2 Time Fragment cards under it, to the right
        await pilot.press("o")
        await pilot.press("ctrl+f", "ctrl+f")
        await type_card(pilot, "Troy", "1200 BC", "0", "1", "0", "1", "1")
        assert isinstance(app.screen, SideDialog)
        await pilot.press("right")
        await pilot.pause()
        # travel to Troy: no drop, RISK 0 (no roll asked), collect 2 fragments
        await pilot.press("up", "right", "t")
        assert isinstance(app.screen, TravelDialog)
        await pilot.press("enter")
        await type_card(pilot, "Giza", "2560 BC", "1", "1", "25", "1", "1")
        assert isinstance(app.screen, CardsDialog)
        await pilot.press("p")
        await pilot.pause()
        state = screen.session.state
        assert state.fragments == 2 and state.here.name == "Troy"
        # fragments under the next destination, then travel there with the Paradox
        await pilot.press("o")
        await pilot.press("ctrl+f", "ctrl+f")
        await type_card(pilot, "Apollo 11", "1969-07-20", "1", "3", "0", "1", "0")
        await pilot.press("right")
        await pilot.pause()
        apollo = len(screen.session.state.timeline) - 1
        grid = screen.query_one(TimelineGrid)
        spot = next(spot for spot, index in grid.spots.items() if index == apollo)
        grid.move_cursor(row=spot[0], column=spot[1])
        await pilot.press("t", "x", "enter")
        await type_card(pilot, "Salem", "1692", "*", "1", "50", "1", "1", "Drop a Loop")
        await pilot.pause()
        assert app.screen is screen  # Apollo 11 is RISK 0 with no GAIN: the trip is done
        state = screen.session.state
        assert state.fragments == 4
        assert [(p.name, p.row, p.column) for p in state.timeline[3:]] == [
            ("Giza", 2, 1),
            ("Apollo 11", 2, 2),
            ("Salem", 3, 2),
        ]
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmEndDialog)  # ending the game is asked first
        assert screen.session.state.outcome is None
        await pilot.press("y")
        await pilot.pause()
        state = screen.session.state
        assert state.outcome is not None and state.outcome.status == "won"
        assert isinstance(app.screen, ResultScreen)
        assert app.screen.result.outcome == "Home: the traveller is back in 2020"
    saved = app.store.load(screen.saved.id)
    assert saved.status == "won"
    assert saved.session.history[-1].startswith(
        "Travelled home to May 20, 2020 (charge 4 -> 3). WON"
    )


async def test_a_whole_game_to_a_loss(make_test_app: Callable[..., Any]) -> None:
    app = make_test_app(start=start_sojourn)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+s")
        await pilot.press(*"bbbbb")
        await type_card(pilot, "Somme", "1916", "0", "1", "90", "7", "0")
        screen = app.screen
        assert isinstance(screen, SojournScreen)
        await pilot.press("up", "t", "enter")
        await type_card(pilot, "Verdun", "1916-02-21", "0", "1", "90", "7", "0")
        assert isinstance(app.screen, RiskDialog)
        await pilot.click("#real-dice")
        await pilot.press(*"12", "enter")
        await pilot.pause()
        state = screen.session.state
        assert state.health == 0
        assert state.outcome is not None and state.outcome.status == "lost"
        assert "Health dropped to 0 at Somme: rolled 12" in state.outcome.reason
        assert isinstance(app.screen, ResultScreen)  # the loss ends on the result screen
        assert app.screen.result.outcome == "Lost in time"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("escape")  # the play's details, asked once the result is read: skipped
        await pilot.pause()
        assert isinstance(app.screen, SojournScreen)
        await pilot.press("o")
        await pilot.pause()
        assert len(screen.session.state.timeline) == 3
    assert app.store.load(screen.saved.id).status == "lost"


async def test_undo_redo_and_resume_after_restart(make_test_app: Callable[..., Any]) -> None:
    app = make_test_app(start=resumed(PEARL_HARBOR))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SojournScreen)
        await pilot.press("up", "t", "b", "l", "enter")
        await pilot.press("escape")
        await pilot.pause()
        assert screen.session.state.charge == 5
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert screen.session.state.charge == 7 and screen.session.state.hand.total == 5
        await pilot.press("ctrl+y")
        await pilot.pause()
        save_id = screen.saved.id
    again = make_test_app(start=lambda app: app.open_saved(save_id))
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        state = again.store.load(save_id).session.state
        assert state.charge == 5 and state.here.name == "Pearl Harbor"
        assert isinstance(again.screen, DestinationDialog)
        assert isinstance(again.screen_stack[-2], SojournScreen)
        assert again.screen_stack[-2].session.state == state


async def test_settings_are_remembered_for_the_next_game(make_test_app: Callable[..., Any]) -> None:
    app = make_test_app(start=start_sojourn)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#one-to-100")
        app.screen.query_one("#deck-loop").focus()
        await pilot.press("end", "backspace", "3", "ctrl+s")
        await pilot.pause()
        setup = app.screen_stack[-2].session.setup
    assert setup == SojournSetup(read_one_to_hundred=True, deck=Cards(5, 5, 3, 5, 5))
    assert app.settings.remembered("sojourn", SojournSetup, SojournSetup()) == setup


async def test_refusals_change_nothing(make_test_app: Callable[..., Any]) -> None:
    app = make_test_app(start=resumed(PEARL_HARBOR))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SojournScreen)
        before = screen.session.state
        await pilot.press("b", "c")
        await pilot.press("up", "t", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TravelDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert screen.session.state == before
        assert len(screen.session.history) == 2


async def test_a_stray_enter_does_not_skip_an_empty_field(
    make_test_app: Callable[..., Any],
) -> None:
    """The hand closes by itself at the fifth card; an enter typed out of habit lands in the
    destination form and must not move past the still-empty name."""
    app = make_test_app(start=start_sojourn)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press(*"bflpt")
        await pilot.pause()
        assert isinstance(app.screen, DestinationDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "field-name"

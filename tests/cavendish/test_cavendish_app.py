"""Pilot tests: a whole short mission from the keyboard (its keys list, its saved-games title),
saved, resumed after a restart, the next mission titled apart; refusals and late answers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from textual.widgets import Input

from companion.cavendish.actions import ChooseLocation, LoseAzrak
from companion.cavendish.model import CavendishState, ReceptacleCards
from tests.support.notes import record_notes
from widgets.cavendish.dialogs import BrokenLinkDialog
from widgets.cavendish.memory import RememberedCards, remembered_destiny
from widgets.cavendish.play import CavendishScreen
from widgets.cavendish.setup import CavendishSetupScreen
from widgets.play.result import ConfirmEndDialog, ResultScreen
from widgets.shell.keys import screen_keys


async def type_text(pilot: Any, text: str) -> None:
    for char in text:
        await pilot.press("minus" if char == "-" else char)


def state_of_game(app: Any) -> CavendishState:
    """The state of the game under the dialog on top."""
    screen = app.screen_stack[-2]
    assert isinstance(screen, CavendishScreen)
    state: CavendishState = screen.state
    return state


def state_of(app: Any) -> CavendishState:
    assert isinstance(app.screen, CavendishScreen)
    state: CavendishState = app.screen.state
    return state


async def test_whole_short_mission_from_the_keyboard(
    make_test_app: Callable[..., Any], cards: ReceptacleCards
) -> None:
    """Set up, played, ended and resumed from the keyboard. Along the way: the keys list names
    only the two agents in play, and a second mission with the same players, set up after the
    restart, is titled apart from the first (`mission_title`, tests/cavendish/
    test_cavendish_wording.py, in the app)."""
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.settings.remember("cavendish", RememberedCards(cards))
        app.new_game("cavendish")
        await pilot.pause()
        await type_text(pilot, "Ana")
        await pilot.press("tab", "tab")
        await type_text(pilot, "Ben")
        await pilot.press("ctrl+s")
        await pilot.pause()
        state = state_of(app)
        assert [(a.receptacle, a.player, a.pool) for a in state.agents] == [
            ("Anton", "Ana", 5),
            ("Amy", "Ben", 6),
        ]
        assert state.vortex == 11 and state.box == 9
        # the keys list names only the agents in play
        listed = [description for _key, description, _now in screen_keys(app.screen)]
        assert "Agent 1" in listed and "Agent 2" in listed
        assert "Agent 3" not in listed and "Agent 4" not in listed
        assert app.screen.saved.title == "Cavendish with Ana, Ben"  # its saved-games title

        await pilot.press("l")
        await type_text(pilot, "A")
        await pilot.press("enter")
        await pilot.pause()
        assert state_of(app).phase == "discovery"

        await pilot.press("2", "x", "t")
        await pilot.pause()
        await type_text(pilot, "3")
        await pilot.press("tab")
        await type_text(pilot, "1")
        await pilot.press("tab")
        await type_text(pilot, "1")
        await pilot.press("tab")
        await type_text(pilot, "0")
        await pilot.press("ctrl+s")
        await pilot.pause()
        state = state_of(app)
        assert state.last_test is not None and state.last_test.outcome == "critical"
        assert [a.pool for a in state.agents] == [3, 4]

        await pilot.press("1", "minus")
        await pilot.pause()
        await pilot.press("backspace")
        await type_text(pilot, "3")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BrokenLinkDialog)
        await pilot.press("f")
        await pilot.pause()
        state = state_of(app)
        assert state.pending == () and state.agents[0].pool == 5
        assert state.free_updates_left == 1

        await pilot.press("n")
        await pilot.pause()
        assert "update" in {active.binding.action for active in app.screen.active_bindings.values()}
        await pilot.press("u")
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert state_of(app).free_updates_left == 0
        offered = {active.binding.action for active in app.screen.active_bindings.values()}
        assert "update" not in offered and "next_phase" in offered  # the phase's update is done
        await pilot.press("n")
        await pilot.pause()
        assert state_of(app).captain_agent.receptacle == "Amy"

        await pilot.press("l")
        await type_text(pilot, "B")
        await pilot.press("enter", "n", "u")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert state_of(app).mission_return == 1

        await pilot.press("e")
        await pilot.pause()
        await pilot.press("tab", "tab", "space", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmEndDialog)  # ending is deliberate
        assert state_of_game(app).outcome == ""
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("escape")  # the play's details, asked once the result is read: skipped
        await pilot.pause()
        state = state_of(app)
        assert state.outcome == "finished" and state.final_score == 3
        save_id = app.screen.saved.id
        assert app.store.load(save_id).session.state == state
        assert app.store.load(save_id).status == "finished"

    again = make_test_app()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        resumed = state_of(again)
        assert resumed == state
        await pilot.press("ctrl+z", "y")  # made by the first app: another device, so it asks
        await pilot.pause()
        assert state_of(again).outcome == ""
        assert again.store.load(save_id).session.state.outcome == ""

        # the next mission with the same players gets a saved-games title of its own
        again.go_home()
        await pilot.pause()
        again.new_game("cavendish")
        await pilot.pause()
        assert isinstance(again.screen, CavendishSetupScreen)
        again.screen.query_one("#player-0", Input).value = "Ana"
        again.screen.query_one("#player-1", Input).value = "Ben"
        again.screen.action_start()
        await pilot.pause()
        assert isinstance(again.screen, CavendishScreen)
        assert again.screen.saved.title == "Cavendish with Ana, Ben, mission 2"


async def test_refused_move_changes_nothing(
    make_test_app: Callable[..., Any], cards: ReceptacleCards, make_setup: Callable[..., Any]
) -> None:
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game("cavendish", make_setup(2), "Refusal")
        await pilot.pause()
        before = state_of(app)
        await pilot.press("minus")
        await pilot.pause()
        await pilot.press("backspace", "0", "enter")
        await pilot.pause()
        assert state_of(app) == before
        assert any("A loss must be at least 1, not 0" in note for note in notes)
        assert app.store.load(app.screen.saved.id).session.actions == []


async def test_setup_refuses_missing_card_numbers(make_test_app: Callable[..., Any]) -> None:
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_game("cavendish")
        await pilot.pause()
        await type_text(pilot, "Ana")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert type(app.screen).__name__ == "CavendishSetupScreen"
        assert "Type Anton's starting Azrak from the card." in notes


async def test_known_destiny_deck_is_remembered_for_the_next_mission(
    make_test_app: Callable[..., Any], make_setup: Callable[..., Any]
) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = replace(make_setup(4), destiny=(2, -1, 0, 0, 1, -2))
        app.start_game("cavendish", setup, "Destiny")
        await pilot.pause()
    again = make_test_app()
    assert remembered_destiny(again) == (-2, -1, 0, 0, 1, 2)


async def test_an_answer_arriving_after_the_game_closed_is_saved_and_nothing_else(
    make_test_app: Callable[..., Any], make_setup: Callable[..., Any]
) -> None:
    """A dialog's answer queued behind an escape: kept, but no redraw and no new dialog."""
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game("cavendish", make_setup(4), "Closed early")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CavendishScreen)
        app.go_home()
        await pilot.pause()
        assert screen.act(ChooseLocation("A"))
        await pilot.pause()
        assert app.is_running and not isinstance(app.screen, CavendishScreen)
        saved = app.store.load(screen.saved.id)
        assert saved.session.actions == [ChooseLocation("A")]


async def test_an_ejected_agent_cannot_open_a_test(
    make_test_app: Callable[..., Any], make_setup: Callable[..., Any]
) -> None:
    """Found by the monkey test: the test panel opened with an ejected agent, who is not among
    its choices, and ended the app. Now the reason is shown and nothing opens."""
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game("cavendish", make_setup(4), "Ejected")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CavendishScreen)
        first = screen.state.agents[0].receptacle
        for action in (ChooseLocation("A"), LoseAzrak(first, 9)):
            assert screen.act(action)
        await pilot.pause()
        assert isinstance(app.screen, BrokenLinkDialog)
        await pilot.press("l")  # lose control: ejected from the location
        await pilot.pause()
        assert screen.state.agents[0].ejected
        await pilot.press("1", "t")
        assert app.screen is screen and app.is_running
        assert any(f"{first} is ejected" in note for note in notes)

"""The Time Bastards screens driven from the keyboard: setup, the end of a game, resume (the slow
run plays a whole seeded game)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.time_bastards.game import choices
from companion.time_bastards.model import (
    BoardSettings,
    Piece,
    RollD6,
    TimeBastardsSetup,
    TimeBastardsState,
    Traveller,
    deciding,
    piece,
)
from companion.time_bastards.result import verdict
from tests.support.notes import record_notes
from tests.support.saving import record_played
from widgets.time_bastards.choices import NumberedChoices
from widgets.time_bastards.play import TimeBastardsScreen
from widgets.time_bastards.setup import TimeBastardsSetupScreen

SIZE = (80, 24)


def open_setup(app: Any) -> None:
    app.new_game("time-bastards")


async def start_duel(pilot: Any) -> TimeBastardsScreen:
    await pilot.pause()
    assert isinstance(pilot.app.screen, TimeBastardsSetupScreen)
    await pilot.press(*"Ana", "tab", "tab", "tab")
    await pilot.press(*"Ben")
    await pilot.press("ctrl+s")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, TimeBastardsScreen)
    return screen


def key_for(state: TimeBastardsState, turn_number: int) -> str:
    """The key a player would press now: answers pick the first legal choice."""
    if state.bumped:
        bumped = piece(state, state.bumped[0])
        assert bumped is not None
        return "1" if bumped.timeline != 1 else "2"
    if state.roll == 6:
        return "enter"
    if state.roll is not None:
        return str(turn_number % 4 + 1)
    return "m" if turn_number % 3 == 0 else "r"


async def play_to_the_end(app: Any, pilot: Any, screen: TimeBastardsScreen) -> TimeBastardsState:
    """Keys until the clock runs out; then the end is shown and saved, and a winner named."""
    presses = 0
    while not screen.tb.finished and presses < 400:
        await pilot.press(key_for(screen.tb, presses))
        presses += 1
    state = screen.tb
    assert state.finished and state.round == 24
    assert "Game over" in str(screen.query_one("#tb-decision").border_title)
    saved = app.store.load(screen.saved.id)
    assert saved.session.state == state
    assert saved.status == "finished"
    assert verdict(state).winners
    return state


async def a_finished_game_takes_no_more_turns(
    make_test_app: Any, save_id: str, state: TimeBastardsState
) -> None:
    """Resumed after a restart, the finished game is as it ended and refuses another roll."""
    again = make_test_app(seed=1, start=lambda a: a.open_saved(save_id))
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        resumed = again.screen
        assert isinstance(resumed, TimeBastardsScreen)
        assert resumed.tb == state
        await pilot.press("r")
        assert resumed.tb == state


def at_the_last_round(app: Any) -> None:
    """A duel played through the rules up to the last round (seeded rolls, the first legal
    answer to every decision), saved, then opened."""
    setup = TimeBastardsSetup((Traveller("Ana", "red", 1), Traveller("Ben", "blue", 2)))
    saved = app.start_game("time-bastards", setup, "Ana v Ben")
    rng = random.Random(11)
    while saved.session.state.round < 24:
        state = saved.session.state
        if state.roll is None and not state.bumped and rng.random() < 0.7:
            saved.session.do(RollD6(state.turn, rng.randint(1, 6)))
        else:
            saved.session.do(choices(state)[0].action)
    record_played(app.store, saved)


async def test_the_last_round_from_the_keyboard_to_a_winner(make_test_app: Any) -> None:
    """The default run's end of a game; the slow run plays all 24 rounds from the keyboard."""
    app = make_test_app(seed=11, start=at_the_last_round)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TimeBastardsScreen)
        assert screen.tb.round == 24 and not screen.tb.finished
        state = await play_to_the_end(app, pilot, screen)
    await a_finished_game_takes_no_more_turns(make_test_app, screen.saved.id, state)


@pytest.mark.slow
async def test_a_full_seeded_game_from_the_keyboard_to_a_winner(make_test_app: Any) -> None:
    app = make_test_app(seed=11, start=open_setup)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_duel(pilot)
        assert [t.name for t in screen.tb.setup.players] == ["Ana", "Ben"]
        state = await play_to_the_end(app, pilot, screen)
    await a_finished_game_takes_no_more_turns(make_test_app, screen.saved.id, state)


async def test_setup_is_refused_with_a_reason_and_the_board_is_remembered(
    make_test_app: Any,
) -> None:
    app = make_test_app(start=open_setup)
    notes = record_notes(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"Bob", "tab", "tab", "tab")
        await pilot.press(*"bob", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TimeBastardsSetupScreen)
        assert app.store.listing()[0] == []
        assert "Both players are called Bob: give them different names." in notes
        await pilot.press("shift+tab", "shift+tab", "shift+tab", *"Cy")
        app.screen.query_one("#tb-length").value = "12"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TimeBastardsScreen)
        assert app.screen.tb.setup.timeline_length == 12
    assert app.settings.remembered("time-bastards", BoardSettings, BoardSettings()) == (
        BoardSettings(12)
    )


def same_start(app: Any) -> None:
    """Both first pieces on the start of timeline I."""
    setup = TimeBastardsSetup((Traveller("Ana", "red", 1), Traveller("Ben", "blue", 1)))
    app.start_game("time-bastards", setup, "Ana v Ben")


async def test_a_real_roll_is_checked_and_undo_takes_it_back(make_test_app: Any) -> None:
    app = make_test_app(start=same_start)
    notes = record_notes(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TimeBastardsScreen)
        start = screen.tb
        await pilot.press("t", *"7", "enter")
        await pilot.pause()
        assert screen.tb == start  # a D6 has no 7: refused, nothing changed, asked again
        assert notes[-1] == "7 is not a face of a d6 (1-6)."
        await pilot.press("backspace", *"6", "enter")
        await pilot.pause()
        assert screen.tb.roll == 6
        assert screen.session.history[-1].startswith("Ana rolls a real die: 6.")
        await pilot.press("ctrl+z")
        assert screen.tb == start
        saved = app.store.load(screen.saved.id)
        assert saved.session.actions == []


async def test_a_bumped_piece_owner_is_asked_at_once(make_test_app: Any) -> None:
    app = make_test_app(start=same_start)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TimeBastardsScreen)
        await pilot.press("m")  # Ana: I at 0 -> 1
        await pilot.press("t", *"6", "enter")  # Ben rolls a real 6
        await pilot.pause()
        options = screen.query_one("#tb-choices", NumberedChoices)
        prompts = [entry.words for entry in options.entries]
        wanted = next(i for i, text in enumerate(prompts) if "from I at 0 forward" in text)
        await pilot.press(*["down"] * wanted, "enter")
        await pilot.pause()
        state = screen.tb
        assert state.bumped == (1,) and deciding(state) == 0
        decision = screen.query_one("#tb-decision")
        assert decision.has_class("asking") and decision.border_title == "Ana decides"
        assert options.has_focus and options.option_count == 3
        await pilot.press("1")
        assert screen.tb == state  # the bumped piece must leave timeline I
        await pilot.press("3")
        state = screen.tb
        assert piece(state, 1) == Piece(1, 0, 3, 1) and piece(state, 2) == Piece(2, 1, 1, 1)
        assert (state.round, state.turn, state.bumped) == (2, 0, ())
    again = make_test_app(start=lambda a: a.open_saved(screen.saved.id))
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.screen.state == state


def short_timelines(app: Any) -> None:
    """Ana on timeline I, Ben on II, four spaces each."""
    players = (Traveller("Ana", "red", 1), Traveller("Ben", "blue", 2))
    app.start_game("time-bastards", TimeBastardsSetup(players, "duel", 4), "Ana v Ben")


async def test_the_footer_offers_no_move_earliest_at_the_end_of_a_timeline(
    make_test_app: Any,
) -> None:
    app = make_test_app(start=short_timelines)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TimeBastardsScreen)
        assert "move_earliest" in {a.binding.action for a in screen.active_bindings.values()}
        await pilot.press(*"m" * 6)  # each earliest piece from 0 to 3, the last space
        await pilot.pause()
        assert [(p.owner, p.position) for p in screen.tb.pieces] == [(0, 3), (1, 3)]
        shown = {a.binding.action for a in screen.active_bindings.values() if a.enabled}
        assert "move_earliest" not in shown and "roll" in shown

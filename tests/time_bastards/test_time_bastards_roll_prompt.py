"""The D6 roll is physical first: the cursor waits in "what the dice show"."""

from __future__ import annotations

from typing import Any

from companion.time_bastards.model import RollD6
from tests.support.notes import record_notes
from widgets.dice.ask import DieRollDialog
from widgets.dice.prompt import FacesInput
from widgets.time_bastards.play import TimeBastardsScreen
from widgets.time_bastards.setup import TimeBastardsSetupScreen


async def started(pilot: Any) -> TimeBastardsScreen:
    app = pilot.app
    assert isinstance(app.screen, TimeBastardsSetupScreen)
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert isinstance(app.screen, TimeBastardsScreen)
    return app.screen


async def test_typing_4_and_enter_records_a_physical_d6(make_test_app: Any) -> None:
    app = make_test_app(start=lambda app: app.new_game("time-bastards"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("t")
        assert isinstance(app.screen, DieRollDialog) and isinstance(app.focused, FacesInput)
        await pilot.press("4", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TimeBastardsScreen)
        assert screen.session.actions[-1] == RollD6(0, 4, "physical")
        (entry,) = app.rolls.rolls
        assert entry.roll.faces == (4,) and entry.roll.source == "physical"
        assert entry.label == f"Time Bastards, {screen.tb.setup.players[0].name}'s turn"


async def test_empty_enter_never_rolls_and_r_rolls_in_the_app(make_test_app: Any) -> None:
    app = make_test_app(start=lambda app: app.new_game("time-bastards"))
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("t", "enter")
        await pilot.pause()
        assert isinstance(app.screen, DieRollDialog) and screen.session.actions == []
        assert any("press r to roll in the app" in note for note in notes)
        await pilot.press("r")
        await pilot.pause()
        (action,) = screen.session.actions
        assert isinstance(action, RollD6) and action.source == "app"
        assert app.rolls.rolls[-1].roll.total == action.value

"""The RISK roll is physical first: the cursor waits in "what the dice show"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sojourn_helpers import RISK_PRELUDE, waiting_for_the_risk_roll
from sojourn_pilot import type_card

from companion.sojourn.actions import RollRisk
from tests.support.notes import record_notes
from widgets.dice.prompt import FacesInput
from widgets.sojourn.dialogs import RiskDialog
from widgets.sojourn.play import SojournScreen


async def at_the_risk_roll(pilot: Any) -> SojournScreen:
    """A new game: travel to Somme (RISK 90, DMG 3) and stop at the RISK roll."""
    await pilot.press("ctrl+s")
    await pilot.press(*"bbbbb")
    await type_card(pilot, "Somme", "1916", "0", "1", "90", "3", "0")
    screen = pilot.app.screen
    assert isinstance(screen, SojournScreen)
    await pilot.press("up", "t", "enter")
    await type_card(pilot, "Verdun", "1916-02-21", "0", "1", "90", "3", "0")
    assert isinstance(pilot.app.screen, RiskDialog)
    assert screen.session.actions == RISK_PRELUDE  # what the other tests start from
    return screen


async def test_the_dialog_shows_the_reading_and_12_enter_records_a_physical_roll(
    make_test_app: Callable[..., Any],
) -> None:
    app = make_test_app(start=lambda app: app.new_game("sojourn"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_the_risk_roll(pilot)
        assert isinstance(app.focused, FacesInput)
        shown = str(app.screen.query_one(".roll-prompt-convention").render())
        assert "00-99 (00 + 0 is 0)" in shown and "30 7" in shown  # how Sojourn reads the dice
        await pilot.press("1", "2", "enter")
        await pilot.pause()
        assert screen.session.actions[-1] == RollRisk(10, 2, "physical")
        assert screen.session.state.health == 7 - 3
        (entry,) = app.rolls.rolls
        assert entry.roll.faces == (10, 2) and entry.roll.source == "physical"
        assert entry.label == "RISK at Somme"


async def test_enter_on_an_empty_field_never_rolls_and_r_rolls_in_the_app(
    make_test_app: Callable[..., Any],
) -> None:
    app = make_test_app(start=waiting_for_the_risk_roll)  # the keys to it: the test above
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen_stack[-2]
        assert isinstance(screen, SojournScreen) and isinstance(app.screen, RiskDialog)
        before = len(screen.session.actions)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RiskDialog) and len(screen.session.actions) == before
        assert any("press r to roll in the app" in note for note in notes)
        await pilot.press("r")
        await pilot.pause()
        action = screen.session.actions[-1]
        assert isinstance(action, RollRisk) and action.source == "app"
        assert app.rolls.rolls[-1].roll.source == "app"

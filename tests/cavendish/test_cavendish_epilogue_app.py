"""Pilot: an epilogue event recorded by key (`h`) when it happens, and the end-of-mission
questions prefilled from what was recorded, saying where each answer came from."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.widgets import Checkbox, Static

from companion.cavendish.actions import ChooseLocation, TakeNote
from companion.cavendish.model import CavendishState
from widgets.cavendish.dialogs import PickDialog
from widgets.cavendish.phase_dialogs import EndMissionDialog
from widgets.cavendish.play import CavendishScreen
from widgets.shell.keys import screen_keys


def state_of(app: Any) -> CavendishState:
    screen = next(s for s in reversed(app.screen_stack) if isinstance(s, CavendishScreen))
    state: CavendishState = screen.state
    return state


async def test_events_recorded_by_key_prefill_the_end_of_mission(
    make_test_app: Callable[..., Any], make_setup: Callable[..., Any]
) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game("cavendish", make_setup(2), "Epilogue")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CavendishScreen)
        listed = [description for _key, description, _now in screen_keys(screen)]
        assert "Epilogue" in listed  # in the keys list (and the footer)
        screen.act(ChooseLocation("A"))
        await pilot.pause()

        await pilot.press("h")  # Damien rescued: the first event offered
        await pilot.pause()
        assert isinstance(app.screen, PickDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert state_of(app).epilogue.damien_rescued

        await pilot.press("2", "h")  # Amy takes a handwritten note: which one?
        await pilot.pause()
        await pilot.press("enter")  # the note, now the first event left
        await pilot.pause()
        assert isinstance(app.screen, PickDialog)
        await pilot.press("down", "enter")  # ITEM 17
        await pilot.pause()
        state = state_of(app)
        assert state.epilogue.notes == (17,)
        assert [item.name for item in state.agents[1].items] == ["ITEM 17"]
        assert "Amy took ITEM 17, a handwritten note: 1 of 6" in screen.session.steps[-1].line

        await pilot.press("ctrl+z")  # undone like any action
        await pilot.pause()
        assert state_of(app).epilogue.notes == ()
        screen.act(TakeNote("Amy", 17))
        await pilot.pause()

        await pilot.press("e")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, EndMissionDialog)
        assert dialog.query_one("#damien_rescued", Checkbox).value is True
        assert dialog.query_one("#elixir_found", Checkbox).value is False
        assert dialog.query_one("#anton_dead", Checkbox).value is False
        damien = str(dialog.query_one("#damien_rescued-source", Static).render())
        assert "recorded at 12:00 by a terminal (log line 2)" in damien
        elixir = str(dialog.query_one("#elixir_found-source", Static).render())
        assert "1 of 6 notes taken: ITEMS 1, 26, 37, 43 and 48 missing" in elixir
        assert "not recorded" in str(dialog.query_one("#anton_dead-source", Static).render())

        await pilot.click("#anton_dead")  # still editable, and it says so
        await pilot.pause()
        assert dialog.query_one("#anton_dead", Checkbox).value is True
        changed = str(dialog.query_one("#anton_dead-source", Static).render())
        assert "changed here (recorded: no; not recorded)" in changed
        dismissed = dialog.adjustments()
        assert dismissed.damien_rescued and dismissed.anton_dead and not dismissed.elixir_found

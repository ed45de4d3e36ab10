"""Pilot tests: conflicts from the keyboard (c, G), and the screen's details a player trips on:
a refused split kept, the update refused at once, the ejected mark (what each supporter pays:
test_cavendish_panel.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.widgets import Input, Static

from companion.cavendish.actions import (
    AnnounceGroupConflict,
    BeginGroupConflict,
    ChooseLocation,
    Eject,
    LeaveLocation,
    LoseAzrak,
    StandardUpdate,
    TakeItem,
)
from widgets.cavendish import panel
from widgets.cavendish.conflicts import OrderDialog
from widgets.cavendish.phase_dialogs import UpdateDialog
from widgets.cavendish.play import CavendishScreen
from widgets.kit.line_table import LineTable


async def start(app: Any, pilot: Any, make_setup: Callable[..., Any], *actions: Any) -> Any:
    """A four-agent mission at location A (Amy, Anton, Jennifer, Doug; Anton is captain)."""
    app.start_game("cavendish", make_setup(4), "Conflicts")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, CavendishScreen)
    for action in (ChooseLocation("A"), *actions):
        assert screen.act(action)
    await pilot.pause()
    return screen


def text_of(app: Any, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def notes(app: Any) -> list[str]:
    return [str(note.message) for note in app._notifications]


async def test_a_group_conflict_from_the_keyboard(
    make_test_app: Callable[..., Any], make_setup: Callable[..., Any]
) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(app, pilot, make_setup, TakeItem("Amy", "ITEM 4"))
        await pilot.press("G")
        await pilot.pause()
        for char in "Butler":
            await pilot.press(char)
        await pilot.press("enter")
        await pilot.pause()
        state = screen.cav
        assert state.conflict is not None and state.conflict.adversary == "Butler"
        assert "announced: Items swap at no cost" in text_of(app, "#conflict")

        await pilot.press("1", "g")  # Amy gives ITEM 4 to Anton, free before it begins
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.cav.agents[1].items[0].name == "ITEM 4"
        assert screen.cav.vortex == state.vortex

        await pilot.press("G")  # the Time Captain's order: Anton, Jennifer, Doug, Amy proposed
        await pilot.pause()
        assert isinstance(app.screen, OrderDialog)
        field = app.screen.query_one("#order", Input)
        assert field.value == "2 3 4 1"
        field.value = "4 2 2"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, OrderDialog)  # refused: still open, as typed
        assert app.screen.query_one("#order", Input).value == "4 2 2"
        assert any("names every agent able to act once" in note for note in notes(app))
        field.value = "4 2 3 1"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CavendishScreen)
        conflict = screen.cav.conflict
        assert conflict is not None and conflict.order == ("Doug", "Anton", "Jennifer", "Amy")
        assert "turn 1, damage 0 (no life points): Doug attempts next" in text_of(app, "#conflict")

        await pilot.press("1", "t")  # Amy is selected, but the panel opens for Doug, due now
        await pilot.pause()
        assert isinstance(app.screen, panel.TestPanel)
        assert app.screen.agent == "Doug"
        await pilot.press("escape")
        await pilot.pause()

        await pilot.press("G")  # the adversary is defeated
        await pilot.pause()
        assert screen.cav.conflict is None
        assert not text_of(app, "#conflict")


async def test_a_personal_conflict_stops_only_its_agent(
    make_test_app: Callable[..., Any], make_setup: Callable[..., Any]
) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(app, pilot, make_setup)
        await pilot.press("1", "c")
        await pilot.pause()
        assert screen.cav.agents[0].personal_conflict
        assert app.screen.query_one("#agents", LineTable).get_row_at(0)[0] == " ⚔"
        assert "Personal conflict: Amy" in text_of(app, "#conflict")
        await pilot.press("x")
        await pilot.pause()
        assert "Amy must resolve their personal conflict (its test) before exploring." in notes(app)
        pools = [agent.pool for agent in screen.cav.agents]
        await pilot.press("3", "x")  # Jennifer explores: nobody else is stopped
        await pilot.pause()
        assert [agent.pool for agent in screen.cav.agents] == [
            pools[0],
            pools[1],
            pools[2] - 1,
            pools[3],
        ]


async def test_a_refused_split_keeps_its_dialog_and_a_second_update_is_not_offered(
    make_test_app: Callable[..., Any], make_setup: Callable[..., Any]
) -> None:
    """The Standard Update between locations: a split refused keeps the dialog with what was
    typed; once the update is made, a second is not offered and `u` opens no dialog."""
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(app, pilot, make_setup, LoseAzrak("Amy", 3), LeaveLocation())
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, UpdateDialog)
        field = app.screen.query_one("#share-Amy", Input)
        field.value = "9"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, UpdateDialog)
        assert app.screen.query_one("#share-Amy", Input).value == "9"
        assert any("Amy would have" in note for note in notes(app))
        assert not screen.cav.updated
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen

        assert screen.act(StandardUpdate((2, 0, 0, 0)))
        await pilot.pause()
        assert "update" not in {active.binding.action for active in screen.active_bindings.values()}
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, CavendishScreen)
        assert screen.cav.mission_return == 1


async def test_the_agent_table_marks_an_ejected_agent_in_characters(
    make_test_app: Callable[..., Any], make_setup: Callable[..., Any]
) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start(app, pilot, make_setup, Eject("Anton"), Eject("Doug"))
        table = app.screen.query_one("#agents", LineTable)
        assert [table.get_row_at(row)[0] for row in range(4)] == [" ", "★✖", " ", " ✖"]
        assert table.ordered_columns[0].width >= 2
        await pilot.press("4")
        await pilot.pause()
        assert "Doug (✖ ejected until the Between Locations phase)" in text_of(app, "#agent-detail")


async def test_the_command_palette_offers_the_conflict_step_of_the_moment(
    make_test_app: Callable[..., Any], make_setup: Callable[..., Any]
) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(app, pilot, make_setup)

        def conflict_entries() -> list[str]:
            titles = [command.title for command in screen.palette_commands()]
            return [title for title in titles if "conflict" in title or "defeated" in title]

        assert conflict_entries() == [
            "cavendish: personal conflict",
            "cavendish: announce group conflict",
        ]
        assert screen.act(AnnounceGroupConflict())
        assert conflict_entries() == [
            "cavendish: personal conflict",
            "cavendish: begin group conflict",
        ]
        assert screen.act(BeginGroupConflict(("Anton", "Amy", "Jennifer", "Doug")))
        assert conflict_entries() == [
            "cavendish: personal conflict",
            "cavendish: adversary defeated",
        ]

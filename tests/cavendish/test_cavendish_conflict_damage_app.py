"""Pilot test: a group conflict kept whole from the keyboard: the life points typed as it begins,
each test's damage typed in the test panel, a new order before a turn, the players' word refused
mid-turn, and the adversary falling when the damage reaches its life points."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.widgets import Input, Static

from companion.cavendish.actions import AnnounceGroupConflict, ChooseLocation
from widgets.cavendish import panel
from widgets.cavendish.conflicts import OrderDialog
from widgets.cavendish.play import CavendishScreen


def text_of(app: Any, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def notes(app: Any) -> list[str]:
    return [str(note.message) for note in app._notifications]


async def type_text(pilot: Any, text: str) -> None:
    for char in text:
        await pilot.press("space" if char == " " else char)
    await pilot.pause()


async def resolve_in_panel(pilot: Any, app: Any, agent: str, damage: str) -> None:
    """`t`, then difficulty 3, Destiny 0 and the damage typed field by field; enter resolves."""
    await pilot.press("t")
    await pilot.pause()
    assert isinstance(app.screen, panel.TestPanel) and app.screen.agent == agent
    app.screen.query_one("#test-destiny", Input).value = "0"
    await type_text(pilot, "3")  # the difficulty field has the focus
    app.screen.query_one("#test-damage", Input).focus()
    await type_text(pilot, damage)
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, CavendishScreen), notes(app)


async def test_a_group_conflict_kept_whole_from_the_keyboard(
    make_test_app: Callable[..., Any], make_setup: Callable[..., Any]
) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game("cavendish", make_setup(2), "The Butler")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CavendishScreen)
        assert screen.act(ChooseLocation("A")) and screen.act(AnnounceGroupConflict("the Butler"))
        await pilot.pause()

        await pilot.press("G")  # life points first, the order proposed (Anton, Amy)
        await pilot.pause()
        assert isinstance(app.screen, OrderDialog)
        await type_text(pilot, "5")
        assert "Order: Anton, Amy; 5 life points" in text_of(app, "#order-preview")
        await pilot.press("enter")
        await pilot.pause()
        conflict = screen.cav.conflict
        assert conflict is not None and conflict.life_points == 5
        assert "turn 1, damage 0 of 5: Anton attempts next" in text_of(app, "#conflict")

        await resolve_in_panel(pilot, app, "Anton", "2")
        assert screen.cav.conflict is not None and screen.cav.conflict.damage == 2
        await pilot.press("G")  # the players' word waits for Amy's attempt
        await pilot.pause()
        assert any("Amy still to attempt" in note for note in notes(app))
        assert screen.cav.conflict is not None

        await resolve_in_panel(pilot, app, "Amy", "1")
        await pilot.press("o")  # turn 2: the Time Captain puts Amy first
        await pilot.pause()
        assert isinstance(app.screen, OrderDialog)
        order = app.screen.query_one("#order", Input)
        assert order.has_focus and order.value == "1 2"
        order.value = "2 1"
        await pilot.press("enter")
        await pilot.pause()
        assert "turn 2, damage 3 of 5: Amy attempts next" in text_of(app, "#conflict")

        await resolve_in_panel(pilot, app, "Amy", "2")  # 5 of 5: the Butler falls
        assert screen.cav.conflict is None
        assert not text_of(app, "#conflict")
        assert screen.session.history[-1].endswith(
            "The Butler is defeated (5 damage of 5 life points): the group conflict against "
            "the Butler is over"
        )

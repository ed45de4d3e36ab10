"""Pilot test: Items as the book keeps them from the keyboard: a yellow Item taken with `i` is
read and stowed, a red one its card keeps stays, and a Talisman given with `g` is refused; the
Item dialog's snapshot."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.widgets import Checkbox, Input, Select

from companion.cavendish.actions import ChooseLocation
from companion.cavendish.model import CavendishState
from tests.cavendish.test_cavendish_conflict_damage_app import notes
from tests.cavendish.test_cavendish_snapshots import SIZES, starter
from tests.support.snapshots import Size
from widgets.cavendish.dialogs import ItemDialog, PickDialog
from widgets.cavendish.play import CavendishScreen


def state_of(app: Any) -> CavendishState:
    screen = next(s for s in reversed(app.screen_stack) if isinstance(s, CavendishScreen))
    state: CavendishState = screen.state
    return state


async def take(pilot: Any, app: Any, name: str, kind: str, kept: bool = False) -> None:
    await pilot.press("i")
    await pilot.pause()
    dialog = app.screen
    assert isinstance(dialog, ItemDialog)
    dialog.query_one("#item-name", Input).value = name
    dialog.query_one("#item-kind", Select).value = kind
    dialog.query_one("#item-kept", Checkbox).value = kept
    await pilot.press("ctrl+s")
    await pilot.pause()


async def test_items_as_the_book_keeps_them(
    make_test_app: Callable[..., Any], make_setup: Callable[..., Any]
) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game("cavendish", make_setup(2), "Items")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CavendishScreen)
        screen.act(ChooseLocation("A"))
        await pilot.press("2")
        await pilot.pause()

        await take(pilot, app, "ITEM 30", "yellow")
        assert state_of(app).agents[1].items == ()
        assert screen.session.steps[-1].line == (
            "Amy took ITEM 30 (yellow): read and resolved, then stowed"
        )

        await take(pilot, app, "ITEM 31", "red", kept=True)
        assert [i.kind for i in state_of(app).agents[1].items] == ["red"]

        await take(pilot, app, "Pocket watch", "talisman")
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, PickDialog)
        await pilot.press("down", "enter")  # the Talisman
        await pilot.pause()
        await pilot.press("enter")  # to Anton
        await pilot.pause()
        assert isinstance(app.screen, CavendishScreen)
        assert any("Talisman cards cannot be swapped" in note for note in notes(app))
        assert [i.name for i in state_of(app).agents[1].items] == ["ITEM 31", "Pocket watch"]


@pytest.mark.parametrize("sizes", SIZES)
class TestItemDialog:
    def test_item_dialog_asks_the_colour(
        self, snap_sizes: Any, make_test_app: Any, make_setup: Any, sizes: list[Size]
    ) -> None:
        run_before = starter(make_setup, [ChooseLocation("A")], players=2)
        assert snap_sizes(make_test_app(), sizes, press=["i"], run_before=run_before) == []

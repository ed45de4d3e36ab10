"""Setup menus: a page key right behind the key that opened one must not end the app."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets._select import SelectOverlay

from widgets.safe_select import SafeSelect


class MenuApp(App[None]):
    def compose(self) -> ComposeResult:
        yield SafeSelect([(str(number), number) for number in range(30)], value=20)


async def test_paging_a_menu_before_its_first_layout_does_nothing() -> None:
    """Textual's own Select raised KeyError here (found by the monkey test)."""
    app = MenuApp()
    async with app.run_test() as pilot:
        select = app.query_one(SafeSelect)
        select.focus()
        await pilot.pause()
        select.expanded = True
        menu = select.query_one(SelectOverlay)
        menu.action_page_up()
        menu.action_page_down()
        await pilot.pause()
        assert app.is_running


async def test_paging_an_open_menu_still_moves() -> None:
    app = MenuApp()
    async with app.run_test() as pilot:
        select = app.query_one(SafeSelect)
        select.focus()
        await pilot.press("enter")
        menu = select.query_one(SelectOverlay)
        before = menu.highlighted
        await pilot.press("pageup")
        assert menu.highlighted is not None and before is not None
        assert menu.highlighted < before

"""Option lists and menus: a page key right behind the key that opened or refilled one must not
end the app (Textual 8.2.8 raised KeyError; found by the monkey tests)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets._select import SelectOverlay

from widgets.kit.safe_lists import SafeOptionList, SafeSelect


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


class ChoicesApp(App[None]):
    def compose(self) -> ComposeResult:
        yield SafeOptionList(*(f"choice {number}" for number in range(5)))


async def test_paging_a_refilled_list_before_its_layout_does_nothing() -> None:
    app = ChoicesApp()
    async with app.run_test() as pilot:
        choices = app.query_one(SafeOptionList)
        choices.focus()
        choices.highlighted = 4
        await pilot.pause()
        choices.clear_options()
        choices.add_options([f"new {number}" for number in range(40)])
        choices.highlighted = 30
        choices.action_page_up()
        choices.action_page_down()
        await pilot.pause()
        assert app.is_running
        choices.action_page_up()
        assert choices.highlighted is not None and choices.highlighted < 30

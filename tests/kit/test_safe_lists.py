"""Option lists and menus: a page key right behind the key that opened or refilled one must not
end the app (Textual 8.2.8 raised KeyError; found by the monkey tests)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import OptionList

from widgets.kit.safe_lists import SafeOptionList, SafeSelect


class MenuApp(App[None]):
    def compose(self) -> ComposeResult:
        yield SafeSelect([(str(number), number) for number in range(30)], value=20)


class UnlaidMenuApp(MenuApp):
    """A menu that opens without room for a line: as it is before its first layout (Textual's
    own Select ended the app with KeyError on the page key here)."""

    CSS = "Select > OptionList { max-height: 0; border: none; padding: 0; }"


async def test_paging_a_menu_before_its_first_layout_does_nothing() -> None:
    app = UnlaidMenuApp()
    async with app.run_test() as pilot:
        select = app.query_one(SafeSelect)
        select.focus()
        await pilot.press("enter")
        menu = select.query_one(OptionList)
        assert app.focused is menu and not menu.scrollable_content_region
        highlighted = menu.highlighted
        await pilot.press("pageup", "pagedown")
        assert app.is_running and app.return_code is None
        assert menu.highlighted == highlighted


async def test_paging_an_open_menu_still_moves() -> None:
    app = MenuApp()
    async with app.run_test() as pilot:
        select = app.query_one(SafeSelect)
        select.focus()
        await pilot.press("enter")
        menu = select.query_one(OptionList)
        before = menu.highlighted
        await pilot.press("pageup")
        assert menu.highlighted is not None and before is not None
        assert menu.highlighted < before


class PagingApp(MenuApp):
    """The page keys bound by the app, as a screen that scrolls binds them."""

    BINDINGS = [("pagedown", "paged", "Page")]

    def __init__(self) -> None:
        super().__init__()
        self.paged = 0

    def action_paged(self) -> None:
        self.paged += 1


async def test_a_page_key_on_a_closed_select_goes_on_to_the_screen() -> None:
    app = PagingApp()
    async with app.run_test() as pilot:
        select = app.query_one(SafeSelect)
        select.focus()
        await pilot.press("pagedown")
        assert app.paged == 1 and not select.expanded


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


class UnlaidChoicesApp(ChoicesApp):
    """A list without room for a line: as it is before its first layout."""

    CSS = "SafeOptionList { height: 0; border: none; padding: 0; }"


async def test_paging_a_list_with_no_room_yet_does_nothing() -> None:
    """Textual's own OptionList raised KeyError here."""
    app = UnlaidChoicesApp()
    async with app.run_test() as pilot:
        choices = app.query_one(SafeOptionList)
        choices.focus()
        choices.highlighted = 3
        await pilot.press("pageup", "pagedown")
        assert app.is_running and app.return_code is None
        assert choices.highlighted == 3

"""The shared header and footer: a header survives its screen closing at once; the footer shows
the keys of what has focus and is rebuilt only when they change."""

from __future__ import annotations

import asyncio

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Button, Static

from tests.support.waiting import pause_until
from widgets.shell.chrome import FooterKey, HeaderTitle, KeyFooter, TitleHeader


class Marker(Button):
    """A focusable widget with a key of its own in the footer."""

    BINDINGS = [Binding("m", "mark", "Mark")]

    def action_mark(self) -> None:
        self.label = "marked"


class FooterApp(App[None]):
    BINDINGS = [Binding("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Button("one", id="one")
        yield Button("two", id="two")
        yield Marker("marker", id="marker")
        yield KeyFooter()


def shown(app: FooterApp) -> list[str]:
    return [key.description for key in app.query(FooterKey)]


async def test_the_footer_follows_the_focused_widgets_keys() -> None:
    app = FooterApp()
    async with app.run_test() as pilot:
        app.query_one("#one").focus()
        await pilot.pause()
        assert "Mark" not in shown(app) and "Quit" in shown(app)
        app.query_one("#marker").focus()
        await pilot.pause()
        assert "Mark" in shown(app)
        app.query_one("#two").focus()
        await pilot.pause()
        assert "Mark" not in shown(app)


async def test_a_focus_move_that_keeps_the_same_keys_does_not_rebuild_it() -> None:
    app = FooterApp()
    async with app.run_test() as pilot:
        app.query_one("#one").focus()
        await pilot.pause()
        keys_before = list(app.query(FooterKey))
        app.query_one("#two").focus()
        await pilot.pause()
        assert list(app.query(FooterKey)) == keys_before  # the very same widgets
        assert all(key.is_attached for key in keys_before)


async def test_the_footer_works_out_its_keys_once_after_the_frame_for_many_asks() -> None:
    """Each key asks the footer again; it looks at its keys once, after the key's frame."""
    app = FooterApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        footer = app.query_one(KeyFooter)
        looked: list[object] = []
        keys_to_show = footer.keys_to_show

        def counted() -> tuple[object, ...]:
            looked.append(None)
            return keys_to_show()

        footer.keys_to_show = counted  # type: ignore[method-assign]
        for _ in range(3):
            footer.bindings_changed(app.screen)
        assert looked == []  # not while the key is handled
        await pause_until(pilot, lambda: looked)
        await pilot.pause()
        assert len(looked) == 1


async def test_the_footer_keeps_its_keys_while_the_app_has_no_focus() -> None:
    """Another window in front blurs the app (and its focused widget): the keys stay."""
    app = FooterApp()
    async with app.run_test() as pilot:
        app.query_one("#marker").focus()
        await pause_until(pilot, lambda: "Mark" in shown(app))
        app.post_message(events.AppBlur())
        await pause_until(pilot, lambda: not app.app_focus and app.focused is None)
        await pilot.pause()
        assert "Mark" in shown(app)


class TitledScreen(Screen[None]):
    def compose(self) -> ComposeResult:
        yield TitleHeader()
        yield Static("body")


async def test_a_screen_closed_the_moment_it_opened_does_not_end_the_app() -> None:
    """Textual's Header raised NoMatches here (an escape typed right behind enter)."""
    app = FooterApp()
    async with app.run_test() as pilot:
        for spins in range(40):  # close it at every point of its mounting
            app.push_screen(TitledScreen())
            for _ in range(spins):
                await asyncio.sleep(0)
            app.pop_screen()
            await pilot.pause()
        assert app.is_running


async def test_the_header_shows_the_screens_title() -> None:
    app = FooterApp()
    async with app.run_test() as pilot:
        screen = TitledScreen()
        screen.sub_title = "Friday night"
        await app.push_screen(screen)
        await pilot.pause()
        assert "Friday night" in str(screen.query_one(HeaderTitle).render())
        screen.sub_title = "Saturday"
        await pilot.pause()
        assert "Saturday" in str(screen.query_one(HeaderTitle).render())


async def test_the_footer_builds_its_keys_once_at_start() -> None:
    """Its first keys are fitted to the screen's width before it has one of its own: learning
    its width (the same keys fit) builds nothing again."""
    built: list[int] = []
    compose = KeyFooter.compose

    def counted(footer: KeyFooter) -> ComposeResult:
        keys = list(compose(footer))
        if keys:
            built.append(len(keys))
        return iter(keys)

    app = FooterApp()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(KeyFooter, "compose", counted)
        async with app.run_test(size=(80, 24)) as pilot:
            await pause_until(pilot, lambda: bool(shown(app)))
            for _ in range(3):
                await pilot.pause()
            assert app.query_one(KeyFooter).size.width == 80
            assert len(built) == 1

"""The test panel's preview: no verdict before the Destiny card is typed (issue 15), and what each
supporter pays, the Time Captain's first test free."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.widgets import Input, Static

from companion.cavendish.actions import ChooseLocation
from widgets.cavendish import panel


def preview(app: Any) -> str:
    return str(app.screen.query_one("#test-preview", Static).content)


async def test_no_verdict_before_the_destiny_card_and_what_each_supporter_pays(
    make_test_app: Callable[..., Any], make_setup: Callable[..., Any]
) -> None:
    """Amy's test at the first location of four agents: the verdict waits for the Destiny
    card; then, with boosts and two supporters, the preview says what each one pays."""
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game("cavendish", make_setup(4), "Panel test")
        await pilot.pause()
        assert app.screen.act(ChooseLocation("A"))
        await pilot.press("t", "5", "tab", "1", "tab", "0", "tab", "0", "tab", "0")
        await pilot.pause()
        assert isinstance(app.screen, panel.TestPanel)
        destiny = app.screen.query_one("#test-destiny", Input)
        assert destiny.value == "" and destiny.placeholder == "not drawn"
        said = preview(app)
        assert "final value" not in said.lower()
        assert "No Destiny card yet: draw it, then type its modifier." in said
        await pilot.press("tab", "0")
        await pilot.pause()
        assert "Destiny 0: final value 2 vs 5: failure" in preview(app)

        # what each supporter pays
        test_panel = app.screen
        test_panel.query_one("#test-boosts", Input).value = "2"
        test_panel.query_one("#support-Anton", Input).value = "1"
        test_panel.query_one("#support-Doug", Input).value = "1"
        await pilot.pause()
        said = str(test_panel.query_one("#test-preview", Static).render())
        assert "Pays: Amy 3 (pool 6) · Anton 1 · Doug 1" in said


async def test_the_test_panel_says_when_the_captains_test_is_free(
    make_test_app: Callable[..., Any], make_setup: Callable[..., Any]
) -> None:
    """Three agents: the Time Captain's first action of the round costs nothing."""
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game("cavendish", make_setup(3), "Free test")
        await pilot.pause()
        assert app.screen.act(ChooseLocation("A"))
        await pilot.press("2", "t")  # Anton, the captain
        await pilot.pause()
        test_panel = app.screen
        assert isinstance(test_panel, panel.TestPanel)
        test_panel.query_one("#test-boosts", Input).value = "1"
        await pilot.pause()
        preview = str(test_panel.query_one("#test-preview", Static).render())
        assert "Pays: Anton 1 (free action, pool 4) · no support yet" in preview

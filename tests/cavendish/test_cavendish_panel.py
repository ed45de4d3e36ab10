"""The test panel gives its verdict only once the Destiny card is typed (issue 15)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.widgets import Input, Static

from companion.cavendish.actions import ChooseLocation
from widgets.cavendish import panel


def preview(app: Any) -> str:
    return str(app.screen.query_one("#test-preview", Static).content)


async def test_no_verdict_before_the_destiny_card(
    make_test_app: Callable[..., Any], make_setup: Callable[..., Any]
) -> None:
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

"""Home with a plug-in that could not be loaded (`broken_plugin`): one line says so and points to
`companion games`; F1 there lists it with why; the four games are offered as ever."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.widgets import MarkdownViewer, OptionList, Static

from tests.support.waiting import pause_until
from widgets.shell.help import HelpScreen
from widgets.shell.home import HomeScreen

pytestmark = pytest.mark.usefixtures("broken_plugin")

LINE = "1 plug-in was not loaded: see `companion games` or F1"
WHY = (
    "broken (broken-game 0.2, companion.games): failed to load: RuntimeError: the plug-in's "
    "import failed"
)


async def test_home_says_it_and_f1_lists_it(make_test_app: Callable[..., Any]) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        home = app.screen
        assert isinstance(home, HomeScreen)
        assert str(home.query_one("#home-left-out", Static).content) == LINE
        games = home.query_one("#games", OptionList)
        assert games.option_count == 4 and all(
            not games.get_option_at_index(index).disabled for index in range(4)
        )
        await pilot.press("f1")
        await pause_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        viewer = app.screen.query_one(MarkdownViewer)
        assert WHY in viewer.document.source.replace("\\", "")  # its marks made literal
        await pilot.press("escape")
        await pause_until(pilot, lambda: isinstance(app.screen, HomeScreen))


class TestLeftOutOnHome:
    def test_home_line(self, snap_sizes: Any, make_test_app: Any) -> None:
        assert snap_sizes(make_test_app(), [(80, 24)]) == []

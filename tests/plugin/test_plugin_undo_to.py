"""A plug-in game's screen with the shared log (`widgets.plugin.ActionLog`) gets the undo back to
a line the four games have, with no edit of its own: `U` marks the line before the newest, enter
asks, `y` undoes every later action in one change, and ctrl+y brings them back in order."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pebbles.game import Take
from pebbles.screens import PebblesScreen, PebblesSetupScreen
from textual.widgets import OptionList, Static

from saves.games.store import SaveStore
from tests.support.waiting import pause_until
from widgets.play.undo_to import UndoToDialog

pytestmark = pytest.mark.usefixtures("installed_plugin")


async def test_pebbles_undoes_back_to_a_line_and_redoes_in_order(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        games = app.screen.query_one("#games", OptionList)
        games.focus()
        games.highlighted = games.option_count - 1
        await pilot.press("enter")
        await pause_until(pilot, lambda: isinstance(app.screen, PebblesSetupScreen))
        await pilot.press("ctrl+s")
        await pause_until(pilot, lambda: isinstance(app.screen, PebblesScreen))
        screen = app.screen
        assert isinstance(screen, PebblesScreen)
        for count, key in enumerate(("1", "2", "1"), start=1):
            await pilot.press(key)
            await pause_until(pilot, lambda count=count: len(screen.session.actions) == count)
        lines = screen.session.history
        await pilot.press("U", "up", "enter")  # line 1: the two after it
        await pause_until(pilot, lambda: isinstance(app.screen, UndoToDialog))
        assert str(app.screen.query_one("#undo-to-title", Static).render()) == (
            "Undo back to line 1?"
        )
        await pilot.press("y")
        await pause_until(pilot, lambda: screen.session.actions == [Take(1)])
        assert SaveStore(companion_home).load(screen.saved.id).session.history == lines[:1]
        await pilot.press("ctrl+y")
        await pause_until(pilot, lambda: screen.session.history == lines[:2])
        await pilot.press("ctrl+y")
        await pause_until(pilot, lambda: screen.session.history == lines)

"""Pebbles' screens on the real app (`widgets.app.make_app`, on the test's own folder): the
setup offers the last players, refuses what the rules refuse, and starts the game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import Input

from pebbles.screens import PebblesScreen, PebblesSetupScreen, chart_notes
from tests.conftest import fixed_clock
from tests.support.waiting import pause_until
from widgets.app import make_app
from widgets.plugin import PlayersField

pytestmark = pytest.mark.usefixtures("installed_plugin")  # what `pip install` does


def setup_fields(app: App[object]) -> list[PlayersField]:
    """The players field of the setup on top, once its widgets are mounted."""
    screen = app.screen
    return list(screen.query(PlayersField)) if isinstance(screen, PebblesSetupScreen) else []


async def test_the_setup_remembers_the_players_and_refuses_a_lone_one(tmp_path: Path) -> None:
    app = make_app(home=tmp_path, rng=random.Random(7), clock=fixed_clock)
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_game("pebbles")
        await pause_until(pilot, lambda: bool(setup_fields(app)))
        field = app.screen.query_one(PlayersField)
        assert field.value == "Ana, Ben"  # no game yet: the defaults

        field.value = "Cy"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PebblesSetupScreen)  # one player: refused, said

        field.value = "Cy, Dee,  Eve "
        app.screen.query_one("#pebbles-pile-size", Input).value = "9"
        await pilot.press("ctrl+s")
        await pause_until(pilot, lambda: isinstance(app.screen, PebblesScreen))
        screen = app.screen
        assert isinstance(screen, PebblesScreen)
        assert (screen.pebbles.setup.players, screen.pebbles.pile) == (("Cy", "Dee", "Eve"), 9)

        await pilot.press("escape")
        app.new_game("pebbles")
        await pause_until(pilot, lambda: bool(setup_fields(app)))
        assert app.screen.query_one(PlayersField).value == "Cy, Dee, Eve"


def test_the_stats_screen_line_reads_its_own_figures() -> None:
    line = {"plays": 3, "rolled_takes": 4, "plays_with_rolls_counted": 2}
    assert chart_notes(line, {}) == ["Takes a D3 decided: 4 (plays counted: 2)"]

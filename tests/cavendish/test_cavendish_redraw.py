"""The Cavendish screen draws again only what a key changed, and everything it changed: the
agents row whose Azrak or Fear moved shows the new count as drawn on screen (the other rows
are not drawn again), through an action, its undo and its redo."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.geometry import Region

from companion.cavendish.actions import ChooseLocation, LoseAzrak, TakeFear
from companion.cavendish.model import CavendishState
from companion.registry import get_game
from saves.games.store import SaveStore
from tests.cavendish.conftest import setup_for
from tests.conftest import fixed_clock
from tests.support.saving import record_played
from tests.support.waiting import pause_until
from widgets.cavendish.play import CavendishScreen
from widgets.kit.line_table import LineTable


def drawn_rows(table: LineTable) -> list[str]:
    """The table's lines as the screen has them (Textual's cache of what it drew)."""
    width, height = table.outer_size
    return [strip.text for strip in table.render_lines(Region(0, 0, width, height))]


def shown_counts(state: CavendishState) -> list[tuple[str, str, str]]:
    """Each agent's name, Azrak and Fear as its row should show them."""
    return [(a.receptacle, f"{a.pool}/{a.starting}", str(a.fear)) for a in state.agents]


def matches(rows: list[str], state: CavendishState) -> bool:
    """Each agent's line, as drawn, shows the agent's Azrak and Fear."""
    for name, azrak, fear in shown_counts(state):
        row = next(row for row in rows if f" {name} " in row)
        if f" {azrak} " not in row or f" {fear} " not in row:
            return False
    return True


async def test_the_row_that_changed_is_drawn_with_its_new_counts(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    store = SaveStore(companion_home, fixed_clock)
    game = get_game("cavendish")
    assert game is not None
    saved = store.create(game, setup_for(4))
    saved.session.do(ChooseLocation("Hall"))
    record_played(store, saved)
    app = make_test_app(start=lambda app: app.open_saved(saved.id))
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, CavendishScreen))
        screen = app.screen
        assert isinstance(screen, CavendishScreen)
        table = screen.query_one("#agents", LineTable)
        await pause_until(pilot, lambda: table.row_count == 4)
        await pilot.pause()
        assert matches(drawn_rows(table), screen.cav)
        steps = len(screen.session.steps)
        for number, action in enumerate((LoseAzrak("Anton", 2), TakeFear("Doug", 1)), 1):
            before = drawn_rows(table)
            screen.act(action)
            await pause_until(pilot, lambda n=number: len(screen.session.steps) == steps + n)
            await pilot.pause()
            after = drawn_rows(table)
            assert matches(after, screen.cav), after
            changed = [row for row, old in zip(after, before, strict=True) if row != old]
            assert len(changed) == 1 and action.agent in changed[0]
        for key, count in (("ctrl+z", steps + 1), ("ctrl+z", steps), ("ctrl+y", steps + 1)):
            await pilot.press(key)
            await pause_until(pilot, lambda c=count: len(screen.session.steps) == c)
            await pilot.pause()
            assert matches(drawn_rows(table), screen.cav), drawn_rows(table)

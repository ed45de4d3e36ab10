"""A long history: home lists the newest saves first and adds the rest as the list is scrolled."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from companion import registry
from saves.games.store import SaveStore
from tests.conftest import FIXED_NOW
from tests.support.toy import TALLY, TallySetup
from widgets.shell.home import page_size

PAGE = page_size(24)
"""The rows a page adds at 80x24, the size these tests run at."""
SAVES = 2 * PAGE + 10


@pytest.fixture
def many_saves(companion_home: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """SAVES toy games, a minute apart; their ids, newest first."""
    monkeypatch.setitem(registry.GAMES, "tally", TALLY)
    minutes = itertools.count()
    store = SaveStore(companion_home, lambda: FIXED_NOW + timedelta(minutes=next(minutes)))
    ids = [store.create(TALLY, TallySetup(), f"Game {n}").id for n in range(SAVES)]
    return ids[::-1]


def keys(table: DataTable[Any]) -> list[str]:
    return [str(row.key.value) for row in table.ordered_rows]


async def test_home_shows_a_page_of_the_newest_adds_more_near_the_end_and_starts_again(
    make_test_app: Callable[..., Any], many_saves: list[str]
) -> None:
    """A page of the newest, a page more near the end, the rest at the end; a refresh starts
    again from the newest."""
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.screen.query_one("#saves", DataTable)
        assert keys(table) == many_saves[:PAGE]
        await pilot.press("s", "ctrl+end")
        await pilot.pause()
        assert keys(table) == many_saves[: 2 * PAGE]
        table.scroll_end(animate=False, immediate=True)
        await pilot.pause()
        assert keys(table) == many_saves
        assert len(app.screen.entries) == SAVES  # resume and the palette still see every save
        app.screen.refresh_saves()
        await pilot.pause()
        assert keys(app.screen.query_one("#saves", DataTable)) == many_saves[:PAGE]

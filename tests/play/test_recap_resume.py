""" "Where were we" on resume (issue 42, item 7): a game opened more than an hour after its last
action shows its recap once, over the play screen; any key closes it without acting, and a game
just played shows none."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from companion.time_bastards.game import TIME_BASTARDS
from saves.games.store import SaveStore
from tests.conftest import FIXED_NOW, fixed_clock
from tests.history.games import samples
from tests.support.saving import record_played
from tests.support.snapshots import Size, size_sets
from tests.support.waiting import pause_until
from widgets.play.game_screen import GameScreen
from widgets.play.recap import RecapDialog
from widgets.table_view.display import make_display_app

FRIDAY = FIXED_NOW - timedelta(days=2, hours=-8)  # Friday 27 November, 20:00 (UTC)
SIZES = size_sets([(80, 24), (44, 43)])


def duel(home: Path, last: datetime) -> str:
    """A Time Bastards duel, its last twelve actions made at `last` by Mara's seat."""
    now = [last - timedelta(minutes=30)]
    store = SaveStore(home, clock=lambda: now[0])
    saved = store.create(TIME_BASTARDS, samples.BASTARDS_SETUP, title="Friday's duel")
    for move in samples.play(
        TIME_BASTARDS, samples.BASTARDS_SETUP, samples.bastards_moves, 12, 2026
    ).actions:
        saved.session.do(move)
    now[0] = last
    record_played(store, saved, by="t-laptop", seat="Mara")
    return saved.id


async def test_a_paused_game_opens_on_its_recap_and_any_key_closes_it(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    save_id = duel(companion_home, FRIDAY)
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, RecapDialog))
        recap = app.screen
        assert isinstance(recap, RecapDialog)
        assert recap.told.last_played_words.startswith("Friday 27 November, 20:00")
        assert recap.told.turn is not None and recap.told.session_actions == 12
        game = app.screen_stack[-2]
        assert isinstance(game, GameScreen)
        before = len(game.session.steps)
        await pilot.press("r")  # a game key: it closes the recap and does nothing else
        await pause_until(pilot, lambda: app.screen is game)
        assert len(game.session.steps) == before


async def test_a_game_just_played_opens_without_a_recap(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    save_id = duel(companion_home, FIXED_NOW - timedelta(minutes=20))
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        assert not any(isinstance(screen, RecapDialog) for screen in app.screen_stack)


async def test_the_table_display_shows_the_recap_of_a_paused_game(
    companion_home: Path,
) -> None:
    duel(companion_home, FRIDAY)
    app = make_display_app(companion_home, clock=fixed_clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, RecapDialog))
        await pilot.click()
        await pause_until(pilot, lambda: not isinstance(app.screen, RecapDialog))


async def test_the_table_displays_recap_closes_at_the_next_move(companion_home: Path) -> None:
    """Nobody may press a key on a TV: the game's next move, made anywhere, closes the recap."""
    save_id = duel(companion_home, FRIDAY)
    app = make_display_app(companion_home, clock=fixed_clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, RecapDialog))
        store = SaveStore(companion_home, clock=fixed_clock)
        saved = store.load(save_id)
        move = next(samples.bastards_moves(saved.session.state, random.Random(1)))
        saved.session.do(move)
        record_played(store, saved)
        await pause_until(pilot, lambda: not isinstance(app.screen, RecapDialog))


@pytest.mark.parametrize("sizes", SIZES)
def test_the_recap_on_resume(
    snap_sizes: Any,
    make_test_app: Callable[..., Any],
    companion_home: Path,
    sizes: list[Size],
) -> None:
    save_id = duel(companion_home, FRIDAY)
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    assert snap_sizes(app, sizes) == []

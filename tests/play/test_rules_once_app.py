"""One change on a play screen asks the game's rules once: the screen makes the step on the
state it shows, and the journal appends that very step (saves/games/journal.py)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from companion.cavendish.game import CAVENDISH
from tests.history.games import cavendish_in_play, samples
from tests.play.test_lock_elsewhere import open_cavendish
from tests.support.waiting import pause_until


async def test_an_action_on_the_screen_runs_the_rules_once(
    make_test_app: Any, companion_home: Path
) -> None:
    saved = cavendish_in_play(companion_home)
    later = samples.play(
        CAVENDISH, samples.CAVENDISH_SETUP, samples.cavendish_moves, 11, 2026
    ).actions[10]
    app = make_test_app(start=lambda app: app.open_saved(saved.id))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_cavendish(pilot, app)
        game = screen.session.game
        asked: list[Any] = []

        def apply(state: Any, action: Any) -> Any:
            asked.append(action)
            return game.apply(state, action)

        screen.session.game = dataclasses.replace(game, apply=apply)
        made = len(screen.session.actions) + 1
        assert screen.act(later)
        await pause_until(pilot, lambda: len(screen.session.actions) == made)
        assert asked == [later]
        assert screen.session.actions[-1] == later

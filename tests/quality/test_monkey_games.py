"""Monkey tests for every game screen: seeded random keys, then the game's invariants and the
save on disk must still match what is in play.

Each game is resumed from its shipped sample save (`tests/data/samples`) in mid-game, where
moves, undo and redo change what is saved; the slow run also starts each game fresh from the
sample's setup. Keys go in batches of 30 between pauses: the quick run costs about 3.5 s of CPU
per game (random keys spend most of their time inside dialogs; a few moves get through).
"""

from __future__ import annotations

import shutil
import tomllib
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import pytest

from companion.cavendish.model import CavendishState
from companion.six_sojourns.actions import SojournsState
from companion.six_sojourns.game import game_score
from companion.sojourn.model import SQUARES, SojournState
from companion.time_bastards.model import PIECES_PER_PLAYER, TimeBastardsState
from saves.games.store import SavedGame, from_document
from tests.quality.monkey import EXPLORE, binding_keys, press_all, random_keys
from tests.support.samples import SAMPLES
from widgets.play.game_screen import GameScreen

QUICK, LONG = 150, 2000

BATCH = 30

GAME_IDS = ("sojourn", "six-sojourns", "cavendish", "time-bastards")


def sample(game_id: str) -> SavedGame:
    """The shipped sample save of a game, loaded through the real store code."""
    path = SAMPLES / f"{game_id}.toml"
    return from_document(path, tomllib.loads(path.read_text("utf-8")))


def check_sojourn(state: SojournState) -> None:
    assert 0 <= state.health <= SQUARES
    assert 0 <= state.charge <= SQUARES
    assert 0 <= state.fragments <= 4
    cards = state.hand.total + state.deck.total + state.discard.total
    assert cards == state.setup.deck.total


def check_six_sojourns(state: SojournsState) -> None:
    result = game_score(state)
    by_player: dict[str, int] = defaultdict(int)
    for line in result.lines:
        by_player[line.player] += line.points
    for name in state.players:
        assert result.totals[name] == by_player[name], name


def check_cavendish(state: CavendishState) -> None:
    assert state.crystals == 31
    assert min(state.vortex, state.mission_return, state.box) >= 0
    for agent in state.agents:
        assert 0 <= agent.pool <= agent.starting


def check_time_bastards(state: TimeBastardsState) -> None:
    for player in range(len(state.setup.players)):
        on_board = sum(1 for piece in state.pieces if piece.owner == player)
        assert state.supply[player] >= 0
        assert on_board + state.supply[player] == PIECES_PER_PLAYER


INVARIANTS: dict[str, Callable[[Any], None]] = {
    "sojourn": check_sojourn,
    "six-sojourns": check_six_sojourns,
    "cavendish": check_cavendish,
    "time-bastards": check_time_bastards,
}


def opener(game_id: str, how: str) -> Callable[[Any], None]:
    """The app's `start`: a new game from the sample's setup, or the sample itself resumed."""

    def start(app: Any) -> None:
        saved = sample(game_id)
        if how == "new":
            saved = app.store.create(saved.game, saved.session.setup, "Monkey")
        else:
            app.store.folder.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(SAMPLES / f"{game_id}.toml", app.store.path_for(saved.id))
        assert app.open_saved(saved.id)

    return start


async def monkey_game(make_test_app: Any, game_id: str, how: str, seed: int, count: int) -> None:
    app = make_test_app(seed=seed, start=opener(game_id, how))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert any(isinstance(s, GameScreen) for s in app.screen_stack), "the game is not open"
        keys = random_keys(seed, count, favourites=binding_keys(app.screen))
        await press_all(pilot, keys, batch=BATCH)
        assert app.is_running
        in_play = [s for s in app.screen_stack if isinstance(s, GameScreen)]
        for screen in in_play:  # what is on screen is what is on disk
            INVARIANTS[screen.session.game.id](screen.session.state)
            assert app.store.load(screen.saved.id).session.state == screen.session.state
        entries, unreadable = app.store.listing()
        assert not unreadable
        assert entries  # the game (and any other the keys started) is still listed
        for entry in entries:  # games left for home: saved, loadable and sound
            INVARIANTS[entry.game_id](app.store.load(entry.id).session.state)


CASES = [
    pytest.param(game_id, how, seed, id=f"{game_id}-{how}")
    for seed, (game_id, how) in enumerate(
        ((game_id, how) for how in ("new", "sample") for game_id in GAME_IDS), start=101
    )
]
"""Seeds 101-104: new games (slow run only); 105-108: the samples resumed."""
QUICK_CASES = [case for case in CASES if case.values[1] == "sample"]


@pytest.mark.parametrize(("game_id", "how", "seed"), QUICK_CASES)
async def test_monkey_game(make_test_app: Any, game_id: str, how: str, seed: int) -> None:
    await monkey_game(make_test_app, game_id, how, seed, QUICK)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "how", "seed"), CASES)
async def test_monkey_game_long(make_test_app: Any, game_id: str, how: str, seed: int) -> None:
    await monkey_game(make_test_app, game_id, how, seed + 1000 + EXPLORE, LONG)

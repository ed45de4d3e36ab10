"""Real saves for the play details tests, written by the real store: a finished Six Sojourns
game (the seeded sample player's moves, then the sojourn closed) and a Cavendish mission one
action from its end. Imported as `tests.history.games`."""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

from companion.cavendish.game import CAVENDISH
from companion.six_sojourns.actions import CloseSojourn
from companion.six_sojourns.game import SIX_SOJOURNS
from companion.six_sojourns.setup import SojournsSetup
from saves.games.store import SavedGame, SaveStore
from tests.support.saving import record_played

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "samples"
if str(SAMPLES) not in sys.path:
    sys.path.insert(0, str(SAMPLES))

import make_samples as samples  # noqa: E402

SET_UP = datetime(2026, 11, 29, 19, 0, tzinfo=UTC)


def finished_six_sojourns(home: Path) -> tuple[SaveStore, SavedGame]:
    setup = SojournsSetup(players=samples.SIX_PLAYERS, map="A", expansions=samples.SIX_EXPANSIONS)
    moves = samples.play(SIX_SOJOURNS, setup, samples.six_moves, 200, 1).actions
    store = SaveStore(home, clock=lambda: SET_UP)
    saved = store.create(SIX_SOJOURNS, setup, title="Sunday sojourns")
    for move in [*moves, CloseSojourn()]:
        saved.session.do(move)
    record_played(store, saved)
    return store, saved


def cavendish_in_play(home: Path) -> SavedGame:
    """A mission under way (the seeded player's first moves), saved: `X` then `y` ends it."""
    moves = samples.play(CAVENDISH, samples.CAVENDISH_SETUP, samples.cavendish_moves, 10, 2026)
    store = SaveStore(home, clock=lambda: SET_UP)
    saved = store.create(CAVENDISH, samples.CAVENDISH_SETUP, title="Cavendish night")
    for move in moves.actions:
        saved.session.do(move)
    record_played(store, saved)
    return saved

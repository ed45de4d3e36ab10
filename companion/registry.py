"""The games the companion knows, by id, in the order the home screen lists them.

A game's rules are imported the first time they are needed: the four rule sets together take
about 100 ms to import, which would otherwise slow every start of the app.
"""

from __future__ import annotations

import importlib
from typing import Any

from companion.core import Game

CATALOGUE: tuple[tuple[str, str], ...] = (
    ("sojourn", "Sojourn"),
    ("six-sojourns", "Six Sojourns"),
    ("cavendish", "TIME Stories Revolution: Cavendish"),
    ("time-bastards", "Time Bastards"),
)
"""Every game the companion serves (id, title)."""

RULES: dict[str, tuple[str, str]] = {
    "sojourn": ("companion.sojourn", "SOJOURN"),
    "six-sojourns": ("companion.six_sojourns", "SIX_SOJOURNS"),
    "cavendish": ("companion.cavendish", "CAVENDISH"),
    "time-bastards": ("companion.time_bastards", "TIME_BASTARDS"),
}
"""Game id -> (module, name of its `Game`)."""

GAMES: dict[str, Game[Any, Any]] = {}
"""The games loaded so far, by id; `get_game` fills it (a test may add a game of its own)."""


def is_built(game_id: str) -> bool:
    """True when the game's rules exist, without importing them."""
    return game_id in RULES or game_id in GAMES


def get_game(game_id: str) -> Game[Any, Any] | None:
    """The game with this id (its rules imported on first use), or None if it is unknown."""
    game = GAMES.get(game_id)
    if game is None and game_id in RULES:
        module_name, attribute = RULES[game_id]
        game = getattr(importlib.import_module(module_name), attribute)
        assert isinstance(game, Game)
        GAMES[game_id] = game
    return game


def all_games() -> dict[str, Game[Any, Any]]:
    """Every game, all rules imported."""
    for game_id in RULES:
        get_game(game_id)
    return dict(GAMES)

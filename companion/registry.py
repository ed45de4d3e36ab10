"""The games the companion knows, by id, in the order the home screen lists them.

A game's rules are imported the first time they are needed: the four rule sets together take
about 100 ms to import, which would otherwise slow every start of the app.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
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
"""The games loaded so far, by id; `get_game` fills it, `register` adds a game of its own."""

ADDED: dict[str, str] = {}
"""Games registered at run time, by id -> title, listed after the catalogue's."""


def register(game: Game[Any, Any]) -> None:
    """Add a game at run time (a test's, or one not in the catalogue): listed by `catalogue`,
    served by `get_game`, counted by the statistics like any other. `unregister` takes it away."""
    GAMES[game.id] = game
    if game.id not in RULES:
        ADDED[game.id] = game.title


def unregister(game_id: str) -> None:
    """Forget a game added by `register` (the catalogue's games stay)."""
    ADDED.pop(game_id, None)
    if game_id not in RULES:
        GAMES.pop(game_id, None)


def catalogue() -> tuple[tuple[str, str], ...]:
    """Every game to list (id, title): the catalogue's, then those registered at run time."""
    return CATALOGUE + tuple(ADDED.items())


def rules_files(game_id: str) -> list[Path]:
    """The Python files of a game's rules, found without importing them: its package's modules,
    or for a game registered at run time the module that defines its `apply` (empty when
    unknown). The listing cache is stamped with their bytes."""
    if game_id in RULES:
        spec = importlib.util.find_spec(RULES[game_id][0])
        folders = list(spec.submodule_search_locations or ()) if spec else []
        return [path for folder in folders for path in Path(folder).rglob("*.py")]
    game = GAMES.get(game_id)
    module = sys.modules.get(game.apply.__module__) if game is not None else None
    where = getattr(module, "__file__", None)
    return [Path(where)] if where else []


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

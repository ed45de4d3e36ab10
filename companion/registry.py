"""The games the companion knows, by id, in the order the home screen lists them."""

from __future__ import annotations

from typing import Any

from companion.cavendish import CAVENDISH
from companion.core import Game

CATALOGUE: tuple[tuple[str, str], ...] = (
    ("sojourn", "Sojourn"),
    ("six-sojourns", "Six Sojourns"),
    ("cavendish", "TIME Stories Revolution: Cavendish"),
    ("time-bastards", "Time Bastards"),
)
"""Every game the companion serves (id, title), built or not yet."""

_BUILT: tuple[Game[Any, Any], ...] = (CAVENDISH,)

GAMES: dict[str, Game[Any, Any]] = {game.id: game for game in _BUILT}
"""The games whose rules are implemented, by id."""


def get_game(game_id: str) -> Game[Any, Any] | None:
    """The game with this id, or None if it is unknown or not built yet."""
    return GAMES.get(game_id)

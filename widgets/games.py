"""Which games have screens: the home screen offers these, the rest show as not yet available."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.screen import Screen

    from saves.store import SavedGame
    from widgets.game_screen import GameScreen


@dataclass(frozen=True)
class GameUI:
    """A game's two screens: its setup (which ends in `app.start_game`) and its play screen."""

    game_id: str
    setup_screen: Callable[[], Screen[None]]
    play_screen: Callable[[SavedGame], GameScreen]


@cache
def game_screens() -> dict[str, GameUI]:
    """Game id -> its screens, imported on first use (game screens import the app's widgets)."""
    from widgets.cavendish import CAVENDISH_UI

    built: tuple[GameUI, ...] = (CAVENDISH_UI,)
    return {ui.game_id: ui for ui in built}


def game_ui(game_id: str) -> GameUI | None:
    """The screens of a game, or None while it has none."""
    return game_screens().get(game_id)

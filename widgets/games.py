"""Which games have screens: the home screen offers these, the rest show as not yet available."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.screen import Screen

    from saves.games.store import SavedGame
    from widgets.game_screen import GameScreen


@dataclass(frozen=True)
class GameUI:
    """A game's two screens: its setup (which ends in `app.start_game`) and its play screen."""

    game_id: str
    setup_screen: Callable[[], Screen[None]]
    play_screen: Callable[[SavedGame], GameScreen]


SCREEN_MODULES: dict[str, tuple[str, str]] = {
    "sojourn": ("widgets.sojourn", "SOJOURN_UI"),
    "six-sojourns": ("widgets.six_sojourns", "SIX_SOJOURNS_UI"),
    "cavendish": ("widgets.cavendish", "CAVENDISH_UI"),
    "time-bastards": ("widgets.time_bastards", "TIME_BASTARDS_UI"),
}
"""Game id -> (module, name of its `GameUI`); a game's screens are imported when first opened,
which keeps the app's start fast."""


ADDED_UIS: dict[str, GameUI] = {}
"""Screens of games registered at run time (`register_ui`), by game id."""


def register_ui(ui: GameUI) -> None:
    """Give a game registered at run time (`companion.registry.register`) its screens."""
    ADDED_UIS[ui.game_id] = ui


def has_screens(game_id: str) -> bool:
    """True when the game has screens, without importing them."""
    return game_id in SCREEN_MODULES or game_id in ADDED_UIS


def game_ui(game_id: str) -> GameUI | None:
    """The screens of a game (imported on first use), or None while it has none."""
    entry = SCREEN_MODULES.get(game_id)
    if entry is None:
        return ADDED_UIS.get(game_id)
    module_name, attribute = entry
    ui = getattr(importlib.import_module(module_name), attribute)
    assert isinstance(ui, GameUI)
    return ui

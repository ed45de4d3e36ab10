"""What the screens need from the app, named apart from the app.

The app imports every screen it opens; were the screens to import the app for its type, the two
would import each other. They ask for these services instead, and the app provides them.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol

from saves.games.store import SavedGame, SaveStore
from saves.shared.devices import Device
from saves.shared.settings import SettingsStore

if TYPE_CHECKING:
    from saves.shared.rolls import RollLog

APP_CLASS_SERVICES = ("rolls", "go_home", "new_game", "start_game", "open_saved")
"""What the app's class itself provides of `AppServices` (the rest are set on the app)."""


class AppServices(Protocol):
    """The app as a screen sees it: its store, settings, roll history and dice, and the moves
    between screens."""

    store: SaveStore
    device: Device
    settings: SettingsStore
    rng: random.Random

    @property
    def rolls(self) -> RollLog:
        """The roll history (opened when first used)."""

    def go_home(self) -> None:
        """Close every screen above home."""

    def new_game(self, game_id: str) -> None:
        """Open a game's setup screen."""

    def start_game(self, game_id: str, setup: Any, title: str = "") -> SavedGame | None:
        """Create the save for a finished setup and open its play screen."""

    def open_saved(self, save_id: str) -> bool:
        """Resume a saved game."""

"""The screens of the faulty games: Pebbles' play screen under each id, and, for `screens-raise`,
a `GameUI` whose every screen raises."""

from __future__ import annotations

from typing import Any

from pebbles.game import PebblesSetup
from pebbles.screens import PebblesScreen, PebblesSetupScreen

from hostile import FAULTS
from widgets.shell.games import GameUI


def setup_for(game_id: str) -> type[PebblesSetupScreen]:
    """Pebbles' setup, starting the game of this id."""

    class FaultySetup(PebblesSetupScreen):
        def action_start(self) -> None:
            self.companion.start_game(game_id, PebblesSetup())

    return FaultySetup


def raising(*args: Any) -> Any:
    raise RuntimeError("the screen could not be built")


class RedrawRaises(PebblesScreen):
    """Pebbles' play screen whose own drawing fails once a pebble is taken: a plug-in's screen
    bug, which no guard of the rules sees."""

    def refresh_state(self) -> None:
        if self.session.actions:
            raise RuntimeError("the pile cannot be drawn")
        super().refresh_state()


def __getattr__(name: str) -> GameUI:
    game_id = name.lower().replace("_", "-")
    if game_id == "screens-raise":
        return GameUI(
            game_id,
            setup_screen=raising,
            play_screen=raising,
            table_view=raising,
            chart_notes=raising,
            help_text=raising,
        )
    if game_id == "redraw-raises":
        return GameUI(game_id, setup_screen=setup_for(game_id), play_screen=RedrawRaises)
    if game_id in FAULTS:
        return GameUI(game_id, setup_screen=setup_for(game_id), play_screen=PebblesScreen)
    raise AttributeError(name)

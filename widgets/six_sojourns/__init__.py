"""Six Sojourns screens: the setup helper and the play screen (score sheet, board, turns)."""

from __future__ import annotations

from companion.six_sojourns import GAME_ID
from widgets.shell.games import GameUI
from widgets.six_sojourns.play import SojournsScreen
from widgets.six_sojourns.setup import SojournsSetupScreen

SIX_SOJOURNS_UI = GameUI(GAME_ID, setup_screen=SojournsSetupScreen, play_screen=SojournsScreen)
"""The two screens of Six Sojourns, for `widgets.shell.games.game_screens`."""

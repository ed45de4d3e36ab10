"""Cavendish screens: the setup and the play screen, registered in `widgets.shell.games`."""

from __future__ import annotations

from widgets.cavendish.play import CavendishScreen
from widgets.cavendish.setup import CavendishSetupScreen
from widgets.shell.games import GameUI

CAVENDISH_UI = GameUI("cavendish", setup_screen=CavendishSetupScreen, play_screen=CavendishScreen)

__all__ = ["CAVENDISH_UI", "CavendishScreen", "CavendishSetupScreen"]

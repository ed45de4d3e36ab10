"""Sojourn's screens: setup (dice reading, deck) and the traveller screen."""

from __future__ import annotations

from companion.sojourn import GAME_ID
from widgets.shell.games import GameUI
from widgets.sojourn.play import SojournScreen
from widgets.sojourn.setup import SojournSetupScreen

SOJOURN_UI = GameUI(GAME_ID, setup_screen=SojournSetupScreen, play_screen=SojournScreen)
"""What `widgets.shell.games` registers for Sojourn."""

"""Time Bastards screens: setup and play, with the clock face and the timeline board."""

from __future__ import annotations

from widgets.shell.games import GameUI
from widgets.time_bastards.play import TimeBastardsScreen
from widgets.time_bastards.setup import TimeBastardsSetupScreen

TIME_BASTARDS_UI = GameUI(
    "time-bastards",
    setup_screen=TimeBastardsSetupScreen,
    play_screen=TimeBastardsScreen,
)
"""The screens the app opens for a Time Bastards game."""

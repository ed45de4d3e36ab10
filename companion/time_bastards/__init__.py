"""Time Bastards, the two-player duel on a 24-hour clock. Its `Game` is in `game`, imported the
first time the rules are needed;
this module holds only what the registry lists without importing them."""

from __future__ import annotations

from companion.core import GameEntry

GAME_ID = "time-bastards"
"""The game's id in save files and on the command line."""
TITLE = "Time Bastards"
"""The game's name as printed on the box."""
ENTRY = GameEntry(GAME_ID, TITLE, rules="companion.time_bastards.game:TIME_BASTARDS", position=4)
"""What the entry point `companion.games` names for Time Bastards."""

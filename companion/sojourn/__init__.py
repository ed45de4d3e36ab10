"""Sojourn, the solo time-travel card game. Its `Game` is in `game`, imported the first time the
rules are needed;
this module holds only what the registry lists without importing them."""

from __future__ import annotations

from companion.core import GameEntry

GAME_ID = "sojourn"
"""The game's id in save files and on the command line."""
TITLE = "Sojourn"
"""The game's name as printed on the box."""
ENTRY = GameEntry(GAME_ID, TITLE, rules="companion.sojourn.game:SOJOURN", position=1)
"""What the entry point `companion.games` names for Sojourn."""

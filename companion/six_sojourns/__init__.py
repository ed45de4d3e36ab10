"""Six Sojourns, the area-control game of one to four players. Its `Game` is in `game`, imported
the first time the rules are needed;
this module holds only what the registry lists without importing them."""

from __future__ import annotations

from companion.core import GameEntry

GAME_ID = "six-sojourns"
"""The game's id in save files and on the command line."""
TITLE = "Six Sojourns"
"""The game's name as printed on the box."""
ENTRY = GameEntry(GAME_ID, TITLE, rules="companion.six_sojourns.game:SIX_SOJOURNS", position=2)
"""What the entry point `companion.games` names for Six Sojourns."""

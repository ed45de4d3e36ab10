"""TIME Stories Revolution: Cavendish, the co-operative mission. Its `Game` is in `game`, imported
the first time the rules are needed;
this module holds only what the registry lists without importing them."""

from __future__ import annotations

from companion.core import GameEntry

GAME_ID = "cavendish"
"""The game's id in save files and on the command line."""
TITLE = "TIME Stories Revolution: Cavendish"
"""The game's name as printed on the box."""
ENTRY = GameEntry(GAME_ID, TITLE, rules="companion.cavendish.game:CAVENDISH", position=3)
"""What the entry point `companion.games` names for TIME Stories Revolution: Cavendish."""

"""Pebbles, a fifth game from a package of its own: the object its entry point of the group
`companion.games` names. Like the four games' packages, it imports no rules until they are
needed (they are in `pebbles.game`, its screens in `pebbles.screens`)."""

from __future__ import annotations

from companion.core import GameEntry

GAME_ID = "pebbles"
"""The game's id in save files and on the command line."""
TITLE = "Pebbles"
"""The game's name as the home screen lists it."""
ENTRY = GameEntry(GAME_ID, TITLE, rules="pebbles.game:PEBBLES", position=5)
"""What the entry point `companion.games` names: listed fifth, after the four games."""

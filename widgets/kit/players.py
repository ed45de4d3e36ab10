"""Players remembered between games: the names last seated at each game, and every name typed
in a setup, offered back as a suggestion while a name is typed.

Kept in `settings.toml` as preferences: `players-<game>` (a list of names in seat order) and
`known-players` (most recent first).
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.suggester import Suggester, SuggestFromList

from companion.history.names import name_key
from saves.shared.settings import SettingsStore

KNOWN = "known-players"
MAX_KNOWN = 40
"""Names remembered at most: the oldest are forgotten first."""


def _names(value: list[object]) -> list[str]:
    """The usable names of a remembered list (a hand-edited file may hold anything)."""
    return [name.strip() for name in value if isinstance(name, str) and name.strip()]


def last_players(settings: SettingsStore, game_id: str) -> list[str]:
    """The players of the last game of this kind started, in seat order; none at first."""
    return _names(settings.preference(f"players-{game_id}", []))


def known_names(settings: SettingsStore) -> list[str]:
    """Every name typed in a setup, most recent first."""
    return _names(settings.preference(KNOWN, []))


def remember_players(settings: SettingsStore, game_id: str, names: Sequence[str]) -> bool:
    """Keep these players for the next game of this kind, and their names for any setup;
    False when the settings file could not be written (the game starts all the same)."""
    known = list(dict.fromkeys([*names, *known_names(settings)]))[:MAX_KNOWN]
    kept = settings.set_preference(KNOWN, known)
    return settings.set_preference(f"players-{game_id}", list(names)) and kept


def name_suggester(settings: SettingsStore) -> Suggester:
    """Completes one name from the names already typed in setups, whatever its case."""
    return SuggestFromList(known_names(settings), case_sensitive=False)


class NamesSuggester(Suggester):
    """Completes the last of several comma-separated names (`Ana, B` -> `Ana, Ben`) from the
    known names not already in the list."""

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.names = list(names)

    async def get_suggestion(self, value: str) -> str | None:
        before, comma, typing = value.rpartition(",")
        start = typing.lstrip()
        if not start:
            return None
        taken = {name_key(name) for name in before.split(",")}  # look-alikes are one player
        for name in self.names:
            folded = name_key(name)
            if folded.startswith(name_key(start)) and folded not in taken:
                return before + comma + typing[: len(typing) - len(start)] + name
        return None

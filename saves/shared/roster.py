"""The roster's colours: an optional named colour per player, kept in settings.toml
(`[preferences] player_colours`, name = colour).

A colour is only ever a help beside the name. Only the names in `COLOURS` count: a hand-edited
value that is not one of them is ignored and reported (`Colours.ignored`), and stays in the file
as it was; a change to another player's colour leaves it there too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from companion.history.names import name_key
from companion.history.plays import Play
from companion.history.stats import identity
from companion.phrases import phrase
from saves.history.plays import aliases, rename_player
from saves.shared.settings import SettingsStore

COLOURS = ("red", "orange", "yellow", "green", "teal", "blue", "purple", "pink", "brown", "grey")
"""The colours a player can have, by name: a fixed set, readable on dark and light themes."""

PLAYER_COLOURS = "player_colours"
"""The preference holding player name -> colour name."""


@dataclass(frozen=True)
class Colours:
    """The players' colours as read from the settings."""

    chosen: Mapping[str, str] = field(default_factory=dict)
    """Player name -> a name from `COLOURS`."""
    ignored: tuple[str, ...] = ()
    """What was not used, in words (a player whose colour is not known, a table that is not one)."""


def known_colour(value: object) -> str | None:
    """The colour name `value` spells (any case, spaces around), or None when it is none of them."""
    if not isinstance(value, str):
        return None
    name = value.strip().casefold()
    return name if name in COLOURS else None


def player_colours(settings: SettingsStore) -> Colours:
    """The players' colours; an unknown colour or a value that is not a table is left out and
    named in `ignored` (the file is not changed)."""
    stored = settings.stored_preference(PLAYER_COLOURS)
    if stored is None:
        return Colours()
    if not isinstance(stored, dict):
        return Colours(ignored=(phrase("{key} is not a table", key=PLAYER_COLOURS),))
    chosen: dict[str, str] = {}
    ignored: list[str] = []
    for name, value in stored.items():
        colour = known_colour(value)
        if colour is None:
            ignored.append(f"{name} = {value!r}")
        else:
            chosen[name] = colour
    return Colours(chosen, tuple(ignored))


def _stored_table(settings: SettingsStore) -> dict[str, object]:
    stored = settings.stored_preference(PLAYER_COLOURS)
    return dict(stored) if isinstance(stored, dict) else {}


def set_colour(settings: SettingsStore, name: str, colour: str | None) -> bool:
    """Give `name` a colour from `COLOURS` (None: no colour); False when it cannot be saved."""
    if colour is not None and colour not in COLOURS:
        raise ValueError(phrase("not a player colour: {colour}", colour=repr(colour)))
    table = _stored_table(settings)
    if colour is None:
        table.pop(name, None)
    else:
        table[name] = colour
    return settings.set_preference(PLAYER_COLOURS, table)


def rename_keeping_colour(
    settings: SettingsStore, old: str, new: str, plays: Sequence[Play] = ()
) -> bool:
    """Rename `old` (`saves.history.plays.rename_player`); the player they become keeps their
    colour, or
    takes `old`'s when they have none. False when the rename cannot be saved (a colour that
    cannot be saved after the rename is said by the settings' `report`); RuleError when `old`
    and `new` played one of `plays` together (nothing is changed)."""
    colours = player_colours(settings).chosen
    if not rename_player(settings, old, new, plays):
        return False
    renames = {name_key(k): v for k, v in aliases(settings).items()}
    target = identity(renames.get(name_key(old), old), renames)
    if target != old and old in colours:
        table = _stored_table(settings)
        del table[old]
        if target not in colours:
            table[target] = colours[old]
        settings.set_preference(PLAYER_COLOURS, table)
    return True

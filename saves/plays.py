"""Plays gathered from the saved games (through the listing cache), and renamed players.

The saves are the one source of truth: plays are read from the listing's entries, and a rename
is an alias kept in settings.toml (`[preferences] player_aliases`), applied when the plays are
read; no save file is ever changed by it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.plays import Play
from companion.registry import CATALOGUE
from companion.stats import Filter, canonical, renamed, select
from companion.stats_report import play_rows, rows_csv, stats_json
from saves.listing import SaveEntry, UnreadableSave
from saves.recorded import recorded_plays
from saves.settings import SettingsStore
from saves.store import SaveStore

ALIASES = "player_aliases"
"""The preference holding old name -> new name."""


def plays_of(entries: list[SaveEntry]) -> list[Play]:
    """The plays of listed games (entries without facts are skipped)."""
    return [
        Play(entry.id, entry.game_id, entry.created or entry.updated, entry.updated, entry.facts)
        for entry in entries
        if entry.facts is not None
    ]


def aliases(settings: SettingsStore) -> dict[str, str]:
    """Old name -> new name, as remembered; entries that are not two names are ignored."""
    raw: dict[str, Any] = settings.preference(ALIASES, {})
    return {k: v for k, v in raw.items() if isinstance(v, str) and v.strip() and k != v}


def rename_player(settings: SettingsStore, old: str, new: str) -> bool:
    """Count `old` as `new` from now on (their histories merge); False when it cannot be saved.

    Names that pointed to `old` follow it; renaming back to an earlier name undoes the alias.
    """
    new = " ".join(new.split())
    table = aliases(settings)
    if canonical(new, table) == old:  # a name renamed back to one it had
        table.pop(new, None)
    target = canonical(new, table)
    table = {k: (target if canonical(v, table) == old else v) for k, v in table.items()}
    table.pop(target, None)
    if old != target:
        table[old] = target
    return settings.set_preference(ALIASES, table)


def gather(store: SaveStore, settings: SettingsStore) -> tuple[list[Play], list[UnreadableSave]]:
    """Every readable game's play under the players' current names, and the unreadable files."""
    entries, unreadable = store.listing()
    recorded, unusable = recorded_plays(store.home)  # plays typed in or imported (bgstats)
    return renamed(plays_of(entries) + recorded, aliases(settings)), unreadable + unusable


def stats_data(plays: list[Play], keep: Filter) -> dict[str, Any]:
    """`companion stats --json`: the figures of the plays the filter keeps; with a player
    filter, that player's own line only."""
    data = stats_json(select(plays, keep))
    if keep.player is not None:
        data["players"] = {n: v for n, v in data["players"].items() if n == keep.player}
    return data


def plays_output(home: Path, form: str) -> str:
    """What `companion plays --format csv|json` prints: one row per player per finished play."""
    plays, _unreadable = gather(SaveStore(home), SettingsStore(home))
    rows = play_rows(plays, dict(CATALOGUE))
    return rows_csv(rows) if form == "csv" else json.dumps(rows, indent=2) + "\n"

"""Plays gathered from the saved games (through the listing cache), players' identities and
renames, and the time zone the statistics date plays in.

The saves are the one source of truth: plays are read from the listing's entries, and a rename
is an alias kept in settings.toml (`[preferences] player_aliases`), applied when the plays are
read; no save file is ever changed by it (names inside saved actions are never rewritten, so old
saves replay as they were).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import tzinfo
from typing import Any

from companion.core import Game, RuleError
from companion.dates import parse_zone
from companion.history.names import name_key, tidy
from companion.history.plays import Play, app_play
from companion.history.report import stats_json
from companion.history.stats import (
    Filter,
    identity,
    renamed,
    same_player,
    same_player_twice,
    select,
)
from companion.phrases import phrase
from saves.games.store import SaveStore
from saves.history.recorded import recorded_plays
from saves.listing.cache import SaveEntry, UnreadableSave
from saves.shared.settings import SettingsStore

ALIASES = "player_aliases"
"""The preference holding old name -> new name."""
TIME_ZONE = "time_zone"
"""The preference naming the zone every date is shown in (empty: where each game was played)."""


def plays_of(entries: list[SaveEntry]) -> list[Play]:
    """The plays of listed games (entries without facts are skipped)."""
    return [
        app_play(
            entry.id,
            entry.game_id,
            entry.created or entry.updated,
            entry.updated,
            entry.facts,
            entry.utc_offset,
            typed=entry.typed_minutes,
            active=entry.active_seconds,
        )
        for entry in entries
        if entry.facts is not None
    ]


def aliases(settings: SettingsStore) -> dict[str, str]:
    """Old name -> new name, as remembered, both in their tidy spelling (`names.tidy`; they are
    compared by `names.name_key`). An entry that only changes the spelling ("cy" = "Cy")
    chooses how one player is shown; entries that change nothing are ignored."""
    raw: dict[str, Any] = settings.preference(ALIASES, {})
    table = {tidy(k): tidy(v) for k, v in raw.items() if isinstance(v, str) and tidy(v)}
    return {k: v for k, v in table.items() if k != v}


def _without(table: dict[str, str], name: str) -> dict[str, str]:
    return {k: v for k, v in table.items() if name_key(k) != name_key(name)}


def time_zone(settings: SettingsStore) -> tuple[tzinfo | None, str | None]:
    """The zone chosen in the settings (None: each play where it was played), and why a value
    there is not used (it is then ignored and left in the file)."""
    raw = settings.preference(TIME_ZONE, "")
    if not isinstance(raw, str):
        return None, phrase("{key} is not text (ignored)", key=TIME_ZONE)
    try:
        return parse_zone(raw), None
    except ValueError as error:
        return None, phrase("{key}: {problem} (ignored)", key=TIME_ZONE, problem=error)


def set_time_zone(settings: SettingsStore, text: str) -> bool:
    """Show every date in this zone from now on (empty: where each game was played); ValueError
    for a zone that is not one, False when it cannot be saved."""
    parse_zone(text)
    return settings.set_preference(TIME_ZONE, text.strip())


def rename_refusal(plays: Iterable[Play], old: str, new: str, table: dict[str, str]) -> str | None:
    """Why `old` cannot be counted as `new`, or None: renaming into a player who sat at one of
    the same games would make one player of two seats (a score and a win credited wrongly)."""
    target = identity(new, table)
    if same_player(target, old):
        return None
    for play in plays:
        seated = {name_key(name) for name in play.facts.players}
        if name_key(old) in seated and name_key(target) in seated:
            return phrase(
                "{old} and {new} both played the game saved as {id}: "
                "two players of one game cannot be one player.",
                old=old,
                new=target,
                id=play.save_id,
            )
    return None


def rename_player(settings: SettingsStore, old: str, new: str, plays: Sequence[Play] = ()) -> bool:
    """Count `old` as `new` from now on (their histories merge); False when it cannot be saved.
    RuleError (nothing saved) when `new` is a player who played one of `plays` with `old`.

    Names that pointed to `old` follow it; renaming back to an earlier name undoes the alias."""
    new = tidy(new)
    table = aliases(settings)
    refusal = rename_refusal(plays, old, new, table)
    if refusal:
        raise RuleError(refusal)
    if same_player(new, old, table):  # a name renamed back to one it had
        table = _without(table, new)
    target = identity(new, table)
    table = {k: (target if same_player(v, old, table) else v) for k, v in table.items()}
    table = _without(table, target)
    if old != target:  # another player, or another spelling of this one
        table = _without(table, old) | {old: target}
    return settings.set_preference(ALIASES, table)


def setup_refusal(game: Game[Any, Any], setup: Any, settings: SettingsStore) -> str | None:
    """Why a setup cannot start, by the players' identities, or None: two of its names are one
    player (`names.name_key`: case, Unicode form, invisible characters; or one renamed into
    the other). The players are read
    through the game's own facts, so every game's setup is checked the same way."""
    try:
        players = game.facts_at(setup, game.start(setup), ()).players
    except RuleError:
        return None  # the rules refuse it themselves, in their own words
    return same_player_twice(players, aliases(settings))


def gather(store: SaveStore, settings: SettingsStore) -> tuple[list[Play], list[UnreadableSave]]:
    """Every readable game's play under the players' identities, and the unreadable files."""
    entries, unreadable = store.listing()
    recorded, unusable = recorded_plays(store.home)  # plays typed in or imported (bgstats)
    return renamed(plays_of(entries) + recorded, aliases(settings)), unreadable + unusable


def stats_data(plays: list[Play], keep: Filter) -> dict[str, Any]:
    """`companion stats --json`: the figures of the plays the filter keeps; with a player
    filter, that player's own line only."""
    data = stats_json(select(plays, keep), keep.zone)
    if keep.player is not None:
        wanted = name_key(keep.player)
        data["players"] = {n: v for n, v in data["players"].items() if name_key(n) == wanted}
    return data

"""BG Stats' play file, written from our plays (read back in `companion.history.bgstats_import`).

The fields are those public material shows BG Stats' files with (never one of our own): the
tables `about`, `userInfo` (`meRefId`), `players`, `locations`, `games` and `plays`; a play's
`uuid`, `entryDate`, `modificationDate`, `playDate`, `durationMin`, `manualWinner`,
`gameRefId`, `locationRefId`, `playerScores` (`playerRefId`, `score` as text, `winner`,
`startPlayer`, `newPlayer`, `rank`, `seatOrder`, `role`) and `expansionPlays` (`gameRefId`,
`bggId`), and a game's `cooperative`, `highestWins`, `noPoints` and `bggId`.
Sources, and the sample they give, are in tests/data/bgstats/ and docs/bgstats.md.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from companion.core import Facts
from companion.history.details import PlayDetails, expansions_of
from companion.history.names import name_key
from companion.history.plays import Play
from companion.registry import get_game

ABOUT = "A play file for Board Game Stats (BG Stats), written by Table Companion."
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"
"""BG Stats' `playDate`: local time, no offset ("2020-10-23 19:16:58")."""
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://table-companion.invalid/bgstats")
"""The namespace of every uuid we derive: the same save id gives the same uuid at each export."""


def play_uuid(save_id: str) -> str:
    """The uuid of a play, from its save id (upper case, as BG Stats writes them)."""
    return str(uuid.uuid5(NAMESPACE, f"play:{save_id}")).upper()


def _uuid(kind: str, name: str) -> str:
    return str(uuid.uuid5(NAMESPACE, f"{kind}:{name}")).upper()


@dataclass(frozen=True)
class Exported:
    """One play to export: what the statistics know, its details, its uuid and its dates."""

    play: Play
    details: PlayDetails
    uuid: str
    """BG Stats' own uuid for a play imported from it, exactly as it came; else ours."""
    entered: datetime
    """When the play was entered: set up in the app, or typed in (imported)."""
    modified: datetime
    """When it last changed: its last action (`Play.ended`), or when it was typed in."""
    seated: bool = False
    """The players are in seat order (a game played in the app); a typed-in play's order is not
    known to be the table's."""
    player_sources: Mapping[str, str] = field(default_factory=dict)
    """An imported play's players' BG Stats uuids, by name, exactly as they came."""


def local_text(moment: datetime) -> str:
    """A moment as BG Stats writes dates in its file: local time, no offset."""
    return moment.astimezone().strftime(DATE_FORMAT)


def player_uuid(name: str, sources: Mapping[str, str]) -> str:
    """A player's uuid: BG Stats' own when the player came from it, else ours from the name."""
    return sources.get(name) or _uuid("player", name_key(name))


def manual_winner(facts: Facts) -> bool:
    """BG Stats' `manualWinner`: the winners are not simply those with the best score (a tie
    broken by the rules, a winner-only play). Never for a co-op group, which wins together."""
    if facts.cooperative or not facts.winners:
        return False
    if not facts.scores:
        return True
    values = facts.scores.values()
    best = min(values) if facts.lower_is_better else max(values)
    return set(facts.winners) != {name for name, points in facts.scores.items() if points == best}


def play_file(items: Sequence[Exported], me: str = "") -> dict[str, Any]:
    """The play file of these plays (BG Stats opens it and matches games and players); `me` is
    the player the file's owner is (`userInfo.meRefId`; 0 when not said or not among them)."""
    players: dict[str, dict[str, Any]] = {}
    locations: dict[str, dict[str, Any]] = {}
    games: dict[str, dict[str, Any]] = {}

    def ref(table: dict[str, dict[str, Any]], key: str, entry: dict[str, Any]) -> int:
        if key not in table:
            table[key] = {"id": len(table) + 1, **entry}
        return int(table[key]["id"])

    known: dict[str, str] = {}  # a player's BG Stats uuid from any imported play: theirs
    for item in items:
        for name, source in item.player_sources.items():
            known.setdefault(name_key(name), source)
    plays = []
    for item in items:
        game_id, co_op = item.play.game_id, in_co_op_mode(item.play)
        key = f"{game_id}:co-op" if co_op else game_id
        game_ref = ref(games, key, game_entry(game_id, co_op))
        plays.append(_play(item, game_ref, (players, locations, games), ref, known))
    mine = players.get(name_key(me)) if me else None
    return {
        "about": ABOUT,
        "userInfo": {"meRefId": mine["id"] if mine else 0},
        "players": list(players.values()),
        "locations": list(locations.values()),
        "games": list(games.values()),
        "plays": plays,
    }


def written_name(game_id: str) -> str:
    """The name a game's plays are written under: its title (its id when it is not installed)."""
    game = get_game(game_id)
    return game.title if game is not None else game_id


CO_OP_MARK = " (co-op)"
"""After a game's name, the entry of its co-op mode (BG Stats keeps a game either co-op or
not, so a game with both modes is two entries, as BG Stats users keep them)."""


def in_co_op_mode(play: Play) -> bool:
    """A co-op play of a game whose recorded plays are competitive (Time Bastards' co-op
    game): written under the game's co-op entry, so it comes back co-op, never a duel."""
    game = get_game(play.game_id)
    rules = game.recorded if game is not None else None
    return play.facts.cooperative and rules is not None and not rules.cooperative


def game_entry(game_id: str, co_op: bool = False) -> dict[str, Any]:
    """A game as BG Stats describes one: its name, BoardGameGeek id and how it is won (`co_op`:
    its co-op mode's entry, `in_co_op_mode`)."""
    game = get_game(game_id)
    rules = game.recorded if game is not None else None
    return {
        "uuid": _uuid("game", f"{game_id}:co-op" if co_op else game_id),
        "name": written_name(game_id) + (CO_OP_MARK if co_op else ""),
        "bggId": game.bgg_id if game is not None else 0,
        "cooperative": co_op or bool(rules and rules.cooperative),
        "highestWins": not (rules and rules.lower_is_better),
        "noPoints": bool(rules and not rules.scored),
        "usesTeams": False,
        "isBaseGame": 1,
        "isExpansion": 0,
    }


def _expansion(game_id: str, expansion: str) -> dict[str, Any]:
    name = f"{written_name(game_id)}: {expansions_of(game_id)[expansion]}"
    base = game_entry(game_id)
    return {**base, "uuid": _uuid("expansion", name), "name": name, "bggId": 0,
            "isBaseGame": 0, "isExpansion": 1}  # fmt: skip


def _play(
    item: Exported, game_ref: int, tables: Any, ref: Any, known: Mapping[str, str]
) -> dict[str, Any]:
    """One play's entry; `tables` are the file's players, locations and games being built."""
    players, locations, games = tables
    play, details = item.play, item.details
    facts = play.facts
    scores = []
    for seat, name in enumerate(facts.players, start=1):
        points = facts.scores.get(name)
        player = {
            "uuid": known.get(name_key(name)) or player_uuid(name, {}),
            "name": name,
            "isAnonymous": False,
        }
        scores.append(
            {
                "playerRefId": ref(players, name_key(name), player),
                "score": "" if points is None else str(points),
                "winner": name in facts.winners,
                "startPlayer": name == details.start_player,
                "newPlayer": False,
                "rank": 0,
                "seatOrder": seat if item.seated else 0,
                "role": "",
            }
        )
    entry: dict[str, Any] = {
        "uuid": item.uuid,
        "entryDate": local_text(item.entered),
        "modificationDate": local_text(item.modified),
        "playDate": local_text(play.started),
        "durationMin": details.minutes or 0,
        "ignored": False,
        "manualWinner": manual_winner(facts),
        "usesTeams": False,
        "gameRefId": game_ref,
        "playerScores": scores,
    }
    if details.location:
        location = {"uuid": _uuid("location", details.location), "name": details.location}
        entry["locationRefId"] = ref(locations, details.location, location)
    if details.expansions:
        entry["expansionPlays"] = [
            {
                "gameRefId": ref(games, f"{play.game_id}:{e}", _expansion(play.game_id, e)),
                "bggId": 0,
            }
            for e in details.expansions
        ]
    if details.notes:
        entry["comments"] = details.notes
    return entry

"""BG Stats' play file, written from our plays and read back as recorded plays.

The fields are those public material shows BG Stats' files with (never one of our own): the
tables `about`, `players`, `locations`, `games` and `plays`; a play's `uuid`, `playDate`,
`durationMin`, `gameRefId`, `locationRefId`, `playerScores` (`playerRefId`, `score` as text,
`winner`, `startPlayer`, `newPlayer`, `rank`, `seatOrder`, `role`) and `expansionPlays`
(`gameRefId`, `bggId`), and a game's `cooperative`, `highestWins`, `noPoints` and `bggId`.
Sources, and the sample they give, are in tests/data/bgstats/ and docs/bgstats.md.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from companion.core import RuleError
from companion.history.details import PlayDetails, expansions_of, has_start_player
from companion.history.plays import Play
from companion.history.recorded import (
    RecordedPlay,
    check,
    recordable_games,
    recorded_game,
    same_name,
)
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
    """One play to export: what the statistics know, its details, and its uuid."""

    play: Play
    details: PlayDetails
    uuid: str


def play_file(items: Sequence[Exported]) -> dict[str, Any]:
    """The play file of these plays (BG Stats opens it and matches games and players)."""
    players: dict[str, dict[str, Any]] = {}
    locations: dict[str, dict[str, Any]] = {}
    games: dict[str, dict[str, Any]] = {}

    def ref(table: dict[str, dict[str, Any]], key: str, entry: dict[str, Any]) -> int:
        if key not in table:
            table[key] = {"id": len(table) + 1, **entry}
        return int(table[key]["id"])

    plays = []
    for item in items:
        game_id = item.play.game_id
        game_ref = ref(games, game_id, _game(game_id))
        plays.append(_play(item, game_ref, players, locations, games, ref))
    return {
        "about": ABOUT,
        "players": list(players.values()),
        "locations": list(locations.values()),
        "games": list(games.values()),
        "plays": plays,
    }


def _written_name(game_id: str) -> str:
    """The name a game's plays are written under: its title (its id when it is not installed)."""
    game = get_game(game_id)
    return game.title if game is not None else game_id


def _game(game_id: str) -> dict[str, Any]:
    game = get_game(game_id)
    rules = game.recorded if game is not None else None
    return {
        "uuid": _uuid("game", game_id),
        "name": _written_name(game_id),
        "bggId": game.bgg_id if game is not None else 0,
        "cooperative": bool(rules and rules.cooperative),
        "highestWins": not (rules and rules.lower_is_better),
        "noPoints": bool(rules and not rules.scored),
        "usesTeams": False,
        "isBaseGame": 1,
        "isExpansion": 0,
    }


def _expansion(game_id: str, expansion: str) -> dict[str, Any]:
    name = f"{_written_name(game_id)}: {expansions_of(game_id)[expansion]}"
    base = _game(game_id)
    return {**base, "uuid": _uuid("expansion", name), "name": name, "bggId": 0,
            "isBaseGame": 0, "isExpansion": 1}  # fmt: skip


def _play(item: Exported, game_ref: int, players: Any, locations: Any, games: Any, ref: Any) -> Any:
    play, details = item.play, item.details
    facts = play.facts
    scores = []
    for seat, name in enumerate(facts.players):
        points = facts.scores.get(name)
        scores.append(
            {
                "playerRefId": ref(players, name, _player(name)),
                "score": "" if points is None else str(points),
                "winner": name in facts.winners,
                "startPlayer": name == details.start_player,
                "newPlayer": False,
                "rank": 0,
                "seatOrder": seat,
                "role": "",
            }
        )
    entry: dict[str, Any] = {
        "uuid": item.uuid,
        "playDate": play.started.astimezone().strftime(DATE_FORMAT),
        "durationMin": details.minutes or 0,
        "ignored": False,
        "manualWinner": False,
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


def _player(name: str) -> dict[str, Any]:
    return {"uuid": _uuid("player", same_name(name)), "name": name, "isAnonymous": False}


@dataclass
class Imported:
    """What a play file gives: the plays of our games, and why the others were left out."""

    plays: list[RecordedPlay] = field(default_factory=list)
    skipped: dict[str, int] = field(default_factory=dict)
    """Reason -> how many plays it left out ("Catan: not one of the companion's games")."""

    def skip(self, reason: str) -> None:
        self.skipped[reason] = self.skipped.get(reason, 0) + 1


class FileProblem(Exception):
    """The file is not a BG Stats play file (said in one line)."""


def read_play_file(data: Any, imported_before: set[str]) -> Imported:
    """The plays of a parsed play file that are of our games and not imported before."""
    if not isinstance(data, dict) or not isinstance(data.get("plays"), list):
        raise FileProblem("not a BG Stats play file (no list of plays)")
    games = _table(data, "games")
    players = _table(data, "players")
    locations = _table(data, "locations")
    result = Imported()
    seen = set(imported_before)
    for raw in data["plays"]:
        if not isinstance(raw, dict) or not isinstance(raw.get("uuid"), str):
            result.skip("a play without a uuid")
            continue
        game = games.get(raw.get("gameRefId"), {})
        game_id = match_game(game)
        if game_id is None:
            result.skip(
                f"{str(game.get('name') or 'a game')[:60]}: not one of the companion's games"
            )
        elif raw["uuid"].upper() in seen:
            result.skip("already imported")
        elif raw.get("ignored") is True:
            result.skip("marked ignored in BG Stats")
        else:
            try:
                play = check(_recorded(raw, game_id, games, players, locations))
            except (RuleError, ValueError, TypeError) as error:
                result.skip(f"refused: {error}")
                continue
            result.plays.append(play)
            seen.add(play.source)
    return result


def _table(data: dict[str, Any], key: str) -> dict[Any, dict[str, Any]]:
    """A table of the file by its `id` (entries without one cannot be referred to)."""
    rows = data.get(key, [])
    if not isinstance(rows, list):
        raise FileProblem(f"'{key}' is not a list")
    return {row["id"]: row for row in rows if isinstance(row, dict) and type(row.get("id")) is int}


def match_game(game: Mapping[str, Any], bgg_ids: Mapping[str, int] | None = None) -> str | None:
    """Our game of a file's game entry, among those whose plays can be recorded: by its
    BoardGameGeek id where known (`Game.bgg_id`, or `bgg_ids` when given), else by its title or
    one of its `other_names`. None of the four games has a known id yet: each is written with
    `bggId` 0, as the public writers do for a game without one, and matched back by name."""
    ours = recordable_games()
    if bgg_ids is None:
        bgg_ids = {game_id: known.bgg_id for game_id, known in ours.items() if known.bgg_id}
    bgg_id = game.get("bggId")
    for game_id, known_id in bgg_ids.items():
        if type(bgg_id) is int and bgg_id == known_id:
            return game_id
    names = {same_name(str(game.get(key, ""))) for key in ("name", "bggName")} - {""}
    for game_id, known in ours.items():
        if names & {same_name(name) for name in (known.title, *known.other_names)}:
            return game_id
    return None


def _recorded(
    raw: dict[str, Any],
    game_id: str,
    games: dict[Any, dict[str, Any]],
    players: dict[Any, dict[str, Any]],
    locations: dict[Any, dict[str, Any]],
) -> RecordedPlay:
    rules = recorded_game(game_id)
    names, scores, winners, start = [], {}, [], ""
    for row in raw.get("playerScores") or []:
        player = players.get(row.get("playerRefId")) if isinstance(row, dict) else None
        if player is None or not isinstance(player.get("name"), str):
            raise ValueError("a player of the play is not in the file's players")
        name = player["name"]
        names.append(name)
        points = _points(row.get("score"))
        if points is not None and rules.scored:
            scores[name] = points
        if row.get("winner") is True:
            winners.append(name)
        if row.get("startPlayer") is True and has_start_player(game_id):
            start = name
    if not rules.cooperative and names and not winners:
        raise ValueError("no winner marked (a Time Bastards co-op play lost, or a play unended)")
    outcome = ""
    if rules.cooperative:
        outcome = rules.outcomes[0] if winners else rules.outcomes[1]
        if outcome != rules.outcomes[0]:
            scores = {}
    location = locations.get(raw.get("locationRefId"), {}).get("name", "")
    minutes = raw.get("durationMin")
    details = PlayDetails(
        location=location if isinstance(location, str) else "",
        start_player=start if len(names) > 1 else "",
        minutes=minutes if type(minutes) is int and minutes > 0 else None,
        expansions=_expansions(raw, game_id, games),
        notes=notes if isinstance(notes := raw.get("comments"), str) else "",
    )
    played = datetime.strptime(str(raw.get("playDate")), DATE_FORMAT).astimezone()
    return RecordedPlay(
        game_id, played, tuple(names), scores, tuple(winners), outcome, details, raw["uuid"].upper()
    )


def _points(score: Any) -> int | None:
    """A score as BG Stats writes it (text, sometimes a number); "" is no score."""
    if score is None or score == "":
        return None
    value = float(score)
    if not value.is_integer():
        raise ValueError(f"a score of {score} is not a whole number")
    return int(value)


def _expansions(
    raw: dict[str, Any], game_id: str, games: dict[Any, dict[str, Any]]
) -> tuple[str, ...]:
    """Our expansion ids of a play's `expansionPlays` (by name, with or without the game's)."""
    known = {same_name(name): key for key, name in expansions_of(game_id).items()}
    found = []
    for row in raw.get("expansionPlays") or []:
        name = (
            str(games.get(row.get("gameRefId"), {}).get("name", ""))
            if isinstance(row, dict)
            else ""
        )
        short = same_name(name.rpartition(":")[2].strip())
        if short not in known:
            raise ValueError(f"expansion '{name[:60]}' is not one the companion knows")
        found.append(known[short])
    return tuple(dict.fromkeys(found))

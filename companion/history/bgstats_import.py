"""BG Stats files read as recorded plays: a shared play or a whole export, as BG Stats writes them.

A play comes in as BG Stats shows it wherever our rules can hold it: a score typed as a sum is
its total, `null` or `""` scores make a winner-only play, a co-op play with every score 0 (how
iOS writes "no score") or scores our rules cannot give is read without scores (its winners
kept, and the import says why), and a co-op play with no winner marked is lost (failed). The
only plays left out are those our rules cannot hold (too many players, an expansion we do not
know) and those of other games, each with its reason in words. uuids are kept as they come.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from companion.core import RuleError
from companion.dates import FIRST_YEAR, LAST_YEAR, with_zone
from companion.history.bgstats import ABOUT, CO_OP_MARK, DATE_FORMAT
from companion.history.bgstats_scores import NotAScore, score_of
from companion.history.details import MAX_MINUTES, PlayDetails, expansions_of, has_start_player
from companion.history.names import name_key
from companion.history.recorded import (
    MAX_SCORE,
    RecordedGame,
    RecordedPlay,
    check,
    co_op_mode,
    recordable_games,
    recorded_game,
)
from companion.phrases import phrase

Table = dict[int, dict[str, Any]]


@dataclass
class Imported:
    """What a play file gives: the plays of our games, and why the others were left out."""

    plays: list[RecordedPlay] = field(default_factory=list)
    skipped: dict[str, int] = field(default_factory=dict)
    """Reason -> how many plays it left out ("Catan: not one of the companion's games")."""
    unscored: dict[str, int] = field(default_factory=dict)
    """What was left out and why -> how many plays came in so ("without scores: ..."); their
    winners are kept."""
    stopped: str = ""
    """Why the plays stopped being written (a full disk), in words; "" when all were."""

    def skip(self, reason: str) -> None:
        self.skipped[reason] = self.skipped.get(reason, 0) + 1

    def note(self, reason: str) -> None:
        self.unscored[reason] = self.unscored.get(reason, 0) + 1


class FileProblem(Exception):
    """The file is not a BG Stats play file (said in one line)."""


def read_play_file(data: Any, imported_before: set[str]) -> Imported:
    """The plays of a parsed play file that are of our games and not imported before (uuids
    compared in any case: BG Stats writes them in upper case on iOS, lower on Android)."""
    if not isinstance(data, dict) or not isinstance(data.get("plays"), list):
        raise FileProblem(phrase("not a BG Stats play file (no list of plays)"))
    games = _table(data, "games")
    players = _table(data, "players")
    locations = _table(data, "locations")
    result = Imported()
    ours = data.get("about") == ABOUT  # our own file: a co-op score of 0 is a real 0
    seen = {source.upper() for source in imported_before}
    matched: dict[Any, str | None] = {}  # a file's game -> ours, matched once per file
    for raw in data["plays"]:
        if not isinstance(raw, dict) or not isinstance(raw.get("uuid"), str) or not raw["uuid"]:
            result.skip(phrase("a play without a uuid"))
            continue
        game = _row(games, raw.get("gameRefId"))
        key = raw.get("gameRefId") if game else 0  # not a game of the file: none of ours
        if key not in matched:
            matched[key] = match_game(game)
        game_id = matched[key]
        if game_id is None:
            name = game.get("name")
            named = name[:60] if isinstance(name, str) and name else phrase("a game")
            result.skip(phrase("{game}: not one of the companion's games", game=named))
        elif raw["uuid"].upper() in seen:
            result.skip(phrase("already imported"))
        elif raw.get("ignored") is True:
            result.skip(phrase("marked ignored in BG Stats"))
        else:
            try:
                play, notes = _recorded(raw, game_id, game, (games, players, locations), ours)
                play = check(play)
            except RuleError as error:
                result.skip(phrase("refused: {reason}", reason=error))
                continue
            for note in notes:
                result.note(note)
            result.plays.append(play)
            seen.add(play.source.upper())
    return result


def _table(data: dict[str, Any], key: str) -> Table:
    """A table of the file by its `id` (entries without one cannot be referred to)."""
    rows = data.get(key, [])
    if not isinstance(rows, list):
        raise FileProblem(phrase("'{key}' is not a list", key=key))
    return {row["id"]: row for row in rows if isinstance(row, dict) and type(row.get("id")) is int}


def _row(table: Table, ref: Any) -> dict[str, Any]:
    """The entry a `...RefId` names; an empty one when it names none (or is not a number)."""
    return table.get(ref, {}) if type(ref) is int else {}


def match_game(game: Mapping[str, Any], bgg_ids: Mapping[str, int] | None = None) -> str | None:
    """Our game of a file's game entry, among those whose plays can be recorded: by its
    BoardGameGeek id where known (`Game.bgg_id`, or `bgg_ids` when given), else by its title or
    one of its `other_names`, in any case."""
    ours = recordable_games()
    if bgg_ids is None:
        bgg_ids = {game_id: known.bgg_id for game_id, known in ours.items() if known.bgg_id}
    bgg_id = game.get("bggId")
    for game_id, known_id in bgg_ids.items():
        if type(bgg_id) is int and bgg_id == known_id:
            return game_id
    names = {
        name_key(name.removesuffix(CO_OP_MARK))
        for key in ("name", "bggName")
        if isinstance(name := game.get(key), str)
    }
    names.discard("")
    for game_id, known in ours.items():
        if names & {name_key(name) for name in (known.title, *known.other_names)}:
            return game_id
    return None


def _recorded(
    raw: dict[str, Any],
    game_id: str,
    game: Mapping[str, Any],
    tables: tuple[Table, Table, Table],
    ours: bool,
) -> tuple[RecordedPlay, list[str]]:
    """The recorded play a BG Stats play makes, and what it came in without (and why); the
    file's games, players and locations tables."""
    games, players, locations = tables
    rules = recorded_game(game_id)
    co_op = game.get("cooperative") is True and not rules.cooperative  # its co-op mode
    rules = co_op_mode(rules) if co_op else rules
    rows = raw.get("playerScores") or []
    if not isinstance(rows, list):
        raise RuleError(phrase("its players are not a list"))
    names: list[str] = []
    typed: list[Any] = []
    winners: list[str] = []
    sources: dict[str, str] = {}
    start = ""
    for row in rows:
        player = _row(players, row.get("playerRefId")) if isinstance(row, dict) else {}
        name = player.get("name")
        if not isinstance(name, str):
            raise RuleError(phrase("a player of the play is not in the file's players"))
        names.append(name)
        typed.append(row.get("score"))
        if isinstance(uuid := player.get("uuid"), str) and uuid:
            sources[name] = uuid
        if row.get("winner") is True:
            winners.append(name)
        if row.get("startPlayer") is True and has_start_player(game_id):
            start = name
    notes: list[str] = []
    scores, why = _scores(rules, names, typed, winners, game.get("noPoints") is True, ours)
    if why:
        notes.append(phrase("without scores: {why}", why=why))
    outcome = ""
    if rules.cooperative:
        outcome = rules.outcomes[0] if winners else rules.outcomes[1]
        winners = list(names) if winners else []
    minutes = raw.get("durationMin")
    if type(minutes) is not int or minutes <= 0:
        minutes = None
    elif minutes > MAX_MINUTES:
        notes.append(
            phrase("without its duration: {minutes} minutes is over a week", minutes=str(minutes))
        )
        minutes = None
    location = _row(locations, raw.get("locationRefId")).get("name")
    details = PlayDetails(
        location=location if isinstance(location, str) else "",
        start_player=start if len(names) > 1 else "",
        minutes=minutes,
        expansions=_expansions(raw, game_id, games),
        notes=notes_text if isinstance(notes_text := raw.get("comments"), str) else "",
    )
    play = RecordedPlay(
        game_id,
        _played(raw.get("playDate")),
        tuple(names),
        scores,
        tuple(winners),
        outcome,
        details,
        raw["uuid"],
        sources,
        co_op,
    )
    return play, notes


def _scores(
    rules: RecordedGame,
    names: Sequence[str],
    typed: Sequence[Any],
    winners: Sequence[str],
    no_points: bool,
    zero_is_a_score: bool,
) -> tuple[dict[str, int], str]:
    """The play's scores, or none with the reason they cannot be ours ("" when there is none
    to give: a winner-only play, a game without points). A co-op play's 0s are BG Stats' way
    of writing no score, except in a file we wrote (`zero_is_a_score`)."""
    if not rules.scored or no_points:
        return {}, ""
    points: dict[str, int | None] = {}
    for name, raw in zip(names, typed, strict=True):
        try:
            points[name] = score_of(raw)
        except NotAScore as problem:
            return {}, problem.args[0]
    given = {name: value for name, value in points.items() if value is not None}
    if not given:
        return {}, ""
    if len(given) < len(points):
        return {}, phrase("not every player has a score")
    values = set(given.values())
    if rules.cooperative:
        if not winners and not rules.lost_scored:
            return {}, ""  # a lost co-op play has no score; BG Stats writes 0s there
        if values == {0} and not zero_is_a_score:
            return {}, phrase("every score is 0 on a co-op play, BG Stats' way of writing none")
        if len(values) > 1:
            return {}, phrase(
                "the scores differ, and {game} has one for the whole group", game=rules.title
            )
    if not all(0 <= value <= MAX_SCORE for value in values):
        return {}, phrase(
            "a score below 0 or over {most} is none of {game}'s",
            most=str(MAX_SCORE),
            game=rules.title,
        )
    if rules.cooperative:
        return given, ""
    if not winners:
        return {}, phrase(
            "no winner is marked, and in {game} the best score wins", game=rules.title
        )
    best = min(values) if rules.lower_is_better else max(values)
    behind = [name for name in winners if given[name] != best]
    if behind:
        return {}, phrase(
            "{player} is marked winner with {score}, but the best score in {game} wins ({best})",
            player=behind[0],
            score=str(given[behind[0]]),
            game=rules.title,
            best=str(best),
        )
    return given, ""


def _played(text: Any) -> datetime:
    """When a play started: BG Stats' `playDate`, local time ("2020-10-23 19:16:58")."""
    try:
        if isinstance(text, str) and len(text) == 19 and text[10] == " " and text.isascii():
            moment = datetime.fromisoformat(text)  # BG Stats' one shape, read at C speed
        else:
            moment = datetime.strptime(str(text), DATE_FORMAT)
        if moment.tzinfo is not None:
            raise ValueError("an offset is not BG Stats' shape")
    except ValueError:
        raise RuleError(
            phrase("its date '{date}' is not a date and time", date=str(text)[:30])
        ) from None
    try:
        return with_zone(moment)  # local time, bounded as every date is
    except ValueError:
        day = moment.date().isoformat()
        raise RuleError(
            phrase(
                "its date {day} is outside {first} to {last}",
                day=day,
                first=str(FIRST_YEAR),
                last=str(LAST_YEAR),
            )
        ) from None


def _expansions(raw: dict[str, Any], game_id: str, games: Table) -> tuple[str, ...]:
    """Our expansion ids of a play's `expansionPlays` (by name, with or without the game's)."""
    known = {name_key(name): key for key, name in expansions_of(game_id).items()}
    rows = raw.get("expansionPlays") or []
    if not isinstance(rows, list):
        raise RuleError(phrase("its expansions are not a list"))
    found = []
    for row in rows:
        name = _row(games, row.get("gameRefId")).get("name") if isinstance(row, dict) else None
        name = name if isinstance(name, str) else ""
        short = name_key(name.rpartition(":")[2].strip())
        if short not in known:
            raise RuleError(
                phrase("expansion '{name}' is not one the companion knows", name=name[:60])
            )
        found.append(known[short])
    return tuple(dict.fromkeys(found))

"""A play played without the app: typed in afterwards (or imported from BG Stats), checked by the
rules of its game where they apply, and counted by the statistics like any play.

Only what the rules say about a result is checked: how many play, who may win with which score,
or how a co-op or solo play may end (each game's `Game.recorded`, given in its own package).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from datetime import datetime
from typing import Any

from companion.core import Facts, Game, PlayShape, RuleError
from companion.dates import FIRST_YEAR, LAST_YEAR, in_bounds, with_zone
from companion.history.details import PlayDetails, checked, one_line
from companion.history.names import name_key, tidy
from companion.history.plays import Play
from companion.history.timing import play_end, play_minutes
from companion.phrases import phrase
from companion.registry import catalogue, get_game

MAX_NAME = 40
MAX_SCORE = 9999


@dataclass(frozen=True, kw_only=True)
class RecordedGame(PlayShape):
    """What the rules of one game say about a recorded result: the shape of its result (the
    game's `Game.recorded`), its title and how many play."""

    title: str
    min_players: int
    max_players: int
    lost_scored: bool = False
    """A lost co-op play keeps the group's score (a competitive game's co-op mode, where the
    team's total stands whatever the end, as the app's own plays of it have)."""


COOP_OUTCOMES = ("won", "lost")
"""How a competitive game's co-op mode ends (`co_op_mode`)."""


def co_op_mode(rules: RecordedGame) -> RecordedGame:
    """The rules of a competitive game played in its co-op mode (BG Stats: a game entry marked
    cooperative): the group wins or loses together, with one score for the group, won or lost.
    A play of it is still a finished play of the game, as the app's own co-op plays are."""
    if rules.cooperative:
        return rules
    return replace(
        rules,
        cooperative=True,
        outcomes=COOP_OUTCOMES,
        statuses=dict.fromkeys(COOP_OUTCOMES, "finished"),
        lost_scored=True,
    )


def recordable_games() -> dict[str, Game[Any, Any]]:
    """Every game whose plays can be recorded (it has `Game.recorded`), in listing order; this
    imports every game's rules. A game without it is only ever played in the app."""
    found = {game_id: get_game(game_id) for game_id, _title in catalogue()}
    return {
        game_id: game
        for game_id, game in found.items()
        if game is not None and game.recorded is not None
    }


def _rules_of(game: Game[Any, Any], shape: PlayShape) -> RecordedGame:
    return RecordedGame(
        **{part.name: getattr(shape, part.name) for part in fields(PlayShape)},
        title=game.title,
        min_players=game.min_players,
        max_players=game.max_players,
    )


_MADE: dict[str, tuple[Game[Any, Any], RecordedGame]] = {}
"""Game id -> the game and the rules made of it (100,000 imported plays are checked by a few
games' rules); made again when the registry holds another game under the id."""


def recorded_game(game_id: str) -> RecordedGame:
    """The rules a recorded play of this game is checked by (the game's rules imported on first
    use); `RuleError` for an id that is no game whose plays can be recorded."""
    game = get_game(game_id)
    if game is None or game.recorded is None:
        raise RuleError(phrase("'{game}' is not a game of the companion.", game=game_id))
    made = _MADE.get(game_id)
    if made is None or made[0] is not game:
        made = _MADE[game_id] = game, _rules_of(game, game.recorded)
    return made[1]


def recorded_games() -> dict[str, RecordedGame]:
    """The rules of every game whose plays can be recorded, in listing order."""
    return {game_id: recorded_game(game_id) for game_id in recordable_games()}


@dataclass(frozen=True)
class RecordedPlay:
    """One play typed in (or imported): the result and its details."""

    game_id: str
    played: datetime
    """When it started, with its UTC offset."""
    players: tuple[str, ...]
    scores: Mapping[str, int] = field(default_factory=dict)
    """Each player's final score; a co-op group's score is every member's (empty: none)."""
    winners: tuple[str, ...] = ()
    outcome: str = ""
    """Co-op and solo games: `won`, `lost` or `failed`; "" for a competitive game."""
    details: PlayDetails = field(default_factory=PlayDetails)
    source: str = ""
    """Where it came from when imported: the BG Stats play's uuid, exactly as the file has it
    (never imported twice; written back out unchanged)."""
    player_sources: Mapping[str, str] = field(default_factory=dict)
    """Imported: each player's BG Stats uuid, exactly as the file has it (written back out)."""
    co_op: bool = False
    """A competitive game played in its co-op mode (`co_op_mode`): the group won or lost."""


def rules_of_play(play: RecordedPlay) -> RecordedGame:
    """The rules a recorded play is checked and counted by: its game's, in co-op mode if so."""
    rules = recorded_game(play.game_id)
    return co_op_mode(rules) if play.co_op else rules


def parse_when(text: str | None, now: datetime) -> datetime:
    """When a play started, as typed: a date or a date and time, local unless it gives its UTC
    offset (`now` when nothing is typed); ValueError saying what to type instead."""
    if not text:
        return now.astimezone()
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(
            phrase("'{typed}' is not a date: 2026-11-29 or 2026-11-29T19:30", typed=text)
        ) from None
    return with_zone(moment)  # the bounds, in every time zone


def check(play: RecordedPlay) -> RecordedPlay:
    """The play with its names cleaned, checked by its game's rules; `RuleError` says why not."""
    game = rules_of_play(play)
    if play.co_op and recorded_game(play.game_id).cooperative:
        raise RuleError(
            phrase("{game} is a co-op game: its plays have no co-op mode to mark.", game=game.title)
        )
    if play.played.tzinfo is None:
        raise RuleError(phrase("The date needs its UTC offset."))
    if not in_bounds(play.played):
        day = play.played.date().isoformat()
        raise RuleError(
            phrase(
                "A play is dated from {first} to {last}, not {day}.",
                first=str(FIRST_YEAR),
                last=str(LAST_YEAR),
                day=day,
            )
        )
    players = tuple(one_line(tidy(name)) for name in play.players)
    _check_players(game, players)
    rename = dict(zip(play.players, players, strict=True))
    scores = {rename.get(name, name): points for name, points in play.scores.items()}
    winners = tuple(rename.get(name, name) for name in play.winners)
    sources = {rename.get(name, name): uuid for name, uuid in play.player_sources.items()}
    for name in [*scores, *winners, *sources]:
        if name not in players:
            raise RuleError(phrase("{player} is not one of the players.", player=name))
    for name, points in scores.items():
        if type(points) is not int or not 0 <= points <= MAX_SCORE:
            raise RuleError(
                phrase(
                    "{player}'s score must be a whole number from 0 to {most}.",
                    player=name,
                    most=str(MAX_SCORE),
                )
            )
    if game.cooperative:
        scores, winners = _cooperative(game, play.outcome, players, scores)
    else:
        if play.outcome:
            raise RuleError(
                phrase(
                    "{game} has a winner, not an outcome ('{outcome}').",
                    game=game.title,
                    outcome=play.outcome,
                )
            )
        winners = _competitive(game, players, scores, winners)
    details = checked(play.details, play.game_id, players)
    return replace(
        play,
        players=players,
        scores=scores,
        winners=winners,
        details=details,
        player_sources=sources,
    )


def _check_players(game: RecordedGame, players: tuple[str, ...]) -> None:
    if not game.min_players <= len(players) <= game.max_players:
        if game.min_players == game.max_players:
            refusal = phrase(
                "{game} is played by {wanted}, not {count}.",
                game=game.title,
                wanted=game.min_players,
                count=len(players),
            )
        else:
            refusal = phrase(
                "{game} is played by {fewest} to {most}, not {count}.",
                game=game.title,
                fewest=game.min_players,
                most=game.max_players,
                count=len(players),
            )
        raise RuleError(refusal)
    seen: set[str] = set()
    for name in players:
        if not name:
            raise RuleError(phrase("A player has no name."))
        if len(name) > MAX_NAME:
            raise RuleError(
                phrase(
                    "'{start}...' is longer than {most} characters.", start=name[:20], most=MAX_NAME
                )
            )
        if name_key(name) in seen:
            raise RuleError(phrase("{player} is named twice.", player=name))
        seen.add(name_key(name))


def _cooperative(
    game: RecordedGame, outcome: str, players: tuple[str, ...], scores: dict[str, int]
) -> tuple[dict[str, int], tuple[str, ...]]:
    """The group's score given to every member, and the winners the outcome makes."""
    if outcome not in game.outcomes:
        choices = " or ".join(game.outcomes)  # the words typed: data, not translated
        raise RuleError(
            phrase(
                "{game} ends {choices}, not '{outcome}'.",
                game=game.title,
                choices=choices,
                # TRANSLATORS: no outcome typed, as in "ends won or lost, not 'nothing'"
                outcome=outcome or phrase("nothing"),
            )
        )
    won = outcome == game.outcomes[0]
    if not game.scored:
        if scores:
            raise RuleError(phrase("{game} has no score.", game=game.title))
        return {}, players if won else ()
    values = set(scores.values())
    if len(values) > 1:
        raise RuleError(phrase("{game} has one score for the whole group.", game=game.title))
    if not won:
        if scores and not game.lost_scored:
            raise RuleError(
                phrase("A {outcome} play of {game} has no score.", outcome=outcome, game=game.title)
            )
        return dict.fromkeys(players, values.pop()) if scores else {}, ()
    if not values:
        return {}, players  # won, the score not said (BG Stats' winner-only play)
    return dict.fromkeys(players, values.pop()), players


def _competitive(
    game: RecordedGame,
    players: tuple[str, ...],
    scores: dict[str, int],
    winners: tuple[str, ...],
) -> tuple[str, ...]:
    """The winners: those given, who must hold the best score; none given: every best score.
    Without any score (BG Stats' winner-only play) the winners are those given, none: nobody
    won."""
    if not scores:
        return tuple(dict.fromkeys(winners))
    missing = [name for name in players if name not in scores]
    if missing:
        raise RuleError(phrase("{players}: no score.", players=", ".join(missing)))
    best = max(scores.values())
    top = tuple(name for name in players if scores[name] == best)
    if not winners:
        return top
    for name in winners:
        if name not in top:
            raise RuleError(
                phrase(
                    "{player} cannot win with {score}: the most in {game} wins ({best}).",
                    player=name,
                    score=str(scores[name]),
                    game=game.title,
                    best=str(best),
                )
            )
    return tuple(dict.fromkeys(winners))


def facts_of(play: RecordedPlay) -> Facts:
    """The statistics' facts of a recorded play (the same shape the games give theirs)."""
    game = rules_of_play(play)
    status = game.statuses.get(play.outcome, play.outcome) if game.cooperative else "finished"
    return Facts(
        status,
        play.players,
        dict(play.scores),
        play.winners,
        cooperative=game.cooperative,
        lower_is_better=game.lower_is_better,
        details={"recorded": True},
    )


def as_play(save_id: str, play: RecordedPlay) -> Play:
    """The statistics' play: from its start, lasting its typed duration (`timing`'s one rule;
    it ends as it starts when none is said)."""
    ended = play_end(play.played, play_minutes(play.details.minutes))
    return Play(save_id, play.game_id, play.played, ended, facts_of(play))

"""A play played without the app: typed in afterwards (or imported from BG Stats), checked by the
rules of its game where they apply, and counted by the statistics like any play.

Only what the rules say about a result is checked: how many play, who may win with which score
(Six Sojourns and Time Bastards: the most points, ties broken by rules this record does not
hold; Cavendish: lower is better, no score for a failed mission; Sojourn: one traveller, home
or lost, no score).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from companion.core import Facts, RuleError
from companion.history.details import PlayDetails, checked, one_line
from companion.history.plays import Play

MAX_NAME = 40
MAX_SCORE = 9999


@dataclass(frozen=True)
class RecordedGame:
    """What the rules of one game say about a recorded result."""

    title: str
    min_players: int
    max_players: int
    cooperative: bool
    outcomes: tuple[str, ...] = ()
    """Co-op and solo games: the ways a play ends, the first a win (`won`, then `lost` ...)."""
    scored: bool = True
    lower_is_better: bool = False


RECORDED_GAMES: Mapping[str, RecordedGame] = {
    "sojourn": RecordedGame("Sojourn", 1, 1, True, ("won", "lost"), scored=False),
    "six-sojourns": RecordedGame("Six Sojourns", 1, 4, False),
    "cavendish": RecordedGame(
        "TIME Stories Revolution: Cavendish", 1, 4, True, ("won", "failed"), lower_is_better=True
    ),
    "time-bastards": RecordedGame("Time Bastards", 2, 2, False),
}
"""The four games, as a recorded play sees them (Time Bastards: the two-player duel)."""


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
    """Where it came from when imported: the BG Stats play's uuid (never imported twice)."""


def same_name(name: str) -> str:
    """The form two names are compared in: NFC and case-folded ("Zoë" typed two ways is one)."""
    return unicodedata.normalize("NFC", name).casefold()


def check(play: RecordedPlay) -> RecordedPlay:
    """The play with its names cleaned, checked by its game's rules; `RuleError` says why not."""
    game = RECORDED_GAMES.get(play.game_id)
    if game is None:
        raise RuleError(f"'{play.game_id}' is not a game of the companion.")
    if play.played.tzinfo is None:
        raise RuleError("The date needs its UTC offset.")
    players = tuple(unicodedata.normalize("NFC", one_line(name)) for name in play.players)
    _check_players(game, players)
    rename = dict(zip(play.players, players, strict=True))
    scores = {rename.get(name, name): points for name, points in play.scores.items()}
    winners = tuple(rename.get(name, name) for name in play.winners)
    for name in [*scores, *winners]:
        if name not in players:
            raise RuleError(f"{name} is not one of the players.")
    for name, points in scores.items():
        if type(points) is not int or not 0 <= points <= MAX_SCORE:
            raise RuleError(f"{name}'s score must be a whole number from 0 to {MAX_SCORE}.")
    if game.cooperative:
        scores, winners = _cooperative(game, play.outcome, players, scores)
    else:
        if play.outcome:
            raise RuleError(f"{game.title} has a winner, not an outcome ('{play.outcome}').")
        winners = _competitive(game, players, scores, winners)
    details = checked(play.details, play.game_id, players)
    return replace(play, players=players, scores=scores, winners=winners, details=details)


def _check_players(game: RecordedGame, players: tuple[str, ...]) -> None:
    if not game.min_players <= len(players) <= game.max_players:
        wanted = (
            f"{game.min_players}"
            if game.min_players == game.max_players
            else f"{game.min_players} to {game.max_players}"
        )
        raise RuleError(f"{game.title} is played by {wanted}, not {len(players)}.")
    seen: set[str] = set()
    for name in players:
        if not name:
            raise RuleError("A player has no name.")
        if len(name) > MAX_NAME:
            raise RuleError(f"'{name[:20]}...' is longer than {MAX_NAME} characters.")
        if same_name(name) in seen:
            raise RuleError(f"{name} is named twice.")
        seen.add(same_name(name))


def _cooperative(
    game: RecordedGame, outcome: str, players: tuple[str, ...], scores: dict[str, int]
) -> tuple[dict[str, int], tuple[str, ...]]:
    """The group's score given to every member, and the winners the outcome makes."""
    if outcome not in game.outcomes:
        choices = " or ".join(game.outcomes)
        raise RuleError(f"{game.title} ends {choices}, not '{outcome or 'nothing'}'.")
    won = outcome == game.outcomes[0]
    if not game.scored:
        if scores:
            raise RuleError(f"{game.title} has no score.")
        return {}, players if won else ()
    values = set(scores.values())
    if len(values) > 1:
        raise RuleError(f"{game.title} has one score for the whole group.")
    if not won:
        if scores:
            raise RuleError(f"A {outcome} play of {game.title} has no score.")
        return {}, ()
    if not values:
        raise RuleError(f"A won play of {game.title} has its score (crystals, lower is better).")
    return dict.fromkeys(players, values.pop()), players


def _competitive(
    game: RecordedGame,
    players: tuple[str, ...],
    scores: dict[str, int],
    winners: tuple[str, ...],
) -> tuple[str, ...]:
    """The winners: those given, who must hold the best score; none given: every best score."""
    missing = [name for name in players if name not in scores]
    if missing:
        raise RuleError(f"{', '.join(missing)}: no score.")
    best = max(scores.values())
    top = tuple(name for name in players if scores[name] == best)
    if not winners:
        return top
    for name in winners:
        if name not in top:
            raise RuleError(
                f"{name} cannot win with {scores[name]}: the most in {game.title} wins ({best})."
            )
    return tuple(dict.fromkeys(winners))


def facts_of(play: RecordedPlay) -> Facts:
    """The statistics' facts of a recorded play (the same shape the games give theirs)."""
    game = RECORDED_GAMES[play.game_id]
    if not game.cooperative:
        status = "finished"
    elif play.game_id == "cavendish":
        status = "finished" if play.outcome == "won" else "failed"
    else:
        status = play.outcome
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
    """The statistics' play: from its start to its end (the start when no duration is said)."""
    ended = play.played + timedelta(minutes=play.details.minutes or 0)
    return Play(save_id, play.game_id, play.played, ended, facts_of(play))

"""Statistics over plays: per game, per player (scores only ever within one game), head to head,
with filters, one identity per player, and dates where each game was played.

Everything here is a function of a list of `Play`s: the saves stay the one source of truth.
docs/stats.md defines every figure.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import date, datetime, tzinfo
from types import MappingProxyType

from companion.history.plays import Play


def tidy(name: str) -> str:
    """A name in one spelling: Unicode NFC ("Zoë" typed either way is one name), spaces
    collapsed and trimmed."""
    return " ".join(unicodedata.normalize("NFC", name).split())


NO_ALIASES: Mapping[str, str] = MappingProxyType({})
"""No renames: every name is its own player (after NFC)."""


def identity(name: str, aliases: Mapping[str, str] = NO_ALIASES) -> str:
    """The player a name is counted as: its NFC spelling, then its alias followed to its end (a
    loop stops). The one function the statistics, the roster and the setups compare names by;
    `aliases` is keyed and valued by tidy names (`saves.history.plays.aliases` reads them so)."""
    name = tidy(name)
    seen = {name}
    while name in aliases and aliases[name] not in seen:
        name = aliases[name]
        seen.add(name)
    return name


def same_player_twice(names: Iterable[str], aliases: Mapping[str, str] = NO_ALIASES) -> str | None:
    """Why these names cannot be the players of one game, or None: two that are one player
    (the same name in two Unicode forms, or one renamed into the other)."""
    seen: dict[str, str] = {}
    for name in names:
        player = identity(name, aliases)
        if player in seen:
            first = seen[player]
            same = "the same name" if tidy(first) == tidy(name) else f"both counted as {player}"
            return f"{first} and {name} are one player ({same}): give them different names."
        seen[player] = name
    return None


@dataclass(frozen=True)
class Filter:
    """Which plays to count: one game, one player, a date range (inclusive, by the local date of
    the last action, `Play.day`)."""

    game: str | None = None
    player: str | None = None
    since: date | None = None
    until: date | None = None
    zone: tzinfo | None = None
    """The time zone chosen in the settings (None: where each game was played)."""

    def keeps(self, play: Play) -> bool:
        day = play.day(self.zone)
        return (
            (self.game is None or play.game_id == self.game)
            and (self.player is None or self.player in play.facts.players)
            and (self.since is None or day >= self.since)
            and (self.until is None or day <= self.until)
        )


def renamed(plays: Iterable[Play], aliases: Mapping[str, str]) -> list[Play]:
    """The plays with every player under their identity (renaming merges histories). A save
    that seats one player twice (two spellings, from before setups refused it) counts them once,
    with the first seat's score; `Play.names` keeps how each name of the save is counted."""
    result = []
    for play in plays:
        facts = play.facts
        names = {name: identity(name, aliases) for name in facts.players}
        names.update((n, identity(n, aliases)) for n in (*facts.winners, *facts.scores))

        scores: dict[str, int] = {}
        for name, points in facts.scores.items():
            scores.setdefault(names[name], points)
        facts = replace(
            facts,
            players=tuple(dict.fromkeys(names[n] for n in facts.players)),
            winners=tuple(dict.fromkeys(names[n] for n in facts.winners)),
            scores=scores,
        )
        result.append(replace(play, facts=facts, names=names))
    return result


def in_order(plays: Iterable[Play]) -> list[Play]:
    """Oldest first, by the last action (the save id breaks a tie)."""
    return sorted(plays, key=lambda p: (p.ended, p.save_id))


def select(plays: Iterable[Play], keep: Filter) -> list[Play]:
    """The plays the filter keeps, oldest first."""
    return in_order(p for p in plays if keep.keeps(p))


def scored(play: Play) -> bool:
    """A finished single game: its scores are counted (a campaign's totals are counted apart)."""
    return play.finished and not play.facts.campaign


@dataclass(frozen=True)
class Scores:
    """Final scores of one game, and which way is better."""

    values: tuple[int, ...] = ()
    lower_is_better: bool = False

    @property
    def average(self) -> float | None:
        return sum(self.values) / len(self.values) if self.values else None

    @property
    def best(self) -> int | None:
        if not self.values:
            return None
        return min(self.values) if self.lower_is_better else max(self.values)


@dataclass(frozen=True)
class GameFigures:
    """One game's figures."""

    game_id: str
    plays: int
    """Finished plays (finished, won, lost or failed), campaigns included."""
    in_progress: int
    wins: int
    """Finished plays that somebody won (a completed mission, a traveller home, a winner named)."""
    scores: Scores
    """Every player's final score in every finished single game (campaigns apart)."""
    last_played: datetime | None
    """The newest last action of any play, in UTC (shown at its play's local time)."""


def game_figures(plays: Iterable[Play]) -> dict[str, GameFigures]:
    """Figures per game id, in the order the games first appear."""
    by_game: dict[str, list[Play]] = {}
    for play in plays:
        by_game.setdefault(play.game_id, []).append(play)
    figures = {}
    for game_id, group in by_game.items():
        done = [p for p in group if p.finished]
        values = tuple(points for p in done if scored(p) for points in p.facts.scores.values())
        figures[game_id] = GameFigures(
            game_id,
            plays=len(done),
            in_progress=len(group) - len(done),
            wins=sum(1 for p in done if p.facts.winners),
            scores=Scores(values, any(p.facts.lower_is_better for p in group)),
            last_played=max(p.ended for p in group),
        )
    return figures


@dataclass(frozen=True)
class HeadToHead:
    """Two players' finished plays together: how often each won and the other did not."""

    played: int = 0
    won: int = 0
    lost: int = 0


@dataclass(frozen=True)
class PlayerGame:
    """One player's finished plays of one game."""

    plays: int
    wins: int
    scores: Scores
    """Their final scores in that game's single games (campaigns apart)."""


@dataclass(frozen=True)
class PlayerFigures:
    """One player's finished plays."""

    name: str
    plays: int
    wins: int
    streak: int
    """Wins in a row up to the latest play (0 when the latest was not a win)."""
    best_streak: int
    """The longest run of wins in a row."""
    games: Mapping[str, PlayerGame]
    """Game id -> their plays, wins and scores in that game: a score means something only
    within one game (Cavendish counts lower as better, Six Sojourns VP, Time Bastards
    achievements)."""
    head_to_head: Mapping[str, HeadToHead]

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


def player_figures(plays: Iterable[Play]) -> dict[str, PlayerFigures]:
    """Figures per player, alphabetically; plays are taken oldest first for streaks."""
    done = [p for p in in_order(plays) if p.finished]
    names = sorted({name for p in done for name in p.facts.players}, key=str.casefold)
    figures = {}
    for name in names:
        mine = [p for p in done if name in p.facts.players]
        results = [name in p.facts.winners for p in mine]
        streak = best = 0
        for won in results:
            streak = streak + 1 if won else 0
            best = max(best, streak)
        figures[name] = PlayerFigures(
            name,
            plays=len(mine),
            wins=sum(results),
            streak=streak,
            best_streak=best,
            games=_per_game(name, mine),
            head_to_head=_head_to_head(name, mine),
        )
    return figures


def _per_game(name: str, mine: list[Play]) -> dict[str, PlayerGame]:
    by_game: dict[str, list[Play]] = {}
    for play in mine:
        by_game.setdefault(play.game_id, []).append(play)
    return {
        game_id: PlayerGame(
            len(group),
            sum(1 for p in group if name in p.facts.winners),
            Scores(
                tuple(p.facts.scores[name] for p in group if scored(p) and name in p.facts.scores),
                any(p.facts.lower_is_better for p in group),
            ),
        )
        for game_id, group in by_game.items()
    }


def _head_to_head(name: str, mine: list[Play]) -> dict[str, HeadToHead]:
    table: dict[str, HeadToHead] = {}
    for play in mine:
        for other in play.facts.players:
            if other == name:
                continue
            row = table.get(other, HeadToHead())
            i_won, they_won = name in play.facts.winners, other in play.facts.winners
            table[other] = HeadToHead(
                row.played + 1,
                row.won + (i_won and not they_won),
                row.lost + (they_won and not i_won),
            )
    return dict(sorted(table.items(), key=lambda item: item[0].casefold()))


def roster(plays: Iterable[Play], remembered: Iterable[str] = ()) -> list[str]:
    """Every player known: in any play (finished or not) or remembered in the settings, each
    once under their identity (`remembered` already resolved by the caller)."""
    names = {name for p in plays for name in p.facts.players} | set(remembered)
    return sorted(names, key=str.casefold)


def score_history(plays: Iterable[Play], player: str) -> list[tuple[Play, int]]:
    """A player's final scores in single games over time, oldest first, with their plays."""
    ordered = in_order(plays)
    return [(p, p.facts.scores[player]) for p in ordered if scored(p) and player in p.facts.scores]

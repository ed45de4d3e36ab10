"""Statistics over plays: per game, per player, head to head, with filters and renamed players.

Everything here is a function of a list of `Play`s: the saves stay the one source of truth.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import date, datetime

from companion.plays import Play


@dataclass(frozen=True)
class Filter:
    """Which plays to count: one game, one player, a date range (inclusive, by the last action)."""

    game: str | None = None
    player: str | None = None
    since: date | None = None
    until: date | None = None

    def keeps(self, play: Play) -> bool:
        day = play.ended.date()
        return (
            (self.game is None or play.game_id == self.game)
            and (self.player is None or self.player in play.facts.players)
            and (self.since is None or day >= self.since)
            and (self.until is None or day <= self.until)
        )


def canonical(name: str, aliases: Mapping[str, str]) -> str:
    """The name a player is counted under: an alias followed to its end (a loop stops)."""
    seen = {name}
    while name in aliases and aliases[name] not in seen:
        name = aliases[name]
        seen.add(name)
    return name


def renamed(plays: Iterable[Play], aliases: Mapping[str, str]) -> list[Play]:
    """The plays with every player under their canonical name (renaming merges histories)."""
    if not aliases:
        return list(plays)

    def to(name: str) -> str:
        return canonical(name, aliases)

    result = []
    for play in plays:
        facts = play.facts
        scores: dict[str, int] = {}
        for name, points in facts.scores.items():
            scores.setdefault(to(name), points)
        facts = replace(
            facts,
            players=tuple(dict.fromkeys(to(n) for n in facts.players)),
            winners=tuple(dict.fromkeys(to(n) for n in facts.winners)),
            scores=scores,
        )
        result.append(replace(play, facts=facts))
    return result


def select(plays: Iterable[Play], keep: Filter) -> list[Play]:
    """The plays the filter keeps, oldest first."""
    return sorted((p for p in plays if keep.keeps(p)), key=lambda p: (p.ended, p.save_id))


@dataclass(frozen=True)
class GameFigures:
    """One game's figures; scores count every player's final score in every finished play."""

    game_id: str
    plays: int
    """Finished plays (finished, won, lost or failed)."""
    in_progress: int
    wins: int
    """Finished plays that somebody won (a completed mission, a traveller home, a winner named)."""
    scores: tuple[int, ...]
    lower_is_better: bool
    last_played: datetime | None

    @property
    def average_score(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None

    @property
    def best_score(self) -> int | None:
        if not self.scores:
            return None
        return min(self.scores) if self.lower_is_better else max(self.scores)


def game_figures(plays: Iterable[Play]) -> dict[str, GameFigures]:
    """Figures per game id, in the order the games first appear."""
    by_game: dict[str, list[Play]] = {}
    for play in plays:
        by_game.setdefault(play.game_id, []).append(play)
    figures = {}
    for game_id, group in by_game.items():
        done = [p for p in group if p.finished]
        figures[game_id] = GameFigures(
            game_id,
            plays=len(done),
            in_progress=len(group) - len(done),
            wins=sum(1 for p in done if p.facts.winners),
            scores=tuple(points for p in done for points in p.facts.scores.values()),
            lower_is_better=any(p.facts.lower_is_better for p in group),
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
class PlayerFigures:
    """One player's finished plays."""

    name: str
    plays: int
    wins: int
    scores: tuple[int, ...]
    streak: int
    """Wins in a row up to the latest play (0 when the latest was not a win)."""
    best_streak: int
    """The longest run of wins in a row."""
    head_to_head: Mapping[str, HeadToHead]

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0

    @property
    def average_score(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None


def player_figures(plays: Iterable[Play]) -> dict[str, PlayerFigures]:
    """Figures per player name, alphabetically; plays are taken oldest first for streaks."""
    done = [p for p in sorted(plays, key=lambda p: (p.ended, p.save_id)) if p.finished]
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
            scores=tuple(p.facts.scores[name] for p in mine if name in p.facts.scores),
            streak=streak,
            best_streak=best,
            head_to_head=_head_to_head(name, mine),
        )
    return figures


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
    """Every player known: in any play (finished or not) or remembered in the settings."""
    names = {name for p in plays for name in p.facts.players} | set(remembered)
    return sorted(names, key=str.casefold)


def score_history(plays: Iterable[Play], player: str) -> list[tuple[datetime, int]]:
    """A player's final scores over time, oldest first."""
    ordered = sorted(plays, key=lambda p: (p.ended, p.save_id))
    return [(p.ended, p.facts.scores[player]) for p in ordered if player in p.facts.scores]

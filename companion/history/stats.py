"""Statistics over plays: per game, per player (scores only ever within one game), head to head,
with filters, one identity per player, and dates where each game was played.

Everything here is a function of a list of `Play`s: the saves stay the one source of truth.
docs/stats.md defines every figure.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import date, datetime, tzinfo
from types import MappingProxyType

from companion.history.names import name_key, tidy
from companion.history.plays import Play
from companion.phrases import phrase

NO_ALIASES: Mapping[str, str] = MappingProxyType({})
"""No renames: every name is its own player (after the identity rule, `names.name_key`)."""


def by_key(aliases: Mapping[str, str]) -> dict[str, str]:
    """A rename table keyed by `names.name_key` (any spelling of an old name finds it), valued
    by tidy names."""
    return {name_key(old): tidy(new) for old, new in aliases.items()}


def identity(name: str, aliases: Mapping[str, str] = NO_ALIASES) -> str:
    """The player a name is counted as, in its tidy spelling: its alias followed to its end (a
    loop stops). Names are compared by `names.name_key` (case, Unicode form and invisible
    characters aside), the old names of `aliases` too."""
    return _follow(name, by_key(aliases))


def _follow(name: str, keyed: Mapping[str, str]) -> str:
    name = tidy(name)
    seen = {name_key(name)}
    while (key := name_key(name)) in keyed and name_key(keyed[key]) not in seen:
        name = keyed[key]
        seen.add(name_key(name))
    return name


def same_player(one: str, other: str, aliases: Mapping[str, str] = NO_ALIASES) -> bool:
    """Whether two names are counted as one player."""
    return name_key(identity(one, aliases)) == name_key(identity(other, aliases))


def same_player_twice(names: Iterable[str], aliases: Mapping[str, str] = NO_ALIASES) -> str | None:
    """Why these names cannot be the players of one game, or None: two that are one player
    (one name in two cases, Unicode forms or with an invisible character, or one renamed into
    the other)."""
    keyed = by_key(aliases)
    seen: dict[str, str] = {}
    for name in names:
        player = _follow(name, keyed)
        if name_key(player) in seen:
            first = seen[name_key(player)]
            same = (
                phrase("the same name")
                if name_key(first) == name_key(name)
                else phrase("both counted as {player}", player=player)
            )
            return phrase(
                "{first} and {second} are one player ({why}): give them different names.",
                first=first,
                second=name,
                why=same,
            )
        seen[name_key(player)] = name
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
            and (
                self.player is None
                or name_key(self.player) in {name_key(n) for n in play.facts.players}
            )
            and (self.since is None or day >= self.since)
            and (self.until is None or day <= self.until)
        )


def renamed(plays: Iterable[Play], aliases: Mapping[str, str]) -> list[Play]:
    """The plays with every player under their identity (renaming merges histories), each
    player in one spelling: the one a rename chose, else the one of their newest play. A save
    that seats one player twice (two spellings, from before setups refused it) counts them once,
    with the first seat's score; `Play.names` keeps how each name of the save is counted."""
    plays, keyed = list(plays), by_key(aliases)
    followed: dict[str, tuple[str, str]] = {}  # name -> (player, key): few names, many plays

    def follow(name: str) -> tuple[str, str]:
        if name not in followed:
            player = _follow(name, keyed)
            followed[name] = player, name_key(player)
        return followed[name]

    spelling: dict[str, str] = {}
    for play in in_order(plays):
        facts = play.facts
        spelling.update(follow(n)[::-1] for n in (*facts.players, *facts.winners, *facts.scores))
    spelling.update((name_key(target), target) for target in keyed.values())

    def counted_as(name: str) -> str:
        return spelling[follow(name)[1]]

    result = []
    for play in plays:
        facts = play.facts
        names = {n: counted_as(n) for n in (*facts.players, *facts.winners, *facts.scores)}
        unchanged = all(n == player for n, player in names.items())
        if unchanged and not play.names and len(set(facts.players)) == len(facts.players):
            result.append(play)  # every name already the player's one spelling (most plays)
            continue
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
    """Oldest first, by the end (`timing.play_end`; the save id breaks a tie)."""
    return sorted(plays, key=lambda p: (p.ended, p.save_id))


def select(plays: Iterable[Play], keep: Filter) -> list[Play]:
    """The plays the filter keeps, oldest first."""
    return in_order(p for p in plays if keep.keeps(p))


KINDS = ("competitive", "co-op", "solo")
KIND_WORDS = {
    # TRANSLATORS: a kind of play, as in "a competitive play"
    "competitive": phrase("competitive"),
    # TRANSLATORS: a kind of play: the players together against the game
    "co-op": phrase("co-op"),
    # TRANSLATORS: a kind of play: one player alone
    "solo": phrase("solo"),
}
"""Each kind of play as a player reads it (the kinds themselves are `--json`'s values)."""
"""The kinds of play a win rate is given for: a win means something different in each (beating
the others, a mission the team completed, a run of one player against the game)."""


def kind(play: Play) -> str | None:
    """The play's kind (`KINDS`), or None for a play of one player in a game of scores against
    each other (solo Six Sojourns: it has a score and no goal, so no win or loss)."""
    alone = len(play.facts.players) == 1
    if play.facts.cooperative:
        return "solo" if alone else "co-op"
    return None if alone else "competitive"


def won(play: Play, name: str) -> bool:
    """Whether `name` won the play (a play without a win or loss is won by nobody)."""
    return kind(play) is not None and name in play.facts.winners


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
    """Finished plays that somebody won (a completed mission, a traveller home, a winner named;
    a play without a win or loss, `kind`, is none)."""
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
            wins=sum(1 for p in done if kind(p) is not None and p.facts.winners),
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
    """Wins in a row up to the latest play with a win or loss (0 when it was not a win)."""
    best_streak: int
    """The longest run of wins in a row (plays without a win or loss neither extend nor end
    one)."""
    games: Mapping[str, PlayerGame]
    """Game id -> their plays, wins and scores in that game: a score means something only
    within one game (Cavendish counts lower as better, Six Sojourns VP, Time Bastards
    achievements)."""
    head_to_head: Mapping[str, HeadToHead]
    by_kind: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    """Kind of play (`KINDS`) -> (wins, plays with a win or loss) of that kind, kinds played."""

    @property
    def win_rate(self) -> float:
        """Overall: wins over every play with a win or loss, all kinds together."""
        decided = sum(plays for _wins, plays in self.by_kind.values())
        return self.wins / decided if decided else 0.0

    def kind_rate(self, of_kind: str) -> float | None:
        """The win rate within one kind of play (None: no play of that kind)."""
        wins, plays = self.by_kind.get(of_kind, (0, 0))
        return wins / plays if plays else None


def player_figures(plays: Iterable[Play]) -> dict[str, PlayerFigures]:
    """Figures per player, alphabetically; plays are taken oldest first for streaks."""
    done = [p for p in in_order(plays) if p.finished]
    names = sorted({name for p in done for name in p.facts.players}, key=str.casefold)
    figures = {}
    for name in names:
        mine = [p for p in done if name in p.facts.players]
        decided = [p for p in mine if kind(p) is not None]
        streak = best = 0
        for play in decided:
            streak = streak + 1 if won(play, name) else 0
            best = max(best, streak)
        by_kind = {
            k: (sum(won(p, name) for p in group), len(group))
            for k in KINDS
            if (group := [p for p in decided if kind(p) == k])
        }
        figures[name] = PlayerFigures(
            name,
            plays=len(mine),
            wins=sum(won(p, name) for p in decided),
            streak=streak,
            best_streak=best,
            games=_per_game(name, mine),
            head_to_head=_head_to_head(name, mine),
            by_kind=MappingProxyType(by_kind),
        )
    return figures


def _per_game(name: str, mine: list[Play]) -> dict[str, PlayerGame]:
    by_game: dict[str, list[Play]] = {}
    for play in mine:
        by_game.setdefault(play.game_id, []).append(play)
    return {
        game_id: PlayerGame(
            len(group),
            sum(won(p, name) for p in group),
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
            i_won, they_won = won(play, name), won(play, other)
            table[other] = HeadToHead(
                row.played + 1,
                row.won + (i_won and not they_won),
                row.lost + (they_won and not i_won),
            )
    return dict(sorted(table.items(), key=lambda item: item[0].casefold()))


def roster(plays: Iterable[Play], remembered: Iterable[str] = ()) -> list[str]:
    """Every player known: in any play (finished or not) or remembered in the settings, each
    once under their identity (`remembered` already resolved by the caller; a play's spelling
    wins over a remembered one)."""
    names: dict[str, str] = {}
    for name in remembered:
        names[name_key(name)] = name
    names.update((name_key(name), name) for p in plays for name in p.facts.players)
    return sorted(names.values(), key=str.casefold)


def score_history(plays: Iterable[Play], player: str) -> list[tuple[Play, int]]:
    """A player's final scores in single games over time, oldest first, with their plays."""
    ordered = in_order(plays)
    return [(p, p.facts.scores[player]) for p in ordered if scored(p) and player in p.facts.scores]

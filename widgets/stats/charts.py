"""Charts made of characters, each with its numbers beside it, and the game notes in words.

Plain functions from figures to `rich.text.Text`: player names go in as text, never as markup.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import tzinfo
from typing import Any

from rich.text import Text

from companion.guard import GameFault
from companion.history.plays import Play
from lang import day, t, tn, tr
from widgets.shell.games import game_ui
from widgets.stats.colours import in_column

BLOCK = "█"
BAR_WIDTH = 30


def bar(value: float, largest: float, width: int = BAR_WIDTH) -> str:
    """A bar of blocks in proportion to `largest`; any value above 0 shows at least one."""
    if largest <= 0 or value <= 0:
        return ""
    return BLOCK * max(1, round(width * value / largest))


def label(name: str, width: int = 16) -> str:
    """A name cut and padded to a column."""
    return (name if len(name) <= width else name[: width - 1] + "…").ljust(width)


def wins_chart(players: Mapping[str, Mapping[str, Any]], colours: Mapping[str, str]) -> Text:
    """Wins per player: their name (after their colour's ●), a bar and "wins of plays"."""
    if not players:
        return Text(t("No finished plays."))
    largest = max(p["wins"] for p in players.values())
    lines = [
        Text.assemble(
            in_column(name, colours, 16),
            f" {bar(p['wins'], largest).ljust(BAR_WIDTH)} ",
            # TRANSLATORS: wins of plays, beside a player's bar: "3 of 5".
            t("{wins} of {plays}", wins=p["wins"], plays=p["plays"]),
        )
        for name, p in players.items()
    ]
    return Text("\n").join(lines)


def buckets(scores: Sequence[int], most: int = 8) -> list[tuple[str, int]]:
    """Scores counted by value, or by ranges when there are more than `most` values."""
    low, high = min(scores), max(scores)
    if high - low < most:
        return [(str(v), scores.count(v)) for v in range(low, high + 1)]
    size = -(-(high - low + 1) // most)
    ranges = []
    for start in range(low, high + 1, size):
        end = min(start + size - 1, high)
        key = str(start) if start == end else f"{start}-{end}"
        ranges.append((key, sum(1 for s in scores if start <= s <= end)))
    return ranges


def distribution_chart(title: str, scores: Sequence[int]) -> Text:
    """How often each score (or range) came up in one game."""
    lines = [title]
    counted = buckets(scores)
    largest = max(count for _, count in counted)
    lines += [f"  {key:>7} {bar(n, largest).ljust(BAR_WIDTH)} {n}" for key, n in counted]
    return Text("\n".join(lines))


SPARKS = "▁▂▃▄▅▆▇█"


def sparkline(values: Sequence[int]) -> str:
    """One character per value, taller for higher (all the same height when they are equal)."""
    low, high = min(values), max(values)
    span = high - low
    return "".join(SPARKS[(v - low) * (len(SPARKS) - 1) // span if span else 3] for v in values)


HISTORY_POINTS = 48
"""Scores a history chart draws at most (the latest): one character each, it fits 80 columns."""
HISTORY_ROWS = 20
"""Scores the dated table lists at most (the latest first)."""


def history_chart(title: str, points: Sequence[int]) -> Text:
    """A player's scores in one game over time, oldest first: a sparkline of the latest
    `HISTORY_POINTS`, then the lowest, highest and latest score in numbers."""
    drawn = list(points[-HISTORY_POINTS:])
    shown = (
        t("latest {shown} of {n}", shown=len(drawn), n=len(points))
        if len(points) > len(drawn)
        else tn("{n} score", "{n} scores", len(points))
    )
    numbers = t(
        "low {low}, high {high}, last {last} ({how_many})",
        low=min(points),
        high=max(points),
        last=points[-1],
        how_many=shown,
    )
    return Text(f"{label(title, 14)} {sparkline(drawn)}  {numbers}")


def history_rows(
    history: Sequence[tuple[Play, int]], titles: Mapping[str, str], zone: tzinfo | None
) -> tuple[list[tuple[str, str, str]], int]:
    """The latest `HISTORY_ROWS` scores, newest first, as (date with its year where the game
    was played, game, score), and how many older scores were left out."""
    latest = list(reversed(history[-HISTORY_ROWS:]))
    rows = [
        (day(play.day(zone)), titles.get(play.game_id, play.game_id), str(score))
        for play, score in latest
    ]
    return rows, len(history) - len(latest)


def shown_score(value: int | None) -> str:
    """A score, or "-" where there is none yet."""
    return "-" if value is None else str(value)


def percent(rate: float | None) -> str:
    """A rate as a whole percentage, or "-" where nothing was played to count it."""
    if rate is None:
        return "-"
    # TRANSLATORS: a whole percentage: "50%" ("50 %" in French).
    whole = f"{rate * 100:.0f}"  # as `{rate:.0%}` rounds
    return t("{percent}%", percent=whole)


def game_notes(
    games: Mapping[str, Mapping[str, Any]], titles: Mapping[str, str], colours: Mapping[str, str]
) -> Text:
    """Each game's title and what only it can say, in words, with its numbers (its screens'
    `chart_notes`; a game without them shows its title only)."""
    lines: list[str | Text] = []
    for game_id, game in games.items():
        lines.append(titles.get(game_id, game_id))
        ui = game_ui(game_id)
        if ui is not None and ui.chart_notes is not None:
            try:
                lines += ui.chart_notes(game, colours)
            except GameFault as fault:  # the game's own code failed: its line, the rest as ever
                lines.append(tr(fault))
    if not lines:
        return Text(t("No games saved yet."))
    return Text("\n").join(Text(tr(line)) if isinstance(line, str) else line for line in lines)

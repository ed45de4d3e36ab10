"""Each player's records (best score per game) and plays per month: what BG Stats users look for.

Functions of a list of `Play`s, like the rest of the statistics. Six Sojourns campaign totals
are not single games, so they are no record of one.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from companion.history.plays import Play


def records(plays: Iterable[Play]) -> dict[str, dict[str, int]]:
    """Player -> game id -> their best final score in a finished play (the lowest where lower
    is better), players in alphabetical order."""
    best: dict[str, dict[str, int]] = {}
    for play in plays:
        facts = play.facts
        if not play.finished or facts.details.get("campaign") is True:
            continue
        for name, points in facts.scores.items():
            games = best.setdefault(name, {})
            known = games.get(play.game_id)
            better = known is None or (points < known if facts.lower_is_better else points > known)
            if better:
                games[play.game_id] = points
    return dict(sorted(best.items(), key=lambda item: item[0].casefold()))


def month_of(moment: datetime) -> str:
    """The month of a moment in local time, as `2026-11`."""
    return f"{moment.astimezone():%Y-%m}"


def plays_per_month(plays: Iterable[Play]) -> list[tuple[str, int]]:
    """Finished plays counted by the month they ended, oldest first, months without any between
    the first and the last included (a chart shows the gaps)."""
    counts: dict[str, int] = {}
    for play in plays:
        if play.finished:
            key = month_of(play.ended)
            counts[key] = counts.get(key, 0) + 1
    if not counts:
        return []
    first, last = min(counts), max(counts)
    year, month = int(first[:4]), int(first[5:])
    months = []
    while True:
        key = f"{year:04d}-{month:02d}"
        months.append((key, counts.get(key, 0)))
        if key >= last:
            return months
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)

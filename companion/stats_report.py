"""Statistics that know the game, and the statistics as JSON, text and a one-row-per-player export.

Game-aware figures read each play's `details`; a detail that is missing or of the wrong type (a
hand-edited cache) is skipped, never trusted.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping
from typing import Any

from companion.plays import Play
from companion.stats import game_figures, player_figures

TIE_BREAK_STEPS = ("achievements", "pieces", "oldest piece", "tied")
"""Time Bastards: the steps of the winner rule, in the order they are tried."""


def _counts(value: Any) -> dict[str, int]:
    """A detail that should map words to whole numbers; anything else reads as empty."""
    if not isinstance(value, dict):
        return {}
    return {str(k): v for k, v in value.items() if type(v) is int}


def six_sojourns_figures(plays: Iterable[Play]) -> dict[str, Any]:
    """Average points per category (per player per game), how often a winner led each, and the
    campaign standings."""
    plays = list(plays)
    totals: dict[str, int] = {}
    entries = 0
    led: dict[str, int] = {}
    for play in plays:
        categories = play.facts.details.get("categories")
        if not play.finished or not isinstance(categories, dict):
            continue
        sheets = {name: _counts(points) for name, points in categories.items()}
        entries += len(sheets)
        for points in sheets.values():
            for category, value in points.items():
                totals[category] = totals.get(category, 0) + value
        for category in {c for points in sheets.values() for c in points}:
            top = max(points.get(category, 0) for points in sheets.values())
            if any(sheets.get(w, {}).get(category, -1) == top for w in play.facts.winners):
                led[category] = led.get(category, 0) + 1
    average = {c: round(t / entries, 2) for c, t in totals.items()} if entries else {}
    return {
        "average_points": average,
        "winner_led": dict(sorted(led.items())),
        "campaigns": campaign_standings(plays),
    }


def campaign_standings(plays: Iterable[Play]) -> dict[str, dict[str, int]]:
    """Per player, over finished six-sojourn campaigns: campaigns played, won, and VP in all."""
    table: dict[str, dict[str, int]] = {}
    for play in plays:
        if not play.finished or play.facts.details.get("campaign") is not True:
            continue
        for name in play.facts.players:
            row = table.setdefault(name, {"played": 0, "won": 0, "points": 0})
            row["played"] += 1
            row["won"] += name in play.facts.winners
            row["points"] += play.facts.scores.get(name, 0)
    return dict(sorted(table.items(), key=lambda item: (-item[1]["won"], -item[1]["points"])))


def cavendish_figures(plays: Iterable[Play]) -> dict[str, Any]:
    """Success rate and the crystals spent on each kind of action (the best, lowest, final score
    is the game's `best_score`)."""
    done = [p for p in plays if p.finished]
    won = [p for p in done if p.facts.winners]
    spent = {"tests": 0, "explores": 0, "updates": 0}
    for play in done:
        for kind, crystals in _counts(play.facts.details.get("spent")).items():
            if kind in spent:
                spent[kind] += crystals
    return {
        "success_rate": round(len(won) / len(done), 3) if done else None,
        "crystals_spent": spent,
    }


def sojourn_figures(plays: Iterable[Play]) -> dict[str, Any]:
    """Win rate and what ended each lost run (health at 0, or stuck with no way on)."""
    done = [p for p in plays if p.finished]
    ended = {"health": 0, "stuck": 0}
    for play in done:
        reason = play.facts.details.get("ended")
        if play.facts.status == "lost" and reason in ended:
            ended[reason] += 1
    wins = sum(1 for p in done if p.facts.winners)
    return {"win_rate": round(wins / len(done), 3) if done else None, "lost_by": ended}


def time_bastards_figures(plays: Iterable[Play]) -> dict[str, Any]:
    """How often each step of the winner rule decided a finished duel."""
    decided = dict.fromkeys(TIE_BREAK_STEPS, 0)
    for play in plays:
        step = play.facts.details.get("decided_by")
        if play.finished and step in decided:
            decided[step] += 1
    return {"decided_by": decided}


GAME_FIGURES = {
    "six-sojourns": six_sojourns_figures,
    "cavendish": cavendish_figures,
    "sojourn": sojourn_figures,
    "time-bastards": time_bastards_figures,
}
"""Game id -> its game-aware figures."""


def stats_json(plays: list[Play]) -> dict[str, Any]:
    """The statistics as plain data (`companion stats --json`, documented in docs/stats.md)."""
    games: dict[str, Any] = {}
    for game_id, figures in game_figures(plays).items():
        average = figures.average_score
        games[game_id] = {
            "plays": figures.plays,
            "in_progress": figures.in_progress,
            "wins": figures.wins,
            "average_score": None if average is None else round(average, 2),
            "best_score": figures.best_score,
            "lower_is_better": figures.lower_is_better,
            "last_played": figures.last_played.isoformat() if figures.last_played else None,
        }
        aware = GAME_FIGURES.get(game_id)
        if aware is not None:
            games[game_id].update(aware(p for p in plays if p.game_id == game_id))
    players: dict[str, Any] = {}
    for name, person in player_figures(plays).items():
        average = person.average_score
        players[name] = {
            "plays": person.plays,
            "wins": person.wins,
            "win_rate": round(person.win_rate, 3),
            "average_score": None if average is None else round(average, 2),
            "streak": person.streak,
            "best_streak": person.best_streak,
            "head_to_head": {
                other: {"played": row.played, "won": row.won, "lost": row.lost}
                for other, row in person.head_to_head.items()
            },
        }
    return {"games": games, "players": players}


def with_colours(data: Mapping[str, Any], colours: Mapping[str, str]) -> dict[str, Any]:
    """`stats_json`'s figures with `"colour"` on each player who has one (name -> colour name,
    as the roster keeps them)."""
    players = {
        name: {**person, "colour": colours[name]} if name in colours else person
        for name, person in data["players"].items()
    }
    return {**data, "players": players}


ROW_FIELDS = ("date", "game", "player", "score", "win", "outcome", "length_minutes", "id")
"""The export's columns: the first five are the ones BG Stats and BoardGameGeek exports use."""


def play_rows(plays: Iterable[Play], titles: Mapping[str, str]) -> list[dict[str, Any]]:
    """One row per player per finished play, oldest first; `score` is None without a score."""
    rows = []
    for play in sorted(plays, key=lambda p: (p.ended, p.save_id)):
        if not play.finished:
            continue
        for name in play.facts.players:
            rows.append(
                {
                    "date": play.ended.date().isoformat(),
                    "game": titles.get(play.game_id, play.game_id),
                    "player": name,
                    "score": play.facts.scores.get(name),
                    "win": name in play.facts.winners,
                    "outcome": play.outcome,
                    "length_minutes": int(play.length.total_seconds() // 60),
                    "id": play.save_id,
                }
            )
    return rows


def rows_csv(rows: Iterable[Mapping[str, Any]]) -> str:
    """The rows as CSV with a header; a missing score is an empty cell, a win is 1 or 0."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=ROW_FIELDS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        cells = dict(row)
        cells["score"] = "" if row["score"] is None else row["score"]
        cells["win"] = int(row["win"])
        writer.writerow(cells)
    return out.getvalue()


def stats_text(data: Mapping[str, Any], titles: Mapping[str, str]) -> str:
    """`stats_json`'s figures as plain lines for a terminal."""
    lines = ["Games"]
    for game_id, game in data["games"].items():
        best = "-" if game["best_score"] is None else game["best_score"]
        average = "-" if game["average_score"] is None else game["average_score"]
        lines.append(
            f"  {titles.get(game_id, game_id)}: {game['plays']} played, "
            f"{game['in_progress']} in progress, {game['wins']} won, "
            f"average score {average}, best {best}"
        )
    lines.append("Players")
    for name, person in data["players"].items():
        average = "-" if person["average_score"] is None else person["average_score"]
        lines.append(
            f"  {name}: {person['plays']} played, {person['wins']} won "
            f"({person['win_rate']:.0%}), average score {average}, "
            f"streak {person['streak']} (best {person['best_streak']})"
        )
    if len(lines) == 2:
        lines.append("No games saved yet.")
    return "\n".join(lines) + "\n"

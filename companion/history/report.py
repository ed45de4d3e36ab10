"""Statistics that know the game, and the statistics as JSON, text and a one-row-per-player export.

Game-aware figures read each play's `details`; a detail that is missing or of the wrong type (a
hand-edited cache) is skipped, never trusted.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping
from datetime import tzinfo
from typing import Any

from companion.history.plays import Play
from companion.history.stats import Scores, game_figures, in_order, player_figures, scored
from companion.text import csv_text, visible

TIE_BREAK_STEPS = ("achievements", "pieces", "oldest piece", "tied")
"""Time Bastards: the steps of the winner rule, in the order they are tried."""


def _counts(value: Any) -> dict[str, int]:
    """A detail that should map words to whole numbers; anything else reads as empty."""
    if not isinstance(value, dict):
        return {}
    return {str(k): v for k, v in value.items() if type(v) is int}


def six_sojourns_figures(plays: Iterable[Play]) -> dict[str, Any]:
    """Average points per category (per player per single game), how often the winner led each
    category, and the campaign standings.

    A category counts in a game only when it is in play there (somebody scored in it: the
    categories of expansions not chosen stay at 0 for everyone), and the winner led it only when
    one player alone has its most points and is a winner (a tie for the lead is no lead)."""
    plays = list(plays)
    totals: dict[str, int] = {}
    entries: dict[str, int] = {}
    led: dict[str, int] = {}
    in_play: dict[str, int] = {}
    for play in plays:
        categories = play.facts.details.get("categories")
        if not scored(play) or not isinstance(categories, dict):
            continue
        sheets: dict[str, dict[str, int]] = {}
        for name, points in categories.items():
            sheets.setdefault(play.player(str(name)), _counts(points))
        for category in dict.fromkeys(c for points in sheets.values() for c in points):
            values = {name: points.get(category, 0) for name, points in sheets.items()}
            if not any(values.values()):
                continue  # not in play in this game
            in_play[category] = in_play.get(category, 0) + 1
            totals[category] = totals.get(category, 0) + sum(values.values())
            entries[category] = entries.get(category, 0) + len(values)
            top = max(values.values())
            leaders = [name for name, value in values.items() if value == top]
            if len(leaders) == 1 and leaders[0] in play.facts.winners:
                led[category] = led.get(category, 0) + 1
    return {
        "average_points": {c: round(t / entries[c], 2) for c, t in totals.items()},
        "in_play": in_play,
        "winner_led": {c: led.get(c, 0) for c in in_play},
        "campaigns": campaign_standings(plays),
    }


def campaign_standings(plays: Iterable[Play]) -> dict[str, dict[str, Any]]:
    """Per player, over finished campaigns: campaigns played, won, their VP over all of them and
    their best campaign total (a campaign's total is the sum of its six games)."""
    table: dict[str, dict[str, Any]] = {}
    for play in plays:
        if not play.finished or not play.facts.campaign:
            continue
        for name in play.facts.players:
            row = table.setdefault(name, {"played": 0, "won": 0, "points": 0, "best": None})
            row["played"] += 1
            row["won"] += name in play.facts.winners
            points = play.facts.scores.get(name)
            if points is not None:
                row["points"] += points
                row["best"] = points if row["best"] is None else max(row["best"], points)
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


def scores_json(scores: Scores) -> dict[str, Any]:
    """A game's scores: average (2 decimals), best (lowest where lower is better), direction."""
    average = scores.average
    return {
        "average_score": None if average is None else round(average, 2),
        "best_score": scores.best,
        "lower_is_better": scores.lower_is_better,
    }


def stats_json(plays: list[Play], zone: tzinfo | None = None) -> dict[str, Any]:
    """The statistics as plain data (`companion stats --json`, every figure defined in
    docs/stats.md); `last_played` is the local date and time of the newest play (`zone`: the
    settings' time zone, None: where it was played)."""
    games: dict[str, Any] = {}
    newest = {}
    for play in in_order(plays):
        newest[play.game_id] = play
    for game_id, figures in game_figures(plays).items():
        games[game_id] = {
            "plays": figures.plays,
            "in_progress": figures.in_progress,
            "wins": figures.wins,
            **scores_json(figures.scores),
            "last_played": newest[game_id].ended_local(zone).isoformat(),
        }
        aware = GAME_FIGURES.get(game_id)
        if aware is not None:
            games[game_id].update(aware(p for p in plays if p.game_id == game_id))
    players: dict[str, Any] = {}
    for name, person in player_figures(plays).items():
        players[name] = {
            "plays": person.plays,
            "wins": person.wins,
            "win_rate": round(person.win_rate, 3),
            "streak": person.streak,
            "best_streak": person.best_streak,
            "games": {
                game_id: {"plays": row.plays, "wins": row.wins, **scores_json(row.scores)}
                for game_id, row in person.games.items()
            },
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


def play_rows(
    plays: Iterable[Play], titles: Mapping[str, str], zone: tzinfo | None = None
) -> list[dict[str, Any]]:
    """One row per player per finished play, oldest first; `score` is None without a score (a
    campaign's is its total); the date is the play's local date (`Play.day`)."""
    rows = []
    for play in in_order(plays):
        if not play.finished:
            continue
        for name in play.facts.players:
            rows.append(
                {
                    "date": play.day(zone).isoformat(),
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


TEXT_CELLS = ("date", "game", "player", "outcome", "id")
"""The export's text columns: written through `csv_text` (the numbers are written as numbers)."""


def rows_csv(rows: Iterable[Mapping[str, Any]]) -> str:
    """The rows as CSV with a header; a missing score is an empty cell, a win is 1 or 0; a text
    cell a spreadsheet would read as a formula starts with `'`, controls made visible."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=ROW_FIELDS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        cells = dict(row)
        cells.update((key, csv_text(str(row[key]))) for key in TEXT_CELLS)
        cells["score"] = "" if row["score"] is None else row["score"]
        cells["win"] = int(row["win"])
        writer.writerow(cells)
    return out.getvalue()


def stats_text(data: Mapping[str, Any], titles: Mapping[str, str]) -> str:
    """`stats_json`'s figures as plain lines for a terminal (names with control characters made
    visible); the caller says why when there is nothing to show."""
    lines = ["Games"]
    for game_id, game in data["games"].items():
        lines.append(
            f"  {titles.get(game_id, game_id)}: {game['plays']} played, "
            f"{game['in_progress']} in progress, {game['wins']} won, {_scores_words(game)}"
        )
    lines.append("Players")
    for name, person in data["players"].items():
        lines.append(
            f"  {name}: {person['plays']} played, {person['wins']} won "
            f"({person['win_rate']:.0%}), "
            f"streak {person['streak']} (best {person['best_streak']})"
        )
        for game_id, row in person["games"].items():
            lines.append(
                f"    {titles.get(game_id, game_id)}: {row['plays']} played, {row['wins']} won, "
                f"{_scores_words(row)}"
            )
    return "\n".join(visible(line) for line in lines) + "\n"


def _scores_words(figures: Mapping[str, Any]) -> str:
    if figures["best_score"] is None:
        return "no scores"
    best = "best (lowest)" if figures["lower_is_better"] else "best"
    return f"average score {figures['average_score']}, {best} {figures['best_score']}"

"""The statistics as JSON, text and a one-row-per-player export; each game adds the figures only
it has (`Game.figures`, in its own package)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping
from datetime import tzinfo
from typing import Any

from companion.guard import GameFault
from companion.history.names import name_key
from companion.history.plays import Play
from companion.history.stats import (
    KIND_WORDS,
    KINDS,
    Scores,
    game_figures,
    in_order,
    player_figures,
    won,
)
from companion.phrases import joined, phrase
from companion.registry import get_game
from companion.text import csv_text, visible


def scores_json(scores: Scores) -> dict[str, Any]:
    """A game's scores: average (2 decimals), best (lowest where lower is better), direction."""
    average = scores.average
    return {
        "average_score": None if average is None else round(average, 2),
        "best_score": scores.best,
        "lower_is_better": scores.lower_is_better,
    }


COUNTED = (
    "plays",
    "in_progress",
    "wins",
    "average_score",
    "best_score",
    "lower_is_better",
    "last_played",
    "figures_left_out",
    "figures_failed",
)
"""The names of a game's line of `stats --json` that the statistics count themselves: a game's
own figure (`Game.figures`) of one of these names is left out, never written over them."""


def with_own_figures(counted: Mapping[str, Any], own: Mapping[str, Any]) -> dict[str, Any]:
    """A game's line: what the statistics counted, then the game's own figures beside them. A
    figure named like a counted one (a plug-in's `plays`, `wins`) cannot replace it: it is left
    out and its name listed in `figures_left_out`, so it is never dropped in silence."""
    line = dict(counted)
    clashing = sorted(str(name) for name in own if name in COUNTED)
    line.update((name, value) for name, value in own.items() if name not in COUNTED)
    if clashing:
        line["figures_left_out"] = clashing
    return line


def own_figures(game_id: str, plays: list[Play]) -> tuple[Mapping[str, Any], str | None]:
    """A game's own figures from its plays, or none and the guard's line when its code failed
    (a plug-in's bug): that game loses only its own figures, every other figure of every game
    is still counted."""
    game = get_game(game_id)
    if game is None or game.figures is None:
        return {}, None
    try:
        return game.figures([play for play in plays if play.game_id == game_id]), None
    except GameFault as fault:
        return {}, fault.args[0] if len(fault.args) == 1 else str(fault)


def stats_json(plays: list[Play], zone: tzinfo | None = None) -> dict[str, Any]:
    """The statistics as plain data (`companion stats --json`, every figure defined in
    docs/stats.md); `last_played` is the local date and time of the newest play (`zone`: the
    settings' time zone, None: where it was played)."""
    games: dict[str, Any] = {}
    newest = {}
    for play in in_order(plays):
        newest[play.game_id] = play
    for game_id, figures in game_figures(plays).items():
        counted = {
            "plays": figures.plays,
            "in_progress": figures.in_progress,
            "wins": figures.wins,
            **scores_json(figures.scores),
            "last_played": newest[game_id].ended_local(zone).isoformat(),
        }
        own, failed = own_figures(game_id, plays)
        if failed is not None:
            counted["figures_failed"] = failed
        games[game_id] = with_own_figures(counted, own)
    players: dict[str, Any] = {}
    for name, person in player_figures(plays).items():
        players[name] = {
            "plays": person.plays,
            "wins": person.wins,
            "win_rate": round(person.win_rate, 3),
            "win_rate_by_kind": {
                k: round(rate, 3) for k in KINDS if (rate := person.kind_rate(k)) is not None
            },
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
    as the roster keeps them). A colour is found by the one identity rule (`names.name_key`),
    so the colour set for "Cy" stays Cy's when a play spells the name "cy"."""
    keyed = {name_key(name): colour for name, colour in colours.items()}
    players = {}
    for name, person in data["players"].items():
        colour = colours.get(name, keyed.get(name_key(name)))
        players[name] = person if colour is None else {**person, "colour": colour}
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
                    "win": won(play, name),
                    "outcome": play.outcome,
                    "length_minutes": play.minutes or 0,  # as BG Stats writes none
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
    lines: list[str] = [phrase("Games")]
    for game_id, game in data["games"].items():
        lines.append(
            _indented(
                "  ",
                phrase(
                    "{game}: {plays} played, {in_progress} in progress, {wins} won, {scores}",
                    game=visible(titles.get(game_id, game_id)),
                    plays=game["plays"],
                    in_progress=game["in_progress"],
                    wins=game["wins"],
                    scores=_scores_words(game),
                ),
            )
        )
    lines.append(phrase("Players"))
    for name, person in data["players"].items():
        lines.append(
            _indented(
                "  ",
                phrase(
                    "{player}: {plays} played, {wins} won ({rate:.0%} overall{by_kind}), "
                    "streak {streak} (best {best})",
                    player=visible(name),
                    plays=person["plays"],
                    wins=person["wins"],
                    rate=person["win_rate"],
                    by_kind=_by_kind_words(person),
                    streak=person["streak"],
                    best=person["best_streak"],
                ),
            )
        )
        for game_id, row in person["games"].items():
            lines.append(
                _indented(
                    "    ",
                    phrase(
                        "{game}: {plays} played, {wins} won, {scores}",
                        game=visible(titles.get(game_id, game_id)),
                        plays=row["plays"],
                        wins=row["wins"],
                        scores=_scores_words(row),
                    ),
                )
            )
    return joined("\n", [*lines, ""])


def _indented(margin: str, line: str) -> str:
    return joined("", (margin, line))


def _by_kind_words(person: Mapping[str, Any]) -> str:
    """Each kind's win rate after the overall one, when more than one kind was played."""
    rates = person.get("win_rate_by_kind", {})
    if len(rates) < 2:
        return ""
    return joined(
        "",
        (
            phrase("; {kind} {rate:.0%}", kind=KIND_WORDS.get(kind, kind), rate=rate)
            for kind, rate in rates.items()
        ),
    )


def _scores_words(figures: Mapping[str, Any]) -> str:
    if figures["best_score"] is None:
        return phrase("no scores")
    if figures["lower_is_better"]:
        return phrase(
            "average score {average}, best (lowest) {best}",
            average=figures["average_score"],
            best=figures["best_score"],
        )
    return phrase(
        "average score {average}, best {best}",
        average=figures["average_score"],
        best=figures["best_score"],
    )

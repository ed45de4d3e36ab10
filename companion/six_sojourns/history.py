"""What the history of plays knows of Six Sojourns (`Game.recorded`, `Game.figures` ...): a
recorded game and the figures of the games played: categories and campaigns.

The figures read each play's `details`; a detail that is missing or of the wrong type (a
hand-edited cache) is skipped, never trusted."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from companion.core import Played, PlayShape

RECORDED = PlayShape()
"""A recorded game: each player's VP, the most wins. A tie on VP is broken by coins, which a
recorded play does not hold: it names its winners among the tied (none named: all of them)."""
START_PLAYER = True
"""The rules name a first player ("randomly determine 1st player")."""
BGG_ID = 439826
"""Six Sojourns on BoardGameGeek (boardgamegeek.com/boardgame/439826): BG Stats matches by it."""


def _counts(value: Any) -> dict[str, int]:
    """A detail that should map words to whole numbers; anything else reads as empty."""
    if not isinstance(value, dict):
        return {}
    return {str(k): v for k, v in value.items() if type(v) is int}


def _single_game(play: Played) -> bool:
    """A finished single game: its scores are counted (a campaign's totals are counted apart)."""
    return play.finished and not play.facts.campaign


def _alone(play: Played) -> bool:
    """Played alone: a score and no goal, so no win (docs/stats.md), whatever the facts name."""
    return len(play.facts.players) < 2


def figures(plays: Sequence[Played]) -> dict[str, Any]:
    """Average points per category, how often the winner led each category, and the campaign
    standings.

    A game's categories are those in play in it (the four every game scores and those of the
    expansions chosen: `Game.facts`), so a category is averaged per player over the single games
    it was in play, and an expansion's is never lowered by the games played without it. The
    winner led a category only when one player alone has its most points and is a winner (a tie
    for the lead is no lead); a game played alone has no winner, so it never counts as led."""
    totals: dict[str, int] = {}
    seats: dict[str, int] = {}  # players over the single games each category was in play
    led: dict[str, int] = {}
    in_play: dict[str, int] = {}
    for play in plays:
        categories = play.facts.details.get("categories")
        if not _single_game(play) or not isinstance(categories, dict):
            continue
        sheets: dict[str, dict[str, int]] = {}
        for name, points in categories.items():
            sheets.setdefault(play.player(str(name)), _counts(points))
        for category in dict.fromkeys(c for points in sheets.values() for c in points):
            values = {name: points.get(category, 0) for name, points in sheets.items()}
            totals[category] = totals.get(category, 0) + sum(values.values())
            seats[category] = seats.get(category, 0) + len(sheets)
            in_play[category] = in_play.get(category, 0) + 1
            top = max(values.values())
            leaders = [name for name, value in values.items() if value == top]
            if len(leaders) == 1 and leaders[0] in play.facts.winners and not _alone(play):
                led[category] = led.get(category, 0) + 1
    return {
        "average_points": {c: round(t / seats[c], 2) for c, t in totals.items()},
        "in_play": in_play,
        "winner_led": {c: led.get(c, 0) for c in in_play},
        "campaigns": campaign_standings(plays),
    }


def campaign_standings(plays: Iterable[Played]) -> dict[str, dict[str, Any]]:
    """Per player, over finished campaigns: campaigns played, won, their VP over all of them and
    their best campaign total (a campaign's total is the sum of its six games). A campaign
    played alone is never won, as in the player figures."""
    table: dict[str, dict[str, Any]] = {}
    for play in plays:
        if not play.finished or not play.facts.campaign:
            continue
        for name in play.facts.players:
            row = table.setdefault(name, {"played": 0, "won": 0, "points": 0, "best": None})
            row["played"] += 1
            row["won"] += name in play.facts.winners and not _alone(play)
            points = play.facts.scores.get(name)
            if points is not None:
                row["points"] += points
                row["best"] = points if row["best"] is None else max(row["best"], points)
    return dict(sorted(table.items(), key=lambda item: (-item[1]["won"], -item[1]["points"])))

"""What the statistics count of a Six Sojourns game (`Game.facts`): the winners the score names,
the points per category of the last game scored, and whether it was a campaign."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core import Facts, Game, Transition
from companion.six_sojourns.actions import SojournsState
from companion.six_sojourns.scoring import score, shown_categories, standings
from companion.six_sojourns.setup import SojournsSetup


def facts(
    game: Game[Any, Any], setup: SojournsSetup, state: SojournsState, steps: Sequence[Transition]
) -> Facts:
    """Each player's final score (a campaign's total over its games), the winners, and per player
    the points of each category in play in the last game (`shown_categories`: the expansions
    not chosen are left out, so no figure counts them as 0 points)."""
    status = game.status(state)
    if status == "playing" or game.score is None:
        return Facts(status, tuple(setup.players))
    final = game.score(state)
    last = standings(state.sheet, score(state.sheet, state.thresholds))
    shown = shown_categories(state.sheet, last)
    details = {
        "categories": {
            standing.name: {category: standing.breakdown[category] for category in shown}
            for standing in last
        }
    }
    return Facts(
        status,
        tuple(setup.players),
        dict(final.totals),
        final.winners,
        campaign=bool(setup.campaign),
        details=details,
    )

"""What the statistics count of a Six Sojourns game (`Game.facts`): the winners the score names,
the points per category of the last game scored, and whether it was a campaign."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core import Facts, Game, Transition
from companion.six_sojourns.actions import SojournsState
from companion.six_sojourns.scoring import score, standings
from companion.six_sojourns.setup import SojournsSetup


def facts(
    game: Game[Any, Any], setup: SojournsSetup, state: SojournsState, steps: Sequence[Transition]
) -> Facts:
    """Each player's final score (a campaign's total over its games), the winners, and per player
    the points of each category of the last game: those are the categories in play."""
    status = game.status(state)
    if status == "playing" or game.score is None:
        return Facts(status, tuple(setup.players))
    final = game.score(state)
    last = standings(state.sheet, score(state.sheet, state.thresholds))
    details = {"categories": {standing.name: dict(standing.breakdown) for standing in last}}
    return Facts(
        status,
        tuple(setup.players),
        dict(final.totals),
        final.winners,
        campaign=bool(setup.campaign),
        details=details,
    )

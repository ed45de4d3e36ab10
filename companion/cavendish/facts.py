"""What the statistics count of a Cavendish mission (`Game.facts`): a completed mission is
everyone's win with the group's score (lower is better); the crystals spent per kind of action."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.cavendish.actions import AndCost, AttemptTest, Explore
from companion.cavendish.model import CavendishSetup, CavendishState
from companion.core import Facts, Game, Transition


def facts(
    game: Game[Any, Any], setup: CavendishSetup, state: CavendishState, steps: Sequence[Transition]
) -> Facts:
    """The group's final score for each agent once the mission is finished; a failed one has
    neither score nor winner. Crystals spent are those the Vortex gained on each kind of action."""
    status = game.status(state)
    spent = {"tests": 0, "explores": 0, "updates": 0}
    for before, action, after in steps:
        into_vortex = max(0, after.vortex - before.vortex)
        if isinstance(action, AttemptTest | AndCost):
            spent["tests"] += into_vortex
        elif isinstance(action, Explore):
            spent["explores"] += into_vortex
    spent["updates"] = state.ledger.standard_updates + state.ledger.emergency_updates
    players = tuple(setup.players)
    details = {"spent": spent}
    if status != "finished":
        return Facts(status, players, cooperative=True, lower_is_better=True, details=details)
    final = state.final_score
    scores = {} if final is None else dict.fromkeys(players, final)
    return Facts(
        status, players, scores, players, cooperative=True, lower_is_better=True, details=details
    )

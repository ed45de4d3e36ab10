"""What the statistics count of a Time Bastards game (`Game.facts`): the verdict's winners and
the step of the winner rule that decided a duel; a co-op team's shared score and result."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core import Facts, Game, Transition
from companion.time_bastards.model import TimeBastardsSetup, TimeBastardsState
from companion.time_bastards.result import verdict


def facts(
    game: Game[Any, Any],
    setup: TimeBastardsSetup,
    state: TimeBastardsState,
    steps: Sequence[Transition],
) -> Facts:
    """Duel: each player's achievements and the verdict's winners; co-op: the team's total for
    each member, and a win shared by both or by neither."""
    status = game.status(state)
    players = tuple(traveller.name for traveller in setup.players)
    cooperative = setup.mode == "coop"
    if status == "playing" or game.score is None:
        return Facts(status, players, cooperative=cooperative)
    result = verdict(state)
    totals = game.score(state).totals
    if cooperative:
        team = sum(totals.values())
        winners = players if result.winners else ()
        return Facts(status, players, dict.fromkeys(players, team), winners, cooperative=True)
    winners = tuple(players[index] for index in result.winners)
    return Facts(status, players, dict(totals), winners, details={"decided_by": result.step})

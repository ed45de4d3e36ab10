"""What the history of plays knows of Sojourn (`Game.recorded`, `Game.figures` ...): a recorded
run and the figures of the runs played."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core import Played, PlayShape

RECORDED = PlayShape(cooperative=True, outcomes=("won", "lost"), scored=False)
"""A recorded run: one traveller, home (`won`) or `lost`, and no score."""
START_PLAYER = False
"""Solo: there is no turn order, so no first player."""
OTHER_NAMES = ("Sojourn: A Journey Through Time",)
"""The name BoardGameGeek lists it under."""


def figures(plays: Sequence[Played]) -> dict[str, Any]:
    """Win rate and what ended each lost run (health at 0, or stuck with no way on)."""
    done = [p for p in plays if p.finished]
    ended = {"health": 0, "stuck": 0}
    for play in done:
        reason = play.facts.details.get("ended")
        if play.facts.status == "lost" and reason in ended:
            ended[reason] += 1
    wins = sum(1 for p in done if p.facts.winners)
    return {"win_rate": round(wins / len(done), 3) if done else None, "lost_by": ended}

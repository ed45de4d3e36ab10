"""What the history of plays knows of Time Bastards (`Game.recorded`, `Game.figures` ...): a
recorded duel and the figures of the duels played."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core import Played, PlayShape

RECORDED = PlayShape()
"""A recorded play is the two-player duel: each player's achievements, the most wins. The
tie-breaks (pieces on the board, the oldest piece) are not recorded: a tied play names its
winners among the tied (none named: all of them)."""
START_PLAYER = True
"""The rules name a first player: players move "in turn"."""

TIE_BREAK_STEPS = ("achievements", "pieces", "oldest piece", "tied")
"""The steps of the duel's winner rule, in the order they are tried (`result.verdict`)."""


def figures(plays: Sequence[Played]) -> dict[str, Any]:
    """How often each step of the winner rule decided a finished duel."""
    decided = dict.fromkeys(TIE_BREAK_STEPS, 0)
    for play in plays:
        step = play.facts.details.get("decided_by")
        if play.finished and step in decided:
            decided[step] += 1
    return {"decided_by": decided}

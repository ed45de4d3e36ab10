"""What the history of plays knows of TIME Stories Revolution: Cavendish (`Game.recorded`,
`Game.figures` ...): a recorded mission and the figures of the missions played."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core import Played, PlayShape

RECORDED = PlayShape(
    cooperative=True,
    outcomes=("won", "failed"),
    lower_is_better=True,
    statuses={"won": "finished"},
)
"""A recorded mission: completed (`won`, with the group's crystals, lower is better) or
`failed` (no score); the game's own facts call a completed mission `finished`."""
START_PLAYER = True
"""The rules name a first player: the first Time Captain."""
OTHER_NAMES = ("Cavendish",)
"""The name players say, without the series'."""


def figures(plays: Sequence[Played]) -> dict[str, Any]:
    """Success rate and the crystals spent on each kind of action (the best, lowest, final score
    is the game's `best_score`)."""
    done = [p for p in plays if p.finished]
    won = [p for p in done if p.facts.winners]
    spent = {"tests": 0, "explores": 0, "updates": 0}
    for play in done:
        kinds = play.facts.details.get("spent")
        if not isinstance(kinds, dict):
            continue  # a hand-edited cache: skipped, never trusted
        for kind, crystals in kinds.items():
            if kind in spent and type(crystals) is int:
                spent[kind] += crystals
    return {
        "success_rate": round(len(won) / len(done), 3) if done else None,
        "crystals_spent": spent,
    }

"""The end of a Cavendish mission in words: the final score and how it was reached, or the failure.

The group wins or loses together: there is no winner to name, only the outcome. The same lines
show on the result screen, in the exports and after `companion show`.
"""

from __future__ import annotations

from companion.cavendish.model import CavendishState, adjustment_moves
from companion.core import Result
from companion.text import plural


def explain(state: CavendishState) -> Result:
    """Mission completed with its final score (lower is better), failed and why, or in play."""
    ledger = state.ledger
    if state.outcome == "failed":
        return Result("Mission failed: no score", (state.reason,))
    standard = plural(ledger.standard_updates, "Standard Update")
    emergency = plural(ledger.emergency_updates, "Emergency Update")
    free = plural(ledger.free_updates, "free update")
    returned = (
        f"Mission Return card: {state.mission_return} Azrak from {standard} and {emergency} "
        f"({free} used)."
    )
    if state.outcome != "finished" or state.adjustments is None:
        where = f"round {state.round}" + (f" at {state.location}" if state.location else "")
        return Result(f"Mission in progress, {where}", (returned,))
    lines = [returned]
    for words, moved in adjustment_moves(state.mission_return, state.adjustments, state.rules):
        emptied = "" if moved else " (no crystal left on the card to remove)"
        lines.append(f"{words.capitalize()}: {moved:+d}{emptied}.")
    lines.append(f"Final score {state.final_score}: crystals left on the card, lower is better.")
    return Result(f"Mission completed: final score {state.final_score}", tuple(lines))

"""The end of a Cavendish mission in words: the final score and how it was reached, or the failure.

The group wins or loses together: there is no winner to name, only the outcome. The same lines
show on the result screen, in the exports and after `companion show`.
"""

from __future__ import annotations

from companion.cavendish.model import CavendishState, adjustment_moves
from companion.core import Result
from companion.phrases import Phrase, phrase, phrase_n

LINE_STARTS = {
    "Damien rescued": phrase("Damien rescued: {moved}."),
    "elixir of eternal life found": phrase("Elixir of eternal life found: {moved}."),
    "Anigimas freed": phrase("Anigimas freed: {moved}."),
    "Anton dead": phrase("Anton dead: {moved}."),
}
"""Each end-of-mission adjustment as a line of the result, by its words in `ADJUSTMENTS`."""
EMPTIED = {
    "Damien rescued": phrase("Damien rescued: {moved} (no crystal left on the card to remove)."),
    "elixir of eternal life found": phrase(
        "Elixir of eternal life found: {moved} (no crystal left on the card to remove)."
    ),
    "Anigimas freed": phrase("Anigimas freed: {moved} (no crystal left on the card to remove)."),
    "Anton dead": phrase("Anton dead: {moved} (no crystal left on the card to remove)."),
}
"""The same when the card had no crystal left for it to remove."""


def explain(state: CavendishState) -> Result:
    """Mission completed with its final score (lower is better), failed and why, or in play."""
    ledger = state.ledger
    if state.outcome == "failed":
        return Result(phrase("Mission failed: no score"), (state.reason,))
    returned = phrase(
        "Mission Return card: {crystals} Azrak from {standard} and {emergency} ({free} used).",
        crystals=state.mission_return,
        standard=phrase_n("{n} Standard Update", "{n} Standard Updates", ledger.standard_updates),
        emergency=phrase_n(
            "{n} Emergency Update", "{n} Emergency Updates", ledger.emergency_updates
        ),
        free=phrase_n("{n} free update", "{n} free updates", ledger.free_updates),
    )
    if state.outcome != "finished" or state.adjustments is None:
        if state.location:
            return Result(
                phrase(
                    "Mission in progress, round {round} at {location}",
                    round=state.round,
                    location=state.location,
                ),
                (returned,),
            )
        return Result(phrase("Mission in progress, round {round}", round=state.round), (returned,))
    lines = [returned]
    for words, moved in adjustment_moves(state.mission_return, state.adjustments, state.rules):
        line = LINE_STARTS[words] if moved else EMPTIED[words]
        lines.append(Phrase(line.template, {"moved": f"{moved:+d}"}))
    lines.append(
        phrase(
            "Final score {score}: crystals left on the card, lower is better.",
            score=state.final_score,
        )
    )
    return Result(
        phrase("Mission completed: final score {score}", score=state.final_score), tuple(lines)
    )

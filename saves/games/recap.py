"""A saved game's journal as the recap reads it (`companion.history.recap`): each step with the
time and the author its record gives."""

from __future__ import annotations

from datetime import datetime

from companion.history.recap import Recap, RecapStep, recap
from saves.games.store import SavedGame


def recap_steps(saved: SavedGame) -> list[RecapStep]:
    """The game's steps in play order, each with its record's time and who made it (a step
    without a record, from a save older than the journal, has neither)."""
    steps = saved.session.steps
    origins = saved.origins
    missing = len(steps) - len(origins)  # `origins` is in step with the session's end
    before = saved.session.initial
    found = []
    for index, step in enumerate(steps):
        origin = origins[index - missing] if index >= missing else None
        who = origin.whose if origin is not None and (origin.by or origin.seat) else ""
        found.append(RecapStep(step.line, before, step.state, origin.at if origin else None, who))
        before = step.state
    return found


def recap_of(saved: SavedGame, now: datetime) -> Recap:
    """The recap of a saved game, read at `now`."""
    return recap(saved.game, saved.session.state, recap_steps(saved), now, saved.updated)

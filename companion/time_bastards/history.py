"""What the history of plays knows of Time Bastards (`Game.recorded`, `Game.figures` ...): a
recorded duel and the figures of the duels played, recorded ones included."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core import Facts, Played, PlayShape

RECORDED = PlayShape()
"""A recorded play is the two-player duel: each player's achievements, the most wins. The
tie-breaks (pieces on the board, the oldest piece) are not recorded: a tied play names its
winners among the tied (none named: all of them)."""
START_PLAYER = True
"""The rules name a first player: players move "in turn"."""

TIE_BREAK_STEPS = ("achievements", "pieces", "oldest piece", "tied")
"""The steps of the duel's winner rule, in the order they are tried (`result.verdict`)."""


def figures(plays: Sequence[Played]) -> dict[str, Any]:
    """How often each step of the winner rule decided a finished duel, a recorded one's included
    where its result shows the step (`recorded_step`)."""
    decided = dict.fromkeys(TIE_BREAK_STEPS, 0)
    for play in plays:
        step = play.facts.details.get("decided_by")
        if step is None and play.facts.details.get("recorded"):
            step = recorded_step(play.facts)
        if play.finished and step in decided:
            decided[step] += 1
    return {"decided_by": decided}


def recorded_step(facts: Facts) -> str | None:
    """The step that decided a duel typed in or imported, read off its result: achievements that
    differ decided it when the one with more won alone; a win shared by both went through every
    step. A tie on achievements won by one of them was broken by pieces or the oldest piece,
    which a record does not hold: None, as for a co-op play (no duel), a winner-only play won by
    one (its achievements unknown) or a record whose winner is not the one with more."""
    players = set(facts.players)
    if facts.cooperative or len(players) != 2:
        return None
    if set(facts.winners) == players:
        return "tied"
    if set(facts.scores) != players or len(set(facts.scores.values())) != 2:
        return None
    leader = max(facts.scores, key=lambda name: facts.scores[name])
    return "achievements" if list(facts.winners) == [leader] else None

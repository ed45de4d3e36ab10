"""Cavendish conflicts in the log's words: who is held, the order, the damage, the defeat."""

from __future__ import annotations

from typing import Any

from companion.cavendish.actions import (
    AddAdversary,
    AnnounceGroupConflict,
    AttemptTest,
    BeginGroupConflict,
    EndGroupConflict,
    OrderAttempts,
    PersonalConflict,
)
from companion.cavendish.conflicts import (
    capitalised,
    next_attempt,
    running,
    standing_words,
    target_of,
)
from companion.cavendish.model import CavendishState, GroupConflict

CONFLICT_ACTIONS = (
    PersonalConflict,
    AnnounceGroupConflict,
    BeginGroupConflict,
    AddAdversary,
    OrderAttempts,
    EndGroupConflict,
)
"""The actions told here in full; a test's own words come first, its damage is told here."""


def conflict_words(before: CavendishState, action: Any, after: CavendishState) -> str:
    """The log line of a conflict action."""
    if isinstance(action, PersonalConflict):
        return f"{action.agent} is in a personal conflict: their test comes before anything else"
    if isinstance(action, AnnounceGroupConflict):
        assert after.conflict is not None
        return (
            f"{after.conflict.against_at_start} is announced: everyone stops; Items swap at "
            "no cost until it begins"
        )
    if isinstance(action, BeginGroupConflict):
        assert after.conflict is not None
        order = ", ".join(action.order)
        return (
            f"{after.conflict.against_at_start} begins, in this order: {order}; "
            f"{life_words(after.conflict)}"
        )
    if isinstance(action, OrderAttempts):
        assert after.conflict is not None
        captain = after.captain_agent.receptacle
        return (
            f"{captain} (Time Captain) sets the order for turn {after.conflict.turn} of "
            f"{after.conflict.against}: {', '.join(action.order)}"
        )
    if isinstance(action, AddAdversary):
        assert after.conflict is not None
        joined = after.conflict.adversaries[-1]
        return (
            f"{capitalised(joined.called)} joins {before_against(before)}: "
            f"{adversary_life_words(joined.life_points)}"
        )
    assert before.conflict is not None
    if after.conflict is not None:
        return (
            f"By the players' word {' '.join(action.adversary.split())} is defeated; "
            f"{standing_words(after.conflict)}"
        )
    fallen, verb = " ".join(action.adversary.split()) or "the adversary", "is"
    standing = before.conflict.standing
    if not action.adversary.strip() and len(before.conflict.adversaries) > 1 and standing:
        fallen = " and ".join(adversary.called for adversary in standing)
        verb = "are" if len(standing) > 1 else "is"
    return f"By the players' word {fallen} {verb} defeated: {before.conflict.against} is over"


def before_against(state: CavendishState) -> str:
    assert state.conflict is not None
    return state.conflict.against


def adversary_life_words(life_points: int) -> str:
    """ "4 life points", or that the group says when it is defeated."""
    if life_points:
        return f"{life_points} life points"
    return "life points not counted: the group says when it is defeated"


def life_words(conflict: GroupConflict) -> str:
    """ "6 life points", each adversary's when there are several, or what the app does without
    them."""
    if len(conflict.adversaries) > 1:
        return "; ".join(
            f"{adversary.called} {adversary_life_words(adversary.life_points)}"
            for adversary in conflict.adversaries
        )
    if conflict.life_points:
        return f"{conflict.life_points} life points"
    return "life points not counted: the group says when the adversary is defeated"


def damage_words(before: CavendishState, action: AttemptTest, after: CavendishState) -> str:
    """After a test in a group conflict: the damage it dealt on whose card, then a defeat, the
    end, or whose attempt is next ("; 2 damage (5 of 6 life points); turn 2: Amy attempts
    next")."""
    conflict = before.conflict
    if conflict is None or not conflict.begun:
        return ""
    text = ""
    if action.damage:
        target = conflict.adversaries[target_of(conflict, action.adversary)]
        dealt = target.damage + action.damage
        several = len(conflict.adversaries) > 1
        if 0 < target.life_points <= dealt:
            text = (
                f"; {action.damage} damage. {capitalised(target.called)} is defeated "
                f"({dealt} damage of {target.life_points} life points)"
            )
        else:
            total = f"{dealt} of {target.life_points} life points" if target.life_points else dealt
            on = f" on {target.called}" if several else ""
            text = f"; {action.damage} damage{on} ({total})"
    if after.conflict is None:
        return f"{text}: {conflict.against} is over"
    if action.damage and len(after.conflict.standing) < len(conflict.standing):
        text += f"; {standing_words(after.conflict)}"
    if not running(after):
        return text
    turn, due = next_attempt(after)
    return f"{text}; turn {turn}: {due} attempts next" if due else text

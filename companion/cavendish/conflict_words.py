"""Cavendish conflicts in the log's words: who is held, the order, the damage, the defeat."""

from __future__ import annotations

from typing import Any

from companion.cavendish.actions import (
    AnnounceGroupConflict,
    AttemptTest,
    BeginGroupConflict,
    EndGroupConflict,
    OrderAttempts,
    PersonalConflict,
)
from companion.cavendish.conflicts import next_attempt, running
from companion.cavendish.model import CavendishState, GroupConflict

CONFLICT_ACTIONS = (
    PersonalConflict,
    AnnounceGroupConflict,
    BeginGroupConflict,
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
    assert before.conflict is not None
    return f"By the players' word the adversary is defeated: {before.conflict.against} is over"


def life_words(conflict: GroupConflict) -> str:
    """ "6 life points" or what the app does without them."""
    if conflict.life_points:
        return f"{conflict.life_points} life points"
    return "life points not counted: the group says when the adversary is defeated"


def damage_words(before: CavendishState, action: AttemptTest, after: CavendishState) -> str:
    """After a test in a group conflict: the damage it dealt, then the defeat or whose attempt
    is next ("; 2 damage (5 of 6 life points); turn 2: Amy attempts next")."""
    conflict = before.conflict
    if conflict is None or not conflict.begun:
        return ""
    dealt = conflict.damage + action.damage
    if after.conflict is None and 0 < conflict.life_points <= dealt:
        name = conflict.adversary or "the adversary"
        return (
            f"; {action.damage} damage. {name[0].upper()}{name[1:]} is defeated ({dealt} damage "
            f"of {conflict.life_points} life points): {conflict.against} is over"
        )
    text = ""
    if action.damage:
        total = f"{dealt} of {conflict.life_points} life points" if conflict.life_points else dealt
        text = f"; {action.damage} damage ({total})"
    if not running(after):
        return text
    turn, due = next_attempt(after)
    return f"{text}; turn {turn}: {due} attempts next" if due else text

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
    next_attempt,
    running,
    standing_words,
    target_of,
)
from companion.cavendish.model import Adversary, CavendishState, GroupConflict
from companion.cavendish.saying import both
from companion.phrases import joined, phrase

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
        return phrase(
            "{agent} is in a personal conflict: their test comes before anything else",
            agent=action.agent,
        )
    if isinstance(action, AnnounceGroupConflict):
        assert after.conflict is not None
        return phrase(
            "{conflict} is announced: everyone stops; Items swap at no cost until it begins",
            conflict=after.conflict.against_at_start,
        )
    if isinstance(action, BeginGroupConflict):
        assert after.conflict is not None
        return phrase(
            "{conflict} begins, in this order: {order}; {life}",
            conflict=after.conflict.against_at_start,
            order=joined(", ", action.order),
            life=life_words(after.conflict),
        )
    if isinstance(action, OrderAttempts):
        assert after.conflict is not None
        return phrase(
            "{captain} (Time Captain) sets the order for turn {turn} of {conflict}: {order}",
            captain=after.captain_agent.receptacle,
            turn=after.conflict.turn,
            conflict=after.conflict.against,
            order=joined(", ", action.order),
        )
    if isinstance(action, AddAdversary):
        assert after.conflict is not None
        arrived = after.conflict.adversaries[-1]
        return phrase(
            "{adversary} joins {conflict}: {life}",
            adversary=arrived.called_at_start,
            conflict=before_against(before),
            life=adversary_life_words(arrived.life_points),
        )
    assert before.conflict is not None
    if after.conflict is not None:
        return phrase(
            "By the players' word {adversary} is defeated; {standing}",
            adversary=" ".join(action.adversary.split()),
            standing=standing_words(after.conflict),
        )
    fallen: str = " ".join(action.adversary.split()) or phrase("the adversary")
    standing = before.conflict.standing
    if not action.adversary.strip() and len(before.conflict.adversaries) > 1 and standing:
        fallen = both([adversary.called for adversary in standing])
        if len(standing) > 1:
            return phrase(
                "By the players' word {adversaries} are defeated: {conflict} is over",
                adversaries=fallen,
                conflict=before.conflict.against,
            )
    return phrase(
        "By the players' word {adversary} is defeated: {conflict} is over",
        adversary=fallen,
        conflict=before.conflict.against,
    )


def before_against(state: CavendishState) -> str:
    assert state.conflict is not None
    return state.conflict.against


def adversary_life_words(life_points: int) -> str:
    """ "4 life points", or that the group says when it is defeated."""
    if life_points:
        return phrase("{life_points} life points", life_points=life_points)
    return phrase("life points not counted: the group says when it is defeated")


def life_words(conflict: GroupConflict) -> str:
    """ "6 life points", each adversary's when there are several, or what the app does without
    them."""
    if len(conflict.adversaries) > 1:
        return joined(
            "; ",
            [
                phrase(
                    "{adversary} {life}",
                    adversary=adversary.called,
                    life=adversary_life_words(adversary.life_points),
                )
                for adversary in conflict.adversaries
            ],
        )
    if conflict.life_points:
        return phrase("{life_points} life points", life_points=conflict.life_points)
    return phrase("life points not counted: the group says when the adversary is defeated")


def damage_words(
    line: str, before: CavendishState, action: AttemptTest, after: CavendishState
) -> str:
    """The test's `line`, then after a test in a group conflict: the damage it dealt on whose
    card, then a defeat, the end, or whose attempt is next ("; 2 damage (5 of 6 life points);
    turn 2: Amy attempts next")."""
    conflict = before.conflict
    if conflict is None or not conflict.begun:
        return line
    if action.damage:
        target = conflict.adversaries[target_of(conflict, action.adversary)]
        dealt = target.damage + action.damage
        several = len(conflict.adversaries) > 1
        if 0 < target.life_points <= dealt:
            line = joined(
                "; ",
                [
                    line,
                    phrase(
                        "{damage} damage. {adversary} is defeated ({dealt} damage of "
                        "{life_points} life points)",
                        damage=action.damage,
                        adversary=target.called_at_start,
                        dealt=dealt,
                        life_points=target.life_points,
                    ),
                ],
            )
        else:
            line = joined("; ", [line, dealt_words(action.damage, dealt, target, several)])
    if after.conflict is None:
        return joined(": ", [line, phrase("{conflict} is over", conflict=conflict.against)])
    if action.damage and len(after.conflict.standing) < len(conflict.standing):
        line = joined("; ", [line, standing_words(after.conflict)])
    if not running(after):
        return line
    turn, due = next_attempt(after)
    if not due:
        return line
    return joined("; ", [line, phrase("turn {turn}: {agent} attempts next", turn=turn, agent=due)])


def dealt_words(damage: int, dealt: int, target: Adversary, several: bool) -> str:
    """ "2 damage (5 of 6 life points)", naming the adversary's card when there are several."""
    if target.life_points and several:
        return phrase(
            "{damage} damage on {adversary} ({dealt} of {life_points} life points)",
            damage=damage,
            adversary=target.called,
            dealt=dealt,
            life_points=target.life_points,
        )
    if target.life_points:
        return phrase(
            "{damage} damage ({dealt} of {life_points} life points)",
            damage=damage,
            dealt=dealt,
            life_points=target.life_points,
        )
    if several:
        return phrase(
            "{damage} damage on {adversary} ({dealt})",
            damage=damage,
            adversary=target.called,
            dealt=dealt,
        )
    return phrase("{damage} damage ({dealt})", damage=damage, dealt=dealt)

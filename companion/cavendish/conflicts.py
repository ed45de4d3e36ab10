"""Conflicts: a personal conflict holds one agent to its test; a group conflict stops everyone.

The rulebook: a personal conflict's reader "must resolve the conflict immediately, before doing
anything else"; a group conflict is announced when its card is read ("Before beginning the
conflict, players may freely swap Items"), then every agent attempts one test a turn in the Time
Captain's order until the adversary is defeated: its damage reaches its life points, or the group
says so. The rulings the book leaves open are in docs/rules-notes.md (Cavendish conflicts).
"""

from __future__ import annotations

from dataclasses import replace

from companion.cavendish.actions import (
    AddAdversary,
    AnnounceGroupConflict,
    AttemptTest,
    BeginGroupConflict,
    EndGroupConflict,
    OrderAttempts,
    PersonalConflict,
)
from companion.cavendish.azrak import active_agent, agent_at, require_phase, with_agent
from companion.cavendish.model import Adversary, CavendishState, GroupConflict, Receptacle
from companion.cavendish.saying import both
from companion.core import RuleError
from companion.phrases import joined, phrase

MAX_ADVERSARY = 24
"""Longest adversary name kept."""

MAX_POINTS = 99
"""Most life points an adversary has, and most damage one test deals, as typed."""

KEPT_WHOLE = 3
"""The rules revision from which a group conflict's turn and the mission's end wait for every
conflict (docs/rules-notes.md, Cavendish revision 3)."""


def personal_conflict(state: CavendishState, action: PersonalConflict) -> CavendishState:
    """Mark the agent: until their test resolves it, the card stays in front of them."""
    require_phase(state, "discovery", phrase("A personal conflict"))
    index = active_agent(state, action.agent)
    agent = state.agents[index]
    if agent.personal_conflict:
        raise RuleError(
            phrase(
                "{agent} is already in a personal conflict: test it first.",
                agent=agent.receptacle,
            )
        )
    return with_agent(state, index, replace(agent, personal_conflict=True))


def announce(state: CavendishState, action: AnnounceGroupConflict) -> CavendishState:
    """A group conflict card is read: everyone stops; Items may be swapped before it begins."""
    require_phase(state, "discovery", phrase("A group conflict"))
    if state.conflict is not None:
        raise RuleError(
            phrase(
                "{conflict} is not over yet: end it first.",
                conflict=state.conflict.against_at_start,
            )
        )
    name = " ".join(action.adversary.split())
    if len(name) > MAX_ADVERSARY:
        raise RuleError(
            phrase("Name the adversary in at most {most} characters.", most=MAX_ADVERSARY)
        )
    return replace(state, conflict=GroupConflict(adversaries=(Adversary(name),)))


def begin(state: CavendishState, action: BeginGroupConflict) -> CavendishState:
    """The Time Captain's order of attempts and the adversary's life points: it begins."""
    conflict = state.conflict
    if conflict is None:
        raise RuleError(
            phrase("No group conflict is announced: read its card first (announce it).")
        )
    if conflict.begun:
        raise RuleError(phrase("{conflict} has already begun.", conflict=conflict.against_at_start))
    check_order(state, action.order)
    check_life_points(action.life_points)
    first, *more = conflict.adversaries
    adversaries = (replace(first, life_points=action.life_points), *more)
    begun = replace(conflict, begun=True, order=action.order, adversaries=adversaries)
    return replace(state, conflict=begun)


def check_life_points(life_points: int) -> None:
    """Life points as a card shows them, or 0 when it gives none."""
    if not 0 <= life_points <= MAX_POINTS:
        raise RuleError(
            phrase(
                "The adversary's life points are 1 to {most} as its card shows (0 when the card "
                "gives none), not {life_points}.",
                most=MAX_POINTS,
                life_points=life_points,
            )
        )


def add_adversary(state: CavendishState, action: AddAdversary) -> CavendishState:
    """Another adversary joins the group conflict, with its own life points and damage."""
    conflict = state.conflict
    if conflict is None:
        ended = ended_words(state)
        if ended:
            raise RuleError(
                phrase(
                    "No group conflict is announced: {ended}: an adversary joins one (announce "
                    "it first).",
                    ended=ended,
                )
            )
        raise RuleError(
            phrase("No group conflict is announced: an adversary joins one (announce it first).")
        )
    name = " ".join(action.name.split())
    if not name or len(name) > MAX_ADVERSARY:
        raise RuleError(
            phrase(
                "Name the new adversary (1 to {most} characters): the damage of each test goes "
                "on the card of the adversary it names.",
                most=MAX_ADVERSARY,
            )
        )
    for adversary in conflict.adversaries:
        if adversary.called.lower() == name.lower():
            raise RuleError(
                phrase(
                    "{adversary} is in {conflict} already.",
                    adversary=adversary.called,
                    conflict=conflict.against,
                )
            )
    check_life_points(action.life_points)
    joined = (*conflict.adversaries, Adversary(name, action.life_points))
    return replace(state, conflict=replace(conflict, adversaries=joined))


def target_of(conflict: GroupConflict, name: str, instead: str = "") -> int:
    """The adversary whose card a test's damage goes on (or the players' word defeats): the one
    named, else the first still standing; a defeated one is refused, saying so."""
    if not name.strip():
        return conflict.adversaries.index(conflict.standing[0])
    instead = instead or phrase("the damage goes on the card of an adversary still standing")
    wanted = " ".join(name.split()).lower()
    for number, adversary in enumerate(conflict.adversaries):
        if adversary.called.lower() == wanted:
            if adversary.defeated:
                raise RuleError(
                    phrase(
                        "{adversary} is defeated already ({how}): {instead} ({standing}).",
                        adversary=adversary.called_at_start,
                        how=defeat_words(adversary),
                        instead=instead,
                        standing=standing_words(conflict),
                    )
                )
            return number
    raise RuleError(
        phrase(
            "{name} is not an adversary of {conflict} ({standing}).",
            name=name,
            conflict=conflict.against,
            standing=standing_words(conflict),
        )
    )


def defeat_words(adversary: Adversary) -> str:
    """How an adversary fell: "6 damage of 6 life points" or "by the players' word"."""
    if 0 < adversary.life_points <= adversary.damage:
        return phrase(
            "{damage} damage of {life_points} life points",
            damage=adversary.damage,
            life_points=adversary.life_points,
        )
    return phrase("by the players' word")


def standing_words(conflict: GroupConflict) -> str:
    """ "standing: the Ghoul (2 damage of 4 life points)"."""
    standing = [adversary.standing for adversary in conflict.standing]
    if standing:
        return phrase("standing: {adversaries}", adversaries=joined(", ", standing))
    return phrase("none standing")


def check_order(state: CavendishState, order: tuple[Receptacle, ...]) -> None:
    """An order of attempts names every agent not ejected, once each."""
    for name in order:
        agent_at(state, name)
    able = [agent.receptacle for agent in state.agents if not agent.ejected]
    if sorted(order) != sorted(able):
        ejected = [agent.receptacle for agent in state.agents if agent.ejected]
        if ejected:
            raise RuleError(
                phrase(
                    "The Time Captain's order names every agent able to act once: {agents} "
                    "({ejected} ejected, so left out).",
                    agents=joined(", ", able),
                    ejected=both(ejected),
                )
            )
        raise RuleError(
            phrase(
                "The Time Captain's order names every agent able to act once: {agents}.",
                agents=joined(", ", able),
            )
        )


def reorder(state: CavendishState, action: OrderAttempts) -> CavendishState:
    """A new order of attempts, set by the Time Captain before anyone attempts in a turn."""
    conflict = state.conflict
    if conflict is None or not conflict.begun:
        raise RuleError(
            phrase(
                "No group conflict is under way: the Time Captain's order is set when one begins."
            )
        )
    state = next_turn_if_done(state)
    assert state.conflict is not None
    conflict = state.conflict
    if conflict.attempted:
        raise RuleError(
            phrase(
                "Turn {turn} of {conflict} is under way ({attempted} attempted): the Time Captain "
                "sets a new order before the next turn.",
                turn=conflict.turn,
                conflict=conflict.against,
                attempted=joined(", ", conflict.attempted),
            )
        )
    check_order(state, action.order)
    return replace(state, conflict=replace(conflict, order=action.order))


def end_conflict(state: CavendishState, action: EndGroupConflict) -> CavendishState:
    """By the players' word the adversary is defeated: the adventure resumes, between two turns
    from revision 3 (damage reaching the life points ends it at once). Naming one adversary of
    several defeats that one only; the conflict ends with the last one standing."""
    conflict = state.conflict
    if conflict is None:
        ended = ended_words(state)
        if ended:
            raise RuleError(phrase("No group conflict is under way: {ended}.", ended=ended))
        raise RuleError(phrase("No group conflict is under way."))
    if not conflict.begun:
        raise RuleError(
            phrase(
                "{conflict} has not begun: the Time Captain sets the order first (undo takes "
                "back an announcement made by mistake).",
                conflict=conflict.against_at_start,
            )
        )
    if action.adversary.strip():
        number = target_of(conflict, action.adversary, phrase("the players' word is for another"))
        adversaries = list(conflict.adversaries)
        adversaries[number] = replace(adversaries[number], by_word=True)
        conflict = replace(conflict, adversaries=tuple(adversaries))
        if not conflict.defeated:
            return replace(state, conflict=conflict)
    due = still_due(state)
    if state.rules >= KEPT_WHOLE and due and conflict.attempted:
        raise RuleError(
            phrase(
                "Turn {turn} of {conflict} ends once everyone in it has made their attempt: "
                "{agents} still to attempt (or to be ejected).",
                turn=conflict.turn,
                conflict=conflict.against,
                agents=both(due),
            )
        )
    fallen = tuple(
        replace(adversary, by_word=True) if not adversary.defeated else adversary
        for adversary in conflict.adversaries
    )
    return replace(state, conflict=None, ended_conflict=replace(conflict, adversaries=fallen))


def ended_words(state: CavendishState) -> str:
    """ ": the group conflict against the Butler is over, the Butler defeated (6 damage of 6
    life points)" after one ended, else "" (none was fought yet)."""
    ended = state.ended_conflict
    if ended is None:
        return ""
    fallen = [
        phrase(
            "{adversary} defeated ({how})", adversary=adversary.called, how=defeat_words(adversary)
        )
        for adversary in ended.adversaries
    ]
    return phrase("{conflict} is over, {fallen}", conflict=ended.against, fallen=both(fallen))


def still_due(state: CavendishState) -> list[Receptacle]:
    """The agents of the order, not ejected, yet to attempt in this turn."""
    conflict = state.conflict
    assert conflict is not None
    able = [name for name in conflict.order if not state.agents[state.index(name)].ejected]
    return [name for name in able if name not in conflict.attempted]


def running(state: CavendishState) -> bool:
    """A group conflict has begun (its tests go in order, supports need no stand by)."""
    return state.conflict is not None and state.conflict.begun


def next_attempt(state: CavendishState) -> tuple[int, Receptacle | None]:
    """The turn and the agent due to attempt next in a begun group conflict; ejected agents are
    skipped, and once everyone left has attempted, the next turn starts with the first."""
    conflict = state.conflict
    assert conflict is not None
    left = still_due(state)
    if left:
        return conflict.turn, left[0]
    able = [name for name in conflict.order if not state.agents[state.index(name)].ejected]
    return conflict.turn + 1, able[0] if able else None


def check_free_to_act(state: CavendishState, index: int, doing: str) -> None:
    """Refuse an action the group conflict stops, or one an agent's personal conflict blocks."""
    conflict = state.conflict
    if conflict is not None:
        raise RuleError(
            phrase(
                "Everyone stops for {conflict}: no {doing} until the adversary is defeated.",
                conflict=conflict.against,
                doing=doing,
            )
        )
    agent = state.agents[index]
    if agent.personal_conflict:
        raise RuleError(
            phrase(
                "{agent} must resolve their personal conflict (its test) before {doing}.",
                agent=agent.receptacle,
                doing=doing,
            )
        )


def check_supporter(state: CavendishState, index: int) -> None:
    """A supporter is in stand by, except in a begun group conflict (a card in front is fine)."""
    agent = state.agents[index]
    if agent.personal_conflict and not running(state):
        raise RuleError(
            phrase(
                "{agent} has a personal conflict card in front of them: not in stand by, so no "
                "support until it is resolved.",
                agent=agent.receptacle,
            )
        )


def check_gift(state: CavendishState, giver: int) -> bool:
    """Whether a gift is free: before a group conflict begins Items swap at no cost, once it has
    begun no swapping; otherwise the giver's personal conflict blocks it."""
    conflict = state.conflict
    if conflict is None:
        check_free_to_act(state, giver, phrase("giving Items"))
        return False
    if conflict.begun:
        raise RuleError(
            phrase(
                "{conflict} has begun: no further swapping is allowed.",
                conflict=conflict.against_at_start,
            )
        )
    return True


def check_attempt(state: CavendishState, action: AttemptTest) -> None:
    """A test waits for the group conflict to begin, then goes in the Time Captain's order; only
    a test against a group conflict's adversary deals damage."""
    conflict = state.conflict
    if not 0 <= action.damage <= MAX_POINTS:
        raise RuleError(
            phrase(
                "A test deals 0 to {most} damage, not {damage}.",
                most=MAX_POINTS,
                damage=action.damage,
            )
        )
    if action.damage and conflict is None:
        ended = ended_words(state)
        if ended:
            raise RuleError(
                phrase(
                    "Damage points go on an adversary's card during a group conflict: none is "
                    "under way: {ended}.",
                    ended=ended,
                )
            )
        raise RuleError(
            phrase(
                "Damage points go on an adversary's card during a group conflict: none is "
                "under way."
            )
        )
    if action.damage and conflict is not None and not conflict.begun:
        raise RuleError(
            phrase(
                "Damage points go on an adversary's card once its group conflict has begun: "
                "{conflict} is only announced.",
                conflict=conflict.against,
            )
        )
    if conflict is None:
        return
    if not conflict.begun:
        raise RuleError(
            phrase(
                "{conflict} is announced: swap Items if you wish, then the Time Captain sets the "
                "order and it begins before any test.",
                conflict=conflict.against_at_start,
            )
        )
    if action.damage or action.adversary.strip():
        target_of(conflict, action.adversary)
    turn, due = next_attempt(state)
    if action.agent != due:
        raise RuleError(
            phrase(
                "It is {agent}'s attempt in turn {turn} of {conflict} (the Time Captain's "
                "order: {order}).",
                agent=due,
                turn=turn,
                conflict=conflict.against,
                order=joined(", ", conflict.order),
            )
        )


def next_turn_if_done(state: CavendishState) -> CavendishState:
    """A new turn once every agent of the order still able to act has attempted."""
    conflict = state.conflict
    assert conflict is not None
    turn, _due = next_attempt(state)
    if turn == conflict.turn:
        return state
    return replace(state, conflict=replace(conflict, turn=turn, attempted=()))


def after_attempt(
    state: CavendishState, tester: Receptacle, damage: int, adversary: str = ""
) -> CavendishState:
    """Record a test: a begun group conflict takes its damage on the adversary's card and ends
    once every adversary's damage reaches its life points, or moves to the next attempt (or
    turn); otherwise the tester's personal conflict, if any, is resolved."""
    conflict = state.conflict
    if conflict is not None and conflict.begun:
        state = next_turn_if_done(state)  # the rest of the turn may have been ejected
        assert state.conflict is not None
        conflict = state.conflict
        attempted = (*conflict.attempted, tester)
        adversaries = list(conflict.adversaries)
        if damage:
            target = target_of(conflict, adversary)
            hit = adversaries[target]
            adversaries[target] = replace(hit, damage=hit.damage + damage)
        conflict = replace(conflict, attempted=attempted, adversaries=tuple(adversaries))
        if conflict.defeated:
            return replace(state, conflict=None, ended_conflict=conflict)
        return next_turn_if_done(replace(state, conflict=conflict))
    index = state.index(tester)
    agent = state.agents[index]
    if agent.personal_conflict:
        state = with_agent(state, index, replace(agent, personal_conflict=False))
    return state


def check_leaving(state: CavendishState) -> None:
    """The group leaves only once every conflict at the location is resolved."""
    if state.conflict is not None:
        raise RuleError(
            phrase(
                "{conflict} is not over: the group leaves once the adversary is defeated.",
                conflict=state.conflict.against_at_start,
            )
        )
    held = [agent.receptacle for agent in state.agents if agent.personal_conflict]
    if held:
        raise RuleError(
            phrase(
                "{agents} must resolve their personal conflict first: to leave, everyone is in "
                "stand by.",
                agents=both(held),
            )
        )


def check_ending(state: CavendishState) -> None:
    """From revision 3 the epilogue is read only with no conflict open."""
    if state.rules < KEPT_WHOLE:
        return
    if state.conflict is not None:
        raise RuleError(
            phrase(
                "{conflict} is not over: the mission ends once the adversary is defeated.",
                conflict=state.conflict.against_at_start,
            )
        )
    held = [agent.receptacle for agent in state.agents if agent.personal_conflict]
    if held:
        raise RuleError(
            phrase(
                "{agents} must resolve their personal conflict before the mission ends.",
                agents=both(held),
            )
        )


def closed(state: CavendishState) -> CavendishState:
    """An ended mission (from revision 3) holds no conflict: nothing is played after it."""
    if not state.outcome or state.rules < KEPT_WHOLE:
        return state
    agents = tuple(replace(agent, personal_conflict=False) for agent in state.agents)
    return replace(state, conflict=None, agents=agents)

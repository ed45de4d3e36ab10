"""Cavendish in words: the log lines, the saved-games summary, the status and the score."""

from __future__ import annotations

from typing import Any

from companion.cavendish.actions import (
    AbandonMission,
    AndCost,
    AttemptTest,
    ChooseLocation,
    DiscardFear,
    Eject,
    EmergencyUpdate,
    EndMission,
    Explore,
    GainAzrak,
    GiveItems,
    LeaveLocation,
    LoseAzrak,
    LoseControl,
    PassCaptain,
    ReshuffleDestiny,
    StandardUpdate,
    StowItem,
    TakeFear,
    TakeItem,
)
from companion.cavendish.conflict_words import CONFLICT_ACTIONS, conflict_words, damage_words
from companion.cavendish.destiny import signed
from companion.cavendish.epilogue import EPILOGUE_ACTIONS, epilogue_words, note_taken_words
from companion.cavendish.items import find_held
from companion.cavendish.model import PHASE_NAMES, CavendishState, adjustment_moves
from companion.cavendish.saying import ATTRIBUTE_NAMES, KIND_NAMES
from companion.core import Score, ScoreLine
from companion.phrases import joined, phrase, phrase_n

OUTCOME_WORDS = {
    # TRANSLATORS: a test's outcome
    "failure": phrase("failure"),
    # TRANSLATORS: a test's outcome (the value equals the difficulty)
    "critical": phrase("critical success"),
    # TRANSLATORS: a test's outcome
    "success": phrase("success"),
}


def spent_words(before: CavendishState, after: CavendishState, receptacle: str) -> str:
    """How many crystals an agent paid, read from the pools before and after."""
    paid = before.agents[before.index(receptacle)].pool - after.agents[after.index(receptacle)].pool
    if paid:
        return phrase_n("{n} Azrak to the Vortex", "{n} Azrak to the Vortex", paid)
    return phrase("free action")


def fear_words(before: CavendishState, action: TakeFear, after: CavendishState) -> str:
    """A Fear taken as the rulebook says it: the tokens go onto the Receptacle card, and what
    exceeds Confidence onto the visited location (back to the supply when none is visited yet)."""
    index = after.index(action.agent)
    agent = after.agents[index]
    onto_card = agent.fear - before.agents[index].fear
    spilled = sum(p.fear for p in after.house_plan) - sum(p.fear for p in before.house_plan)
    returned = action.count - onto_card - spilled
    who, count = action.agent, action.count
    if not spilled and not returned:
        if agent.fear != onto_card:
            return phrase_n(
                "{agent} took {n} Fear onto the card ({held} on it now)",
                "{agent} took {n} Fear onto the card ({held} on it now)",
                count,
                agent=who,
                held=agent.fear,
            )
        return phrase_n(
            "{agent} took {n} Fear onto the card",
            "{agent} took {n} Fear onto the card",
            count,
            agent=who,
        )
    confidence = agent.attribute("confidence")
    if returned:
        why = phrase(
            "the card is full at Confidence {confidence}; no location visited yet",
            confidence=confidence,
        )
    else:
        why = phrase("the card is full at Confidence {confidence}", confidence=confidence)
    moved = [
        said
        for moves, said in (
            (onto_card, phrase("{n} onto the card", n=onto_card)),
            (spilled, phrase("{n} onto {location}", n=spilled, location=after.location)),
            (returned, phrase("{n} back to the supply", n=returned)),
        )
        if moves
    ]
    if len(moved) > 1:
        return phrase_n(
            "{agent} took {n} Fear: {moves} ({why})",
            "{agent} took {n} Fear: {moves} ({why})",
            count,
            agent=who,
            moves=joined(", ", moved),
            why=why,
        )
    if spilled:
        return phrase_n(
            "{agent} took {n} Fear onto {location} ({why})",
            "{agent} took {n} Fear onto {location} ({why})",
            count,
            agent=who,
            location=after.location,
            why=why,
        )
    return phrase_n(
        "{agent} took {n} Fear back to the supply ({why})",
        "{agent} took {n} Fear back to the supply ({why})",
        count,
        agent=who,
        why=why,
    )


def spill_words(before: CavendishState, after: CavendishState) -> list[str]:
    """Fear pushed off a card because the agent's Confidence fell (an Item stowed or given)."""
    said: list[str] = []
    for agent, was in zip(after.agents, before.agents, strict=True):
        spilled = was.fear - agent.fear
        if spilled <= 0:
            continue
        confidence = agent.attribute("confidence")
        if after.location:
            said.append(
                phrase(
                    "{agent}'s Confidence is now {confidence}: {n} Fear onto {location}",
                    agent=agent.receptacle,
                    confidence=confidence,
                    n=spilled,
                    location=after.location,
                )
            )
        else:
            said.append(
                phrase(
                    "{agent}'s Confidence is now {confidence}: {n} Fear back to the supply",
                    agent=agent.receptacle,
                    confidence=confidence,
                    n=spilled,
                )
            )
    return said


def narrate(before: CavendishState, action: Any, after: CavendishState) -> str:
    """The log line for an action, with any broken link or end of mission it caused."""
    line = _action_words(before, action, after)
    if not isinstance(action, TakeFear | DiscardFear):
        spills = spill_words(before, after)
        if spills:
            line = joined(". ", [line, *spills])
    if not isinstance(action, EmergencyUpdate | LoseControl):
        for link in after.pending:
            line = then(
                line,
                phrase(
                    "{agent}'s link is broken: Emergency Update or lose control?",
                    agent=link.receptacle,
                ),
            )
    if after.outcome == "failed" and not before.outcome and not isinstance(action, AbandonMission):
        line = then(line, after.reason)
    return line


def then(line: str, sentence: str) -> str:
    """One more sentence after the line: a full stop between them unless one ends it already."""
    return joined(" " if line.endswith((".", "?", "!")) else ". ", [line, sentence])


def _action_words(before: CavendishState, action: Any, after: CavendishState) -> str:
    if isinstance(action, ChooseLocation):
        return phrase(
            "{captain} (Time Captain) chose {location} (1 Azrak onto it)",
            captain=before.captain_agent.receptacle,
            location=after.location,
        )
    if isinstance(action, Explore):
        return phrase(
            "{agent} explored ({cost})",
            agent=action.agent,
            cost=spent_words(before, after, action.agent),
        )
    if isinstance(action, AndCost):
        return phrase(
            "{agent} took both options ({cost})",
            agent=action.agent,
            cost=spent_words(before, after, action.agent),
        )
    if isinstance(action, AttemptTest):
        return damage_words(_test_words(after), before, action, after)
    if isinstance(action, CONFLICT_ACTIONS):
        return conflict_words(before, action, after)
    if isinstance(action, GiveItems):
        cost: str
        if before.conflict is not None:
            cost = phrase("swap before the group conflict")
        elif before.phase == "discovery":
            cost = spent_words(before, after, action.giver)
        else:
            cost = phrase("swap")
        return phrase(
            "{giver} gave {items} to {receiver} ({cost})",
            giver=action.giver,
            items=joined(", ", held_names(before, action.giver, action.items)),
            receiver=action.receiver,
            cost=cost,
        )
    if isinstance(action, GainAzrak):
        return _gain_words(before, action, after)
    if isinstance(action, LoseAzrak):
        lost = (
            before.agents[before.index(action.agent)].pool
            - after.agents[after.index(action.agent)].pool
        )
        if lost < action.amount:
            return phrase_n(
                "{agent} lost {n} Azrak of {amount}, all there was to the Vortex",
                "{agent} lost {n} Azrak of {amount}, all there was to the Vortex",
                lost,
                agent=action.agent,
                amount=action.amount,
            )
        return phrase_n(
            "{agent} lost {n} Azrak to the Vortex",
            "{agent} lost {n} Azrak to the Vortex",
            lost,
            agent=action.agent,
        )
    if isinstance(action, TakeFear):
        return fear_words(before, action, after)
    if isinstance(action, DiscardFear):
        return phrase_n(
            "{agent} discarded {n} Fear",
            "{agent} discarded {n} Fear",
            action.count,
            agent=action.agent,
        )
    if isinstance(action, TakeItem):
        return note_taken_words(_item_words(before, action, after), before, after)
    if isinstance(action, EPILOGUE_ACTIONS):
        return epilogue_words(before, action, after)
    if isinstance(action, StowItem):
        return phrase(
            "{agent} put away {item}",
            agent=action.agent,
            item=held_names(before, action.agent, (action.name,))[0],
        )
    if isinstance(action, Eject):
        if before.location:
            return phrase(
                "{agent} was ejected from {location}",
                agent=action.agent,
                location=before.location,
            )
        return phrase("{agent} was ejected from the location", agent=action.agent)
    if isinstance(action, LeaveLocation):
        return phrase(
            "The group left {location}: Between Locations phase", location=before.location
        )
    if isinstance(action, StandardUpdate):
        return _update_words(before, action, after)
    if isinstance(action, PassCaptain):
        return phrase(
            "Round {round}: {captain} is the Time Captain",
            round=after.round,
            captain=after.captain_agent.receptacle,
        )
    if isinstance(action, EmergencyUpdate):
        who = before.pending[0].receptacle
        pool = after.agents[after.index(who)].pool
        if after.mission_return == before.mission_return:
            return phrase(
                "{agent} requested an Emergency Update (free update), pool refilled to {pool}",
                agent=who,
                pool=pool,
            )
        return phrase(
            "{agent} requested an Emergency Update (1 Azrak to the Mission Return card), pool "
            "refilled to {pool}",
            agent=who,
            pool=pool,
        )
    if isinstance(action, LoseControl):
        link = before.pending[0]
        if after.house_total < before.house_total:
            return phrase(
                "{agent} lost control of the receptacle and is ejected; the crystal placed on "
                "{location} goes to the Vortex",
                agent=link.receptacle,
                location=link.on_location,
            )
        return phrase(
            "{agent} lost control of the receptacle and is ejected", agent=link.receptacle
        )
    if isinstance(action, ReshuffleDestiny):
        return phrase("The Destiny discards were shuffled back into the deck")
    if isinstance(action, EndMission):
        return phrase(
            "Mission complete: final score {score} (lower is better)", score=after.final_score
        )
    if isinstance(action, AbandonMission):
        return phrase("The group ended the mission early (failed)")
    return type(action).__name__


def _gain_words(before: CavendishState, action: GainAzrak, after: CavendishState) -> str:
    """A gain, and what was cut because the pool was full (rules revision 2)."""
    index = after.index(action.agent)
    gained = after.agents[index].pool - before.agents[index].pool
    if gained == action.amount:
        return phrase_n(
            "{agent} gained {n} Azrak from the Vortex",
            "{agent} gained {n} Azrak from the Vortex",
            gained,
            agent=action.agent,
        )
    return phrase_n(
        "{agent} gained {gained} of {n} Azrak: the pool is full at {starting}, the Vortex "
        "holds {vortex}",
        "{agent} gained {gained} of {n} Azrak: the pool is full at {starting}, the Vortex "
        "holds {vortex}",
        action.amount,
        agent=action.agent,
        gained=gained,
        starting=after.agents[index].starting,
        vortex=after.vortex,
    )


def _item_words(before: CavendishState, action: TakeItem, after: CavendishState) -> str:
    """An Item taken: in front of the agent (a Talisman says it is never swapped, a yellow or red
    one that its card keeps it), or read, resolved and stowed."""
    name = " ".join(action.name.split())
    index = after.index(action.agent)
    held = after.agents[index].items
    bonus = _bonus_words(action.strength, action.confidence, action.dexterity)
    who = action.agent
    if len(held) == len(before.agents[index].items):
        typed = action.kind.strip().lower()
        kind = KIND_NAMES.get(typed, typed)
        if bonus:
            return phrase(
                "{agent} took {item} ({kind}): read and resolved, then stowed (its {bonuses} "
                "goes with it: only a kept Item gives a bonus)",
                agent=who,
                item=name,
                kind=kind,
                bonuses=bonus,
            )
        return phrase(
            "{agent} took {item} ({kind}): read and resolved, then stowed",
            agent=who,
            item=name,
            kind=kind,
        )
    item = held[-1]
    if item.kind == "talisman":
        if bonus:
            return phrase(
                "{agent} took {item}, their Talisman ({bonuses}): never swapped nor given",
                agent=who,
                item=name,
                bonuses=bonus,
            )
        return phrase(
            "{agent} took {item}, their Talisman: never swapped nor given", agent=who, item=name
        )
    if item.kind != "green":
        if bonus:
            return phrase(
                "{agent} took {item} ({kind}, kept as its card says) ({bonuses})",
                agent=who,
                item=name,
                kind=KIND_NAMES[item.kind],
                bonuses=bonus,
            )
        return phrase(
            "{agent} took {item} ({kind}, kept as its card says)",
            agent=who,
            item=name,
            kind=KIND_NAMES[item.kind],
        )
    if bonus:
        return phrase("{agent} took {item} ({bonuses})", agent=who, item=name, bonuses=bonus)
    return phrase("{agent} took {item}", agent=who, item=name)


def held_names(before: CavendishState, agent: str, names: tuple[str, ...]) -> list[str]:
    """The Items named as the agent held them ("ITEM 17" for a "17" typed)."""
    held = before.agents[before.index(agent)].items
    found = [find_held(held, name, before.rules) for name in names]
    return [item.name if item else name for item, name in zip(found, names, strict=True)]


def _bonus_words(strength: int, confidence: int, dexterity: int) -> str:
    """ "Strength +1, Dexterity -1": an Item's bonuses ("" when it has none)."""
    parts = [
        phrase("{attribute} {value}", attribute=ATTRIBUTE_NAMES[name], value=format(value, "+d"))
        for name, value in (
            ("strength", strength),
            ("confidence", confidence),
            ("dexterity", dexterity),
        )
        if value
    ]
    return joined(", ", parts) if parts else ""


def _test_words(after: CavendishState) -> str:
    test = after.last_test
    assert test is not None
    parts = [
        phrase("{attribute} {value}", attribute=ATTRIBUTE_NAMES[test.attribute], value=test.base)
    ]
    if test.boosts:
        parts.append(phrase("+{n} boost", n=test.boosts))
    if test.support:
        parts.append(phrase("+{n} support", n=test.support))
    parts.append(phrase("{modifier} Destiny", modifier=signed(test.destiny)))
    return phrase_n(
        "{agent} tested {sum} = {value} vs {difficulty}: {outcome} ({n} Azrak spent)",
        "{agent} tested {sum} = {value} vs {difficulty}: {outcome} ({n} Azrak spent)",
        test.spent,
        agent=test.receptacle,
        sum=joined(" ", parts),
        value=test.value,
        difficulty=test.difficulty,
        outcome=OUTCOME_WORDS[test.outcome],
    )


def _update_words(before: CavendishState, action: StandardUpdate, after: CavendishState) -> str:
    paid = after.mission_return - before.mission_return
    shares = joined(
        ", ",
        [
            f"{agent.receptacle} +{share}"
            for agent, share in zip(before.agents, action.shares, strict=True)
        ],
    )
    if paid:
        return phrase(
            "Standard Update (1 Azrak to the Mission Return card): {shares}; {vortex} left in "
            "the Vortex",
            shares=shares,
            vortex=after.vortex,
        )
    return phrase(
        "Standard Update (free update): {shares}; {vortex} left in the Vortex",
        shares=shares,
        vortex=after.vortex,
    )


def summary(state: CavendishState) -> str:
    """One line for the saved-games list."""
    if state.outcome == "finished":
        return phrase("Mission completed: final score {score}", score=state.final_score)
    if state.outcome == "failed":
        return phrase("Mission failed: {reason}", reason=state.reason)
    pools = ", ".join(f"{a.receptacle} {a.pool}/{a.starting}" for a in state.agents)
    if state.location:
        return phrase(
            "Round {round}, {phase} at {location}: {pools}; Vortex {vortex}, Mission Return "
            "{mission_return}",
            round=state.round,
            phase=PHASE_NAMES[state.phase],
            location=state.location,
            pools=pools,
            vortex=state.vortex,
            mission_return=state.mission_return,
        )
    return phrase(
        "Round {round}, {phase}: {pools}; Vortex {vortex}, Mission Return {mission_return}",
        round=state.round,
        phase=PHASE_NAMES[state.phase],
        pools=pools,
        vortex=state.vortex,
        mission_return=state.mission_return,
    )


def status(state: CavendishState) -> str:
    """`playing`, `failed` or `finished`."""
    return state.outcome or "playing"


# TRANSLATORS: the whole team, as the co-op score names who scored ("group 4")
GROUP = phrase("group")
"""Who a Cavendish score is for: the team (the English id "group" in files and JSON)."""


def score(state: CavendishState) -> Score:
    """Crystals on the Mission Return card, explained; lower is better, never below 0."""
    ledger = state.ledger
    standard, emergency = ledger.standard_updates, ledger.emergency_updates
    lines = [
        ScoreLine(
            GROUP, standard, phrase_n("{n} Standard Update", "{n} Standard Updates", standard)
        ),
        ScoreLine(
            GROUP,
            emergency,
            phrase_n("{n} Emergency Update", "{n} Emergency Updates", emergency),
        ),
    ]
    total = state.mission_return
    if state.adjustments is not None:
        for words, moved in adjustment_moves(total, state.adjustments, state.rules):
            if moved == 0:
                words = phrase(
                    "{adjustment} (no crystal left on the card to remove)", adjustment=words
                )
            lines.append(ScoreLine(GROUP, moved, words))
            total += moved
        if total < 0:
            lines.append(ScoreLine(GROUP, -total, phrase("a score is never below 0")))
            total = 0
    return Score({GROUP: total}, tuple(lines), (GROUP,), lower_is_better=True)

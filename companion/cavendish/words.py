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
from companion.core import Score, ScoreLine
from companion.text import plural

OUTCOME_WORDS = {"failure": "failure", "critical": "critical success", "success": "success"}


def azrak(count: int) -> str:
    return f"{count} Azrak"


def spent_words(before: CavendishState, after: CavendishState, receptacle: str) -> str:
    """How many crystals an agent paid, read from the pools before and after."""
    paid = before.agents[before.index(receptacle)].pool - after.agents[after.index(receptacle)].pool
    return f"{azrak(paid)} to the Vortex" if paid else "free action"


def fear_words(before: CavendishState, action: TakeFear, after: CavendishState) -> str:
    """A Fear taken as the rulebook says it: the tokens go onto the Receptacle card, and what
    exceeds Confidence onto the visited location (back to the supply when none is visited yet)."""
    index = after.index(action.agent)
    agent = after.agents[index]
    onto_card = agent.fear - before.agents[index].fear
    spilled = sum(p.fear for p in after.house_plan) - sum(p.fear for p in before.house_plan)
    returned = action.count - onto_card - spilled
    taken = f"{action.agent} took {action.count} Fear"
    if not spilled and not returned:
        held = f" ({agent.fear} on it now)" if agent.fear != onto_card else ""
        return f"{taken} onto the card{held}"
    places = [
        (onto_card, "onto the card"),
        (spilled, f"onto {after.location}"),
        (returned, "back to the supply"),
    ]
    moved = [(count, where) for count, where in places if count]
    why = f"the card is full at Confidence {agent.attribute('confidence')}"
    if returned:
        why += "; no location visited yet"
    if len(moved) == 1:
        return f"{taken} {moved[0][1]} ({why})"
    return f"{taken}: {', '.join(f'{count} {where}' for count, where in moved)} ({why})"


def spill_words(before: CavendishState, after: CavendishState) -> str:
    """Fear pushed off a card because the agent's Confidence fell (an Item stowed or given)."""
    text = ""
    for agent, was in zip(after.agents, before.agents, strict=True):
        spilled = was.fear - agent.fear
        if spilled > 0:
            where = f"onto {after.location}" if after.location else "back to the supply"
            text += (
                f". {agent.receptacle}'s Confidence is now {agent.attribute('confidence')}: "
                f"{spilled} Fear {where}"
            )
    return text


def narrate(before: CavendishState, action: Any, after: CavendishState) -> str:
    """The log line for an action, with any broken link or end of mission it caused."""
    line = _action_words(before, action, after)
    if not isinstance(action, TakeFear | DiscardFear):
        line += spill_words(before, after)
    if not isinstance(action, EmergencyUpdate | LoseControl):
        for link in after.pending:
            line = then(
                line, f"{link.receptacle}'s link is broken: Emergency Update or lose control?"
            )
    if after.outcome == "failed" and not before.outcome and not isinstance(action, AbandonMission):
        line = then(line, after.reason)
    return line


def then(line: str, sentence: str) -> str:
    """One more sentence after the line: a full stop between them unless one ends it already."""
    return f"{line} {sentence}" if line.endswith((".", "?", "!")) else f"{line}. {sentence}"


def _action_words(before: CavendishState, action: Any, after: CavendishState) -> str:
    if isinstance(action, ChooseLocation):
        captain = before.captain_agent.receptacle
        return f"{captain} (Time Captain) chose {after.location} (1 Azrak onto it)"
    if isinstance(action, Explore):
        return f"{action.agent} explored ({spent_words(before, after, action.agent)})"
    if isinstance(action, AndCost):
        return f"{action.agent} took both options ({spent_words(before, after, action.agent)})"
    if isinstance(action, AttemptTest):
        return _test_words(after) + damage_words(before, action, after)
    if isinstance(action, CONFLICT_ACTIONS):
        return conflict_words(before, action, after)
    if isinstance(action, GiveItems):
        cost = spent_words(before, after, action.giver) if before.phase == "discovery" else "swap"
        if before.conflict is not None:
            cost = "swap before the group conflict"
        items = ", ".join(held_names(before, action.giver, action.items))
        return f"{action.giver} gave {items} to {action.receiver} ({cost})"
    if isinstance(action, GainAzrak):
        return _gain_words(before, action, after)
    if isinstance(action, LoseAzrak):
        lost = (
            before.agents[before.index(action.agent)].pool
            - after.agents[after.index(action.agent)].pool
        )
        note = f" of {action.amount}, all there was" if lost < action.amount else ""
        return f"{action.agent} lost {azrak(lost)}{note} to the Vortex"
    if isinstance(action, TakeFear):
        return fear_words(before, action, after)
    if isinstance(action, DiscardFear):
        return f"{action.agent} discarded {action.count} Fear"
    if isinstance(action, TakeItem):
        return _item_words(before, action, after) + note_taken_words(before, after)
    if isinstance(action, EPILOGUE_ACTIONS):
        return epilogue_words(before, action, after)
    if isinstance(action, StowItem):
        return f"{action.agent} put away {held_names(before, action.agent, (action.name,))[0]}"
    if isinstance(action, Eject):
        return f"{action.agent} was ejected from {before.location or 'the location'}"
    if isinstance(action, LeaveLocation):
        return f"The group left {before.location}: Between Locations phase"
    if isinstance(action, StandardUpdate):
        return _update_words(before, action, after)
    if isinstance(action, PassCaptain):
        return f"Round {after.round}: {after.captain_agent.receptacle} is the Time Captain"
    if isinstance(action, EmergencyUpdate):
        who = before.pending[0].receptacle
        paid = (
            "free update"
            if after.mission_return == before.mission_return
            else "1 Azrak to the Mission Return card"
        )
        pool = after.agents[after.index(who)].pool
        return f"{who} requested an Emergency Update ({paid}), pool refilled to {pool}"
    if isinstance(action, LoseControl):
        link = before.pending[0]
        placed = ""
        if after.house_total < before.house_total:
            placed = f"; the crystal placed on {link.on_location} goes to the Vortex"
        return f"{link.receptacle} lost control of the receptacle and is ejected{placed}"
    if isinstance(action, ReshuffleDestiny):
        return "The Destiny discards were shuffled back into the deck"
    if isinstance(action, EndMission):
        return f"Mission complete: final score {after.final_score} (lower is better)"
    if isinstance(action, AbandonMission):
        return "The group ended the mission early (failed)"
    return type(action).__name__


def _gain_words(before: CavendishState, action: GainAzrak, after: CavendishState) -> str:
    """A gain, and what was cut because the pool was full (rules revision 2)."""
    index = after.index(action.agent)
    gained = after.agents[index].pool - before.agents[index].pool
    if gained == action.amount:
        return f"{action.agent} gained {azrak(gained)} from the Vortex"
    starting = after.agents[index].starting
    return (
        f"{action.agent} gained {gained} of {azrak(action.amount)}: the pool is full at "
        f"{starting}, the Vortex holds {after.vortex}"
    )


def _item_words(before: CavendishState, action: TakeItem, after: CavendishState) -> str:
    """An Item taken: in front of the agent (a Talisman says it is never swapped, a yellow or red
    one that its card keeps it), or read, resolved and stowed."""
    name = " ".join(action.name.split())
    index = after.index(action.agent)
    held = after.agents[index].items
    bonus = _bonus_words(action.strength, action.confidence, action.dexterity)
    if len(held) == len(before.agents[index].items):
        kind = action.kind.strip().lower()
        printed = bonus.strip()[1:-1]
        gone = f" (its {printed} goes with it: only a kept Item gives a bonus)" if bonus else ""
        return f"{action.agent} took {name} ({kind}): read and resolved, then stowed{gone}"
    item = held[-1]
    if item.kind == "talisman":
        return f"{action.agent} took {name}, their Talisman{bonus}: never swapped nor given"
    if item.kind != "green":
        return f"{action.agent} took {name} ({item.kind}, kept as its card says){bonus}"
    return f"{action.agent} took {name}{bonus}"


def held_names(before: CavendishState, agent: str, names: tuple[str, ...]) -> list[str]:
    """The Items named as the agent held them ("ITEM 17" for a "17" typed)."""
    held = before.agents[before.index(agent)].items
    found = [find_held(held, name, before.rules) for name in names]
    return [item.name if item else name for item, name in zip(found, names, strict=True)]


def _bonus_words(strength: int, confidence: int, dexterity: int) -> str:
    parts = [
        f"{name} {value:+d}"
        for name, value in (
            ("Strength", strength),
            ("Confidence", confidence),
            ("Dexterity", dexterity),
        )
        if value
    ]
    return f" ({', '.join(parts)})" if parts else ""


def _test_words(after: CavendishState) -> str:
    test = after.last_test
    assert test is not None
    parts = [f"{test.attribute.title()} {test.base}"]
    if test.boosts:
        parts.append(f"+{test.boosts} boost")
    if test.support:
        parts.append(f"+{test.support} support")
    parts.append(f"{signed(test.destiny)} Destiny")
    sums = " ".join(parts)
    return (
        f"{test.receptacle} tested {sums} = {test.value} vs {test.difficulty}: "
        f"{OUTCOME_WORDS[test.outcome]} ({azrak(test.spent)} spent)"
    )


def _update_words(before: CavendishState, action: StandardUpdate, after: CavendishState) -> str:
    paid = after.mission_return - before.mission_return
    cost = "1 Azrak to the Mission Return card" if paid else "free update"
    shares = ", ".join(
        f"{agent.receptacle} +{share}"
        for agent, share in zip(before.agents, action.shares, strict=True)
    )
    return f"Standard Update ({cost}): {shares}; {after.vortex} left in the Vortex"


def summary(state: CavendishState) -> str:
    """One line for the saved-games list."""
    if state.outcome == "finished":
        return f"Mission completed: final score {state.final_score}"
    if state.outcome == "failed":
        return f"Mission failed: {state.reason}"
    pools = ", ".join(f"{a.receptacle} {a.pool}/{a.starting}" for a in state.agents)
    where = f" at {state.location}" if state.location else ""
    return (
        f"Round {state.round}, {PHASE_NAMES[state.phase]}{where}: {pools}; "
        f"Vortex {state.vortex}, Mission Return {state.mission_return}"
    )


def status(state: CavendishState) -> str:
    """`playing`, `failed` or `finished`."""
    return state.outcome or "playing"


def score(state: CavendishState) -> Score:
    """Crystals on the Mission Return card, explained; lower is better, never below 0."""
    ledger = state.ledger
    lines = [
        ScoreLine(
            "group", ledger.standard_updates, plural(ledger.standard_updates, "Standard Update")
        ),
        ScoreLine(
            "group", ledger.emergency_updates, plural(ledger.emergency_updates, "Emergency Update")
        ),
    ]
    total = state.mission_return
    if state.adjustments is not None:
        for words, moved in adjustment_moves(total, state.adjustments, state.rules):
            if moved == 0:
                words += " (no crystal left on the card to remove)"
            lines.append(ScoreLine("group", moved, words))
            total += moved
        if total < 0:
            lines.append(ScoreLine("group", -total, "a score is never below 0"))
            total = 0
    return Score({"group": total}, tuple(lines), ("group",), lower_is_better=True)

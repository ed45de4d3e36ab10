"""Text of the Cavendish board: the Azrak at a glance, the House Plan, the Destiny deck, the report.

Pure functions of the state, so the play screen only places them.
"""

from __future__ import annotations

from companion.cavendish.destiny import remaining, signed
from companion.cavendish.model import (
    PHASE_NAMES,
    TOTAL_CRYSTALS,
    Agent,
    CavendishState,
    adjustment_moves,
)
from companion.cavendish.saying import ATTRIBUTE_NAMES, KIND_NAMES
from companion.cavendish.words import OUTCOME_WORDS
from lang import t, tr


def attributes_text(agent: Agent) -> str:
    """Strength/Confidence/Dexterity with Item bonuses: 2/1/2."""
    return "/".join(str(agent.attribute(name)) for name in ("strength", "confidence", "dexterity"))


FLAGS_WIDTH = 2
"""The flags column holds the captain's star and one mark."""


def agent_flags(state: CavendishState, index: int) -> str:
    """★ for the Time Captain, then ✖ for an ejected agent, ! while their link is broken, ⚔ in a
    personal conflict: characters, so no colour is needed to tell them."""
    agent = state.agents[index]
    flags = "★" if index == state.captain else " "
    if agent.ejected:
        flags += "✖"
    elif any(link.receptacle == agent.receptacle for link in state.pending):
        flags += "!"
    elif agent.personal_conflict:
        flags += "⚔"
    return flags


def crystals_text(state: CavendishState) -> str:
    """Where the 31 crystals are, summed and shown."""
    pools = sum(agent.pool for agent in state.agents)
    first = t(
        "Vortex {vortex} · Mission Return {mission_return}",
        vortex=state.vortex,
        mission_return=state.mission_return,
    )
    counted = dict(pools=pools, house=state.house_total, box=state.box, total=state.crystals)
    if state.crystals == TOTAL_CRYSTALS:
        second = t("Pools {pools} · House Plan {house} · box {box} = {total}", **counted)
    else:
        second = t(
            "Pools {pools} · House Plan {house} · box {box} = {total} (should be {all}!)",
            all=TOTAL_CRYSTALS,
            **counted,
        )
    return f"{first}\n{second}"


def phase_text(state: CavendishState) -> str:
    """Round, phase, location, captain and the free updates left."""
    captain = state.captain_agent
    parts = [round_words(state)]
    parts.append(
        t(
            "Time Captain {agent} ({player})",
            agent=captain.receptacle,
            player=captain.player,
        )
    )
    parts.append(t("free updates left {n}", n=state.free_updates_left))
    if any(agent.lost_control for agent in state.agents) and state.phase != "over":
        parts.append(t("Standard Update required"))
    return " · ".join(parts)


def round_words(state: CavendishState) -> str:
    """ "Round 2 · Discovery phase at B"."""
    phase = PHASE_NAMES[state.phase]
    if state.location:
        return t(
            "Round {round} · {phase} at {location}",
            round=state.round,
            phase=phase,
            location=state.location,
        )
    return t("Round {round} · {phase}", round=state.round, phase=phase)


def house_text(state: CavendishState) -> str:
    """The House Plan: crystals and Fear per location."""
    if not state.house_plan:
        return t("House Plan: no location visited yet")
    parts = []
    for place in state.house_plan:
        here = "▶" if place.name == state.location else ""
        # TRANSLATORS: Fear tokens on a location of the House Plan, shortened ("2F")
        fear = " " + t("{n}F", n=place.fear) if place.fear else ""
        parts.append(f"{here}{place.name}: {place.azrak}◆{fear}")
    return t("House Plan: {locations}", locations="  ".join(parts))


def agent_text(state: CavendishState, index: int) -> str:
    """The selected agent's Items with their bonuses, a Talisman or a kept yellow or red Item
    named so (and ✖ ejected, said in words)."""
    agent = state.agents[index]
    name: str = agent.receptacle
    if agent.ejected:
        name = t("{agent} (✖ ejected until the Between Locations phase)", agent=name)
    if not agent.items:
        return t("{agent}: no Items", agent=name)
    items = []
    for item in agent.items:
        bonus = " ".join(
            f"{label}{value:+d}"
            for label, value in (
                (attribute_letter("strength"), item.strength),
                (attribute_letter("confidence"), item.confidence),
                (attribute_letter("dexterity"), item.dexterity),
            )
            if value
        )
        kind = "" if item.kind == "green" else f" ({capitalised(tr(KIND_NAMES[item.kind]))})"
        items.append(f"{item.name}{kind} {bonus}".strip())
    return t("{agent}: {items}", agent=name, items=", ".join(items))


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def attribute_letter(name: str) -> str:
    """The attribute's first letter in the reader's language (S, C, D)."""
    return tr(ATTRIBUTE_NAMES[name])[:1]


def destiny_text(state: CavendishState) -> str:
    """The Destiny tracker: composition known or not, discards, cards left."""
    deck = state.destiny
    known = " ".join(signed(v) for v in deck.known) or t("nothing yet")
    # TRANSLATORS: no Destiny card discarded
    discards = " ".join(signed(v) for v in deck.discards) or t("none")
    if deck.complete:
        lines = [t("Known: {cards}", cards=known)]
    else:
        lines = [t("Known: {cards} ({n} of 6)", cards=known, n=len(deck.known))]
    lines.append(t("Discards: {cards} · reshuffles {n}", cards=discards, n=deck.reshuffles))
    cards = remaining(deck)
    if cards is not None:
        left = " ".join(signed(v) for v in cards) or t("empty (reshuffle)")
        lines.append(t("In the deck: {cards}", cards=left))
    return "\n".join(lines)


def last_test_text(state: CavendishState) -> str:
    """The last test's sum and outcome."""
    test = state.last_test
    if test is None:
        return t("No test yet")
    return t(
        "Last test: {agent} {attribute} {base} +{boosts} +{support} {destiny} = {value} vs "
        "{difficulty}: {outcome}",
        agent=test.receptacle,
        attribute=ATTRIBUTE_NAMES[test.attribute],
        base=test.base,
        boosts=test.boosts,
        support=test.support,
        destiny=signed(test.destiny),
        value=test.value,
        difficulty=test.difficulty,
        outcome=OUTCOME_WORDS[test.outcome],
    )


def report_text(state: CavendishState) -> str:
    """The end of the mission: the final score and how the crystals got there, or the failure."""
    if state.outcome == "failed":
        failed = t("MISSION FAILED")
        back = t("Undo (ctrl+z) to go back.")
        return f"{failed}\n\n{tr(state.reason)}\n\n{back}"
    ledger = state.ledger
    lines = [
        t("MISSION COMPLETE · final score {score}", score=state.final_score),
        t("(crystals on the Mission Return card: lower is better)"),
        t("Mission Return card: {n}", n=state.mission_return),
        "  " + t("Standard Updates: {n}", n=ledger.standard_updates),
        "  " + t("Emergency Updates: {n}", n=ledger.emergency_updates),
        "  " + t("(free updates used: {n})", n=ledger.free_updates),
    ]
    if state.adjustments is not None:
        for words, moved in adjustment_moves(state.mission_return, state.adjustments, state.rules):
            signed_move = f"{moved:+d}"
            if moved == 0:
                line = t(
                    "{adjustment}: {moved} (no crystal left on the card to remove)",
                    adjustment=words,
                    moved=signed_move,
                )
            else:
                line = t("{adjustment}: {moved}", adjustment=words, moved=signed_move)
            lines.append(f"  {line}")
    lines.append(t("Losses of control: {n}", n=ledger.losses_of_control))
    return "\n".join(lines)

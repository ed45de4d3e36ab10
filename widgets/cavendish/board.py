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
    check = "" if state.crystals == TOTAL_CRYSTALS else f" (should be {TOTAL_CRYSTALS}!)"
    return (
        f"Vortex {state.vortex} · Mission Return {state.mission_return}\n"
        f"Pools {pools} · House Plan {state.house_total} · box {state.box} "
        f"= {state.crystals}{check}"
    )


def phase_text(state: CavendishState) -> str:
    """Round, phase, location, captain and the free updates left."""
    where = f" at {state.location}" if state.location else ""
    captain = state.captain_agent
    text = (
        f"Round {state.round} · {PHASE_NAMES[state.phase]}{where} · "
        f"Time Captain {captain.receptacle} ({captain.player}) · "
        f"free updates left {state.free_updates_left}"
    )
    if any(agent.lost_control for agent in state.agents) and state.phase != "over":
        text += " · Standard Update required"
    return text


def house_text(state: CavendishState) -> str:
    """The House Plan: crystals and Fear per location."""
    if not state.house_plan:
        return "House Plan: no location visited yet"
    parts = []
    for place in state.house_plan:
        here = "▶" if place.name == state.location else ""
        fear = f" {place.fear}F" if place.fear else ""
        parts.append(f"{here}{place.name}: {place.azrak}◆{fear}")
    return "House Plan: " + "  ".join(parts)


def agent_text(state: CavendishState, index: int) -> str:
    """The selected agent's Items with their bonuses, a Talisman or a kept yellow or red Item
    named so (and ✖ ejected, said in words)."""
    agent = state.agents[index]
    name: str = agent.receptacle
    if agent.ejected:
        name += " (✖ ejected until the Between Locations phase)"
    if not agent.items:
        return f"{name}: no Items"
    items = []
    for item in agent.items:
        bonus = " ".join(
            f"{label}{value:+d}"
            for label, value in (
                ("S", item.strength),
                ("C", item.confidence),
                ("D", item.dexterity),
            )
            if value
        )
        kind = "" if item.kind == "green" else f" ({item.kind.title()})"
        items.append(f"{item.name}{kind} {bonus}".strip())
    return f"{name}: " + ", ".join(items)


def destiny_text(state: CavendishState) -> str:
    """The Destiny tracker: composition known or not, discards, cards left."""
    deck = state.destiny
    known = " ".join(signed(v) for v in deck.known) or "nothing yet"
    discards = " ".join(signed(v) for v in deck.discards) or "none"
    lines = [
        f"Known: {known}" + ("" if deck.complete else f" ({len(deck.known)} of 6)"),
        f"Discards: {discards} · reshuffles {deck.reshuffles}",
    ]
    cards = remaining(deck)
    if cards is not None:
        lines.append(f"In the deck: {' '.join(signed(v) for v in cards) or 'empty (reshuffle)'}")
    return "\n".join(lines)


def last_test_text(state: CavendishState) -> str:
    """The last test's sum and outcome."""
    test = state.last_test
    if test is None:
        return "No test yet"
    words = {"failure": "failure", "critical": "critical success", "success": "success"}
    return (
        f"Last test: {test.receptacle} {test.attribute.title()} {test.base} +{test.boosts} "
        f"+{test.support} {signed(test.destiny)} = {test.value} vs {test.difficulty}: "
        f"{words[test.outcome]}"
    )


def report_text(state: CavendishState) -> str:
    """The end of the mission: the final score and how the crystals got there, or the failure."""
    if state.outcome == "failed":
        return f"MISSION FAILED\n\n{state.reason}\n\nUndo (ctrl+z) to go back."
    ledger = state.ledger
    lines = [
        f"MISSION COMPLETE · final score {state.final_score}",
        "(crystals on the Mission Return card: lower is better)",
        f"Mission Return card: {state.mission_return}",
        f"  Standard Updates: {ledger.standard_updates}",
        f"  Emergency Updates: {ledger.emergency_updates}",
        f"  (free updates used: {ledger.free_updates})",
    ]
    if state.adjustments is not None:
        for words, moved in adjustment_moves(state.mission_return, state.adjustments, state.rules):
            empty = " (no crystal left on the card to remove)" if moved == 0 else ""
            lines.append(f"  {words}: {moved:+d}{empty}")
    lines.append(f"Losses of control: {ledger.losses_of_control}")
    return "\n".join(lines)

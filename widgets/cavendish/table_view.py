"""Cavendish at the table: the Vortex and the Mission Return, each agent's Azrak and Fear."""

from __future__ import annotations

from companion.cavendish.model import PHASE_NAMES, Agent, CavendishState
from widgets.table_view.figures import Figure, Group, TableContent


def headline(state: CavendishState) -> str:
    """The round, phase and place; or how the mission ended."""
    if state.outcome == "failed":
        return f"MISSION FAILED: {state.reason}"
    if state.outcome == "finished":
        score = state.final_score
        scored = f" · final score {score} (lower is better)" if score is not None else ""
        return f"MISSION COMPLETE{scored}"
    where = f" at {state.location}" if state.location else ""
    return f"Round {state.round} · {PHASE_NAMES[state.phase]}{where}"


def agent_note(state: CavendishState, index: int, agent: Agent) -> str:
    """The agent's role and trouble in words (the marks never stand alone)."""
    words = []
    if index == state.captain:
        words.append("★ Time Captain")
    if agent.ejected:
        words.append("✖ ejected")
    if any(link.receptacle == agent.receptacle for link in state.pending):
        words.append("! link broken")
    return " · ".join(words)


def table(state: CavendishState) -> TableContent:
    """The shared crystals first, then one box per agent (receptacle and player)."""
    shared = Group(
        "Azrak crystals",
        (Figure("Vortex", state.vortex), Figure("Mission Return", state.mission_return)),
        f"House Plan {state.house_total} · box {state.box}",
    )
    agents = tuple(
        Group(
            f"{agent.receptacle} · {agent.player}",
            (Figure(f"Azrak of {agent.starting}", agent.pool), Figure("Fear", agent.fear)),
            agent_note(state, index, agent),
        )
        for index, agent in enumerate(state.agents)
    )
    return TableContent(headline(state), (shared, *agents))

"""Cavendish at the table: the Vortex and the Mission Return, each agent's Azrak and Fear."""

from __future__ import annotations

from companion.cavendish.model import Agent, CavendishState
from lang import t, tr
from widgets.cavendish.board import round_words
from widgets.table_view.figures import Figure, Group, TableContent


def headline(state: CavendishState) -> str:
    """The round, phase and place; or how the mission ended."""
    if state.outcome == "failed":
        return t("MISSION FAILED: {reason}", reason=tr(state.reason))
    if state.outcome == "finished":
        score = state.final_score
        if score is None:
            return t("MISSION COMPLETE")
        return t("MISSION COMPLETE · final score {score} (lower is better)", score=score)
    return round_words(state)


def agent_note(state: CavendishState, index: int, agent: Agent) -> str:
    """The agent's role and trouble in words (the marks never stand alone)."""
    words = []
    if index == state.captain:
        words.append(t("★ Time Captain"))
    if agent.ejected:
        words.append(t("✖ ejected"))
    if any(link.receptacle == agent.receptacle for link in state.pending):
        words.append(t("! link broken"))
    return " · ".join(words)


def table(state: CavendishState) -> TableContent:
    """The shared crystals first, then one box per agent (receptacle and player)."""
    shared = Group(
        t("Azrak crystals"),
        (
            Figure(t("Vortex"), state.vortex),
            Figure(t("Mission Return"), state.mission_return),
        ),
        t("House Plan {house} · box {box}", house=state.house_total, box=state.box),
    )
    agents = tuple(
        Group(
            f"{agent.receptacle} · {agent.player}",
            (
                Figure(t("Azrak of {starting}", starting=agent.starting), agent.pool),
                Figure(t("Fear"), agent.fear),
            ),
            agent_note(state, index, agent),
        )
        for index, agent in enumerate(state.agents)
    )
    return TableContent(headline(state), (shared, *agents))

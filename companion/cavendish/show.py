"""What `companion show` tells of a Cavendish mission: the state as plain data, and the choice
the mission waits for in words (a broken link, the Time Captain's location, a forced update)."""

from __future__ import annotations

from dataclasses import asdict

from companion.cavendish.azrak import update_needed
from companion.cavendish.conflicts import next_attempt
from companion.cavendish.model import ATTRIBUTES, Agent, CavendishState, ResolvedTest
from companion.cavendish.saying import both
from companion.core import JsonValue, WaitingFor
from companion.phrases import phrase


def waiting_for(state: CavendishState) -> WaitingFor | None:
    """A broken link first, then a group conflict, the Time Captain's location or a Standard
    Update the rules force; None while the group plays freely (a personal conflict stops only its
    agent) and once the mission is over."""
    if state.outcome:
        return None
    if state.pending:
        agent = state.agents[state.index(state.pending[0].receptacle)]
        return WaitingFor(
            "broken-link",
            phrase(
                "{agent}'s broken link: Emergency Update or loss of control",
                agent=agent.receptacle,
            ),
            agent.player,
            question=True,
        )
    if state.conflict is not None:
        return conflict_waiting(state)
    if state.phase == "time-captain":
        captain = state.captain_agent
        text = phrase("{agent} (Time Captain) chooses the next location", agent=captain.receptacle)
        return WaitingFor("choose-location", text, captain.player)
    if state.phase == "between" and update_needed(state) and not state.updated:
        lost = both([agent.receptacle for agent in state.agents if agent.lost_control])
        return WaitingFor(
            "standard-update", phrase("the Standard Update: {agents} lost control", agents=lost)
        )
    return None


def conflict_waiting(state: CavendishState) -> WaitingFor:
    """A group conflict stops everyone: the Time Captain's order, then each attempt in turn."""
    conflict = state.conflict
    assert conflict is not None
    if not conflict.begun:
        captain = state.captain_agent
        text = phrase(
            "{conflict}: swap Items, then {agent} sets the order",
            conflict=conflict.against,
            agent=captain.receptacle,
        )
        return WaitingFor("group-conflict", text, captain.player)
    turn, due = next_attempt(state)
    agent = state.agents[state.index(due or conflict.order[0])]
    text = phrase(
        "{agent}'s attempt in turn {turn} of {conflict}",
        agent=agent.receptacle,
        turn=turn,
        conflict=conflict.against,
    )
    return WaitingFor("group-conflict", text, agent.player)


def conflict_data(state: CavendishState) -> JsonValue:
    """The group conflict announced or under way, or None (always once the mission has ended:
    a mission saved before rules revision 3 may have ended with one open)."""
    conflict = state.conflict
    if conflict is None or state.outcome:
        return None
    turn, due = next_attempt(state) if conflict.begun else (conflict.turn, None)
    first = conflict.adversaries[0]
    return {
        "adversary": first.name or None,
        "stage": "begun" if conflict.begun else "announced",
        "order": list(conflict.order),
        "turn": turn,
        "attempted": list(conflict.attempted) if turn == conflict.turn else [],
        "next": due,
        "life_points": first.life_points or None,
        "damage": first.damage,
        "adversaries": [
            {
                "name": adversary.name or None,
                "life_points": adversary.life_points or None,
                "damage": adversary.damage,
                "defeated": adversary.defeated,
                "by_word": adversary.by_word,
            }
            for adversary in conflict.adversaries
        ],
    }


def agent_data(agent: Agent, over: bool) -> dict[str, JsonValue]:
    """One receptacle in play: pool, Fear, attributes with Items, Items held, whether ejected;
    no personal conflict is open once the mission is `over`."""
    return {
        "receptacle": agent.receptacle,
        "player": agent.player,
        "pool": agent.pool,
        "starting": agent.starting,
        "fear": agent.fear,
        "attributes": {name: agent.attribute(name) for name in ATTRIBUTES},
        "items": [asdict(item) for item in agent.items],
        "ejected": agent.ejected,
        "lost_control": agent.lost_control,
        "personal_conflict": agent.personal_conflict and not over,
    }


def resolved_test_data(test: ResolvedTest) -> dict[str, JsonValue]:
    """A resolved test: the sum that was made and what it gave."""
    data: dict[str, JsonValue] = asdict(test)
    return data


def epilogue_data(state: CavendishState) -> dict[str, JsonValue]:
    """The epilogue's events as recorded during the mission, and the answers they give."""
    epilogue = state.epilogue
    return {
        "damien_rescued": epilogue.damien_rescued,
        "notes": list(epilogue.notes),
        "notes_missing": list(epilogue.notes_missing),
        "elixir_found": epilogue.elixir_found,
        "anigimas_freed": epilogue.anigimas_freed,
        "anton_dead": epilogue.anton_dead,
    }


def describe(state: CavendishState) -> dict[str, JsonValue]:
    """The state for `companion show ID --json` (documented in docs/json.md)."""
    data: dict[str, JsonValue] = {
        "round": state.round,
        "phase": state.phase,
        "location": state.location or None,
        "time_captain": state.captain_agent.receptacle,
        "agents": [agent_data(agent, bool(state.outcome)) for agent in state.agents],
        "vortex": state.vortex,
        "mission_return": state.mission_return,
        "house_plan": [
            {"name": place.name, "azrak": place.azrak, "fear": place.fear}
            for place in state.house_plan
        ],
        "box": state.box,
        "free_updates_left": state.free_updates_left,
        "update_needed": update_needed(state),
        "broken_links": [
            {"receptacle": link.receptacle, "on_location": link.on_location or None}
            for link in state.pending
        ],
        "group_conflict": conflict_data(state),
        "destiny": {
            "known": list(state.destiny.known),
            "discards": list(state.destiny.discards),
            "reshuffles": state.destiny.reshuffles,
        },
        "tests": [resolved_test_data(test) for test in state.tests],
        "ledger": asdict(state.ledger),
        "epilogue": epilogue_data(state),
        "status": state.outcome or "playing",
    }
    if state.outcome == "finished":
        data["result"] = "won"
        data["final_score"] = state.final_score
        if state.adjustments is not None:
            data["adjustments"] = asdict(state.adjustments)
    elif state.outcome == "failed":
        data["result"] = "failed"
    if state.outcome:
        data["reason"] = state.reason
    return data

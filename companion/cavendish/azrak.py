"""The Azrak economy: spending, gaining and losing crystals, broken links, updates and Fear.

Every function takes a state and returns a new one or raises `RuleError`; crystals only ever move
between places, so pools + Vortex + Mission Return + House Plan + box stay 31.
"""

from __future__ import annotations

from dataclasses import replace

from companion.cavendish.model import (
    PHASE_NAMES,
    Agent,
    BrokenLink,
    CavendishState,
    Location,
)
from companion.cavendish.saying import both
from companion.core import RuleError
from companion.phrases import joined, phrase

FULL_POOL_REFUSED_FROM = 3
"""The rules revision from which a gain into a full pool is refused (docs/rules-notes.md): an
older mission may hold one, logged as "gained 0", and replays with it."""


def agent_at(state: CavendishState, receptacle: str) -> int:
    """The index of a receptacle in play, or a `RuleError` saying it is not played."""
    index = state.index(receptacle)
    if index < 0:
        playing = joined(", ", [agent.receptacle for agent in state.agents])
        raise RuleError(
            phrase(
                "{agent} is not in this mission (playing: {playing}).",
                agent=receptacle,
                playing=playing,
            )
        )
    return index


def active_agent(state: CavendishState, receptacle: str) -> int:
    """The index of a receptacle that may act: in play and not ejected."""
    index = agent_at(state, receptacle)
    if state.agents[index].ejected:
        raise RuleError(
            phrase(
                "{agent} is ejected from the location until the Between Locations phase and "
                "cannot act, support or swap.",
                agent=receptacle,
            )
        )
    return index


def require_phase(state: CavendishState, phase: str, doing: str) -> None:
    """Refuse an action outside its phase, naming both phases."""
    if state.phase != phase:
        raise RuleError(
            phrase(
                "{doing} happens in the {phase}; this is the {now}.",
                doing=doing,
                phase=PHASE_NAMES[phase],
                now=PHASE_NAMES[state.phase],
            )
        )


def positive(amount: int, what: str) -> None:
    """Refuse a count that is not at least 1."""
    if amount < 1:
        raise RuleError(
            phrase("{what} must be at least 1, not {amount}.", what=what, amount=amount)
        )


def with_agent(state: CavendishState, index: int, agent: Agent) -> CavendishState:
    """The state with one agent replaced."""
    agents = list(state.agents)
    agents[index] = agent
    return replace(state, agents=tuple(agents))


def spend(state: CavendishState, index: int, cost: int, doing: str) -> CavendishState:
    """Pay `cost` crystals from a pool into the Vortex; spending the last one breaks the link."""
    agent = state.agents[index]
    if cost > agent.pool:
        raise RuleError(
            phrase(
                "Not enough Azrak: {doing} costs {cost}, {agent} has {pool}.",
                doing=doing,
                cost=cost,
                agent=agent.receptacle,
                pool=agent.pool,
            )
        )
    if cost == 0:
        return state
    state = with_agent(state, index, replace(agent, pool=agent.pool - cost))
    state = replace(state, vortex=state.vortex + cost)
    return break_link_if_empty(state, index)


def break_link_if_empty(state: CavendishState, index: int, location: str = "") -> CavendishState:
    """An empty pool means the link broke: queue the choice for that agent."""
    agent = state.agents[index]
    if agent.pool > 0:
        return state
    link = BrokenLink(agent.receptacle, on_location=location)
    return replace(state, pending=(*state.pending, link))


def gain(state: CavendishState, index: int, amount: int) -> CavendishState:
    """Take crystals from the Vortex into a pool, never past the starting level.

    From rules revision 2 a gain larger than the room left is cut to what fits (the rest stays in
    the Vortex); revision 1 refuses it. From revision 3 a gain into a full pool, which would take
    nothing, is refused rather than logged as a gain.
    """
    positive(amount, phrase("A gain"))
    agent = state.agents[index]
    room = agent.starting - agent.pool
    if room == 0 and state.rules >= FULL_POOL_REFUSED_FROM:
        raise RuleError(
            phrase(
                "{agent}'s pool is full ({pool} of {starting} Azrak, the starting level): a gain "
                "takes nothing from the Vortex.",
                agent=agent.receptacle,
                pool=agent.pool,
                starting=agent.starting,
            )
        )
    if amount > room:
        if state.rules < 2:
            raise RuleError(
                phrase(
                    "{agent} has {pool} of {starting} Azrak: gaining {amount} would pass the "
                    "starting level (at most {room} more).",
                    agent=agent.receptacle,
                    pool=agent.pool,
                    starting=agent.starting,
                    amount=amount,
                    room=room,
                )
            )
        amount = room
    if amount > state.vortex:
        raise RuleError(
            phrase("Gains come from the Vortex, which holds only {vortex}.", vortex=state.vortex)
        )
    state = with_agent(state, index, replace(agent, pool=agent.pool + amount))
    return replace(state, vortex=state.vortex - amount)


def lose(state: CavendishState, index: int, amount: int) -> CavendishState:
    """Crystals lost to the Vortex: as many as the pool holds; losing the last breaks the link."""
    positive(amount, phrase("A loss"))
    agent = state.agents[index]
    if agent.pool == 0:
        raise RuleError(phrase("{agent} has no Azrak left to lose.", agent=agent.receptacle))
    lost = min(amount, agent.pool)
    state = with_agent(state, index, replace(agent, pool=agent.pool - lost))
    state = replace(state, vortex=state.vortex + lost)
    return break_link_if_empty(state, index)


def fail(state: CavendishState, reason: str) -> CavendishState:
    """The mission ends in failure, for the reason given."""
    return replace(state, phase="over", outcome="failed", reason=reason, pending=())


def emergency_update(state: CavendishState, use_free: bool) -> CavendishState:
    """The first broken link answered by an Emergency Update (free if one is left and used)."""
    link = state.pending[0]
    index = agent_at(state, link.receptacle)
    free = update_cost(state, use_free) == 0
    state = replace(state, pending=state.pending[1:])
    ledger = state.ledger
    if free:
        state = replace(state, free_updates_left=state.free_updates_left - 1)
        ledger = replace(ledger, free_updates=ledger.free_updates + 1)
    else:
        state = take_last_crystal(state, link)
        state = replace(state, mission_return=state.mission_return + 1)
        ledger = replace(ledger, emergency_updates=ledger.emergency_updates + 1)
    state = replace(state, ledger=ledger)
    agent = state.agents[index]
    refill = min(agent.starting - agent.pool, state.vortex)
    if refill == 0:
        return fail(
            state,
            phrase(
                "Emergency Update with an empty Vortex: {agent}'s link cannot be restored. The "
                "mission failed.",
                agent=agent.receptacle,
            ),
        )
    state = with_agent(state, index, replace(agent, pool=agent.pool + refill))
    return replace(state, vortex=state.vortex - refill)


def take_last_crystal(state: CavendishState, link: BrokenLink) -> CavendishState:
    """Remove the crystal that broke the link from where it went (the Vortex or a location)."""
    if not link.on_location:
        return replace(state, vortex=state.vortex - 1)
    plan = tuple(
        replace(place, azrak=place.azrak - 1) if place.name == link.on_location else place
        for place in state.house_plan
    )
    return replace(state, house_plan=plan)


def lose_control(state: CavendishState) -> CavendishState:
    """The first broken link answered by a loss of control: the agent is ejected.

    The crystal just spent or lost goes to the Vortex; from rules revision 2 that includes the Time
    Captain's crystal placed on a location (revision 1 left it there).
    """
    link = state.pending[0]
    index = agent_at(state, link.receptacle)
    if link.on_location and state.rules >= 2:
        state = take_last_crystal(state, link)
        state = replace(state, vortex=state.vortex + 1)
    agent = state.agents[index]
    ejected = replace(agent, ejected=True, lost_control=True, personal_conflict=False)
    state = with_agent(state, index, ejected)
    ledger = replace(state.ledger, losses_of_control=state.ledger.losses_of_control + 1)
    state = replace(state, pending=state.pending[1:], ledger=ledger)
    return fail_if_all_ejected(state)


def fail_if_all_ejected(state: CavendishState) -> CavendishState:
    """All agents ejected at one location: the mission ends in failure."""
    if all(agent.ejected for agent in state.agents):
        if not state.location:
            return fail(
                state,
                phrase(
                    "Every agent lost control or was ejected at the prologue. The mission failed."
                ),
            )
        return fail(
            state,
            phrase(
                "Every agent lost control or was ejected at {location}. The mission failed.",
                location=state.location,
            ),
        )
    return state


def even_split(state: CavendishState, available: int) -> tuple[int, ...]:
    """The proposed shares of an update: one crystal at a time to whoever has received least."""
    shares = [0] * len(state.agents)
    for _ in range(available):
        room = [
            number
            for number, agent in enumerate(state.agents)
            if agent.pool + shares[number] < agent.starting
        ]
        if not room:
            break
        chosen = min(room, key=lambda n: (shares[n], state.agents[n].pool + shares[n], n))
        shares[chosen] += 1
    return tuple(shares)


def free_update_is_a_choice(state: CavendishState) -> bool:
    """From rules revision 2 the group chooses, while one is left, whether to use a free update."""
    return state.rules >= 2 and state.free_updates_left > 0


def update_cost(state: CavendishState, use_free: bool = True) -> int:
    """1 crystal to the Mission Return card, or 0 when an update at no cost is left and used.

    Under rules revision 1 a free update is always used while one is left: declining is refused.
    """
    if not use_free and state.rules < 2:
        raise RuleError(
            phrase(
                "This mission is played under the first Cavendish rules (revision 1), where an "
                "update at no cost is always used while one is left."
            )
        )
    return 0 if use_free and state.free_updates_left > 0 else 1


def update_needed(state: CavendishState) -> bool:
    """A loss of control this round forces a Standard Update before the captain passes."""
    return any(agent.lost_control for agent in state.agents)


def check_update_allowed(state: CavendishState) -> None:
    """Refuse a Standard Update before any share is typed: outside the Between Locations phase, a
    second one in the phase, or an optional one with nothing in the Vortex."""
    require_phase(state, "between", phrase("A Standard Update"))
    if state.updated:
        raise RuleError(phrase("The group already performed a Standard Update in this phase."))
    if state.vortex == 0 and not update_needed(state):
        raise RuleError(phrase("The Vortex is empty: a Standard Update has nothing to share."))


def standard_update(
    state: CavendishState, shares: tuple[int, ...], use_free: bool
) -> CavendishState:
    """Pay the update (unless free), share the Vortex within starting levels, keep the surplus."""
    check_update_allowed(state)
    if len(shares) != len(state.agents):
        raise RuleError(phrase("Give a share for each of the {n} agents.", n=len(state.agents)))
    if any(share < 0 for share in shares):
        raise RuleError(phrase("A share cannot be negative."))
    cost = update_cost(state, use_free)
    if state.vortex == 0:
        if update_needed(state):
            return fail(
                state,
                phrase("A Standard Update is needed and the Vortex is empty. The mission failed."),
            )
        raise RuleError(phrase("The Vortex is empty: a Standard Update has nothing to share."))
    available = state.vortex - cost
    for agent, share in zip(state.agents, shares, strict=True):
        if agent.pool + share > agent.starting:
            raise RuleError(
                phrase(
                    "{agent} would have {pool} Azrak; the starting level is {starting}.",
                    agent=agent.receptacle,
                    pool=agent.pool + share,
                    starting=agent.starting,
                )
            )
    if sum(shares) > available:
        raise RuleError(
            phrase(
                "The Vortex holds only {available} Azrak to share; these make {total}.",
                available=available,
                total=sum(shares),
            )
        )
    room = sum(agent.starting - agent.pool for agent in state.agents)
    if sum(shares) < min(available, room):
        raise RuleError(
            phrase(
                "The Vortex holds {available} Azrak to share and agents still have room: share "
                "{wanted} (the surplus stays in the Vortex only once everyone is full).",
                available=available,
                wanted=min(available, room),
            )
        )
    for agent, share in zip(state.agents, shares, strict=True):
        if agent.pool + share == 0 and available > 0:
            raise RuleError(
                phrase("{agent} has no Azrak: give them at least 1.", agent=agent.receptacle)
            )
    agents = tuple(
        replace(agent, pool=agent.pool + share, lost_control=False)
        for agent, share in zip(state.agents, shares, strict=True)
    )
    ledger = state.ledger
    if cost:
        ledger = replace(ledger, standard_updates=ledger.standard_updates + 1)
    else:
        ledger = replace(ledger, free_updates=ledger.free_updates + 1)
    state = replace(
        state,
        agents=agents,
        vortex=state.vortex - cost - sum(shares),
        mission_return=state.mission_return + cost,
        free_updates_left=state.free_updates_left - (1 - cost),
        ledger=ledger,
        updated=True,
    )
    empty = [agent.receptacle for agent in state.agents if agent.pool == 0]
    if empty:
        return fail(
            state,
            phrase(
                "The Vortex ran out: {agents} still has no Azrak. The mission failed.",
                agents=both(empty),
            ),
        )
    return state


def spill_fear(state: CavendishState, index: int) -> CavendishState:
    """Fear above the current Confidence moves onto the visited location's tile."""
    agent = state.agents[index]
    keep = max(0, min(agent.fear, agent.attribute("confidence")))
    excess = agent.fear - keep
    if excess == 0:
        return state
    state = with_agent(state, index, replace(agent, fear=keep))
    if not state.location:
        return state
    plan = tuple(
        replace(place, fear=place.fear + excess) if place.name == state.location else place
        for place in state.house_plan
    )
    return replace(state, house_plan=plan)


def place_on_location(state: CavendishState, name: str) -> CavendishState:
    """The Time Captain's crystal onto a location (added to the House Plan on its first visit)."""
    found = any(place.name == name for place in state.house_plan)
    plan = state.house_plan if found else (*state.house_plan, Location(name))
    plan = tuple(
        replace(place, azrak=place.azrak + 1) if place.name == name else place for place in plan
    )
    return replace(state, house_plan=plan, location=name)

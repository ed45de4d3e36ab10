"""Hypothesis: any sequence of legal and illegal actions keeps 31 crystals and pools in bounds,
and undo always returns the exact previous state, under every revision of the rules."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from companion.cavendish.actions import (
    AbandonMission,
    AndCost,
    AnnounceGroupConflict,
    AttemptTest,
    BeginGroupConflict,
    ChooseLocation,
    DiscardFear,
    Eject,
    EmergencyUpdate,
    EndGroupConflict,
    EndMission,
    Explore,
    GainAzrak,
    GiveItems,
    LeaveLocation,
    LoseAzrak,
    LoseControl,
    OrderAttempts,
    PassCaptain,
    PersonalConflict,
    ReshuffleDestiny,
    StandardUpdate,
    StowItem,
    TakeFear,
    TakeItem,
)
from companion.cavendish.azrak import even_split, update_cost
from companion.cavendish.game import CAVENDISH
from companion.cavendish.model import (
    RECEPTACLES,
    Adjustments,
    CavendishSetup,
    CavendishState,
    ReceptacleCard,
    ReceptacleCards,
    Seat,
)
from companion.core import RuleError
from companion.session import Session

CARDS = ReceptacleCards(
    ReceptacleCard(3, 2, 1, 2),
    ReceptacleCard(4, 1, 2, 3),
    ReceptacleCard(3, 1, 3, 2),
    ReceptacleCard(2, 3, 1, 1),
)
"""Small pools so that random play breaks links, ejects agents and empties the Vortex."""

SETUPS = (
    CavendishSetup(("Solo",), (Seat("Anton", "Solo"), Seat("Amy", "Solo")), CARDS),
    CavendishSetup(
        ("A", "B", "C"), (Seat("Amy", "A"), Seat("Anton", "B"), Seat("Doug", "C")), CARDS
    ),
    CavendishSetup(
        ("A", "B", "C", "D"),
        (Seat("Amy", "A"), Seat("Anton", "B"), Seat("Jennifer", "C"), Seat("Doug", "D")),
        CARDS,
    ),
)

agent = st.sampled_from(RECEPTACLES)
small = st.integers(-1, 4)
items = st.sampled_from(("Key", "Lamp", "Note"))
ACTIONS = st.one_of(
    st.builds(ChooseLocation, st.sampled_from(("A", "B", ""))),
    st.builds(Explore, agent),
    st.builds(
        AttemptTest,
        agent,
        st.sampled_from(("strength", "confidence", "dexterity")),
        st.integers(0, 8),
        st.integers(-2, 2),
        st.integers(-1, 3),
        st.lists(st.tuples(agent, small), max_size=3).map(tuple),
        st.integers(-1, 4),
    ),
    st.builds(AndCost, agent),
    st.builds(GiveItems, agent, agent, st.lists(items, max_size=2).map(tuple)),
    st.builds(GainAzrak, agent, small),
    st.builds(LoseAzrak, agent, small),
    st.builds(TakeFear, agent, small),
    st.builds(DiscardFear, agent, small),
    st.builds(TakeItem, agent, items, st.integers(-2, 2), st.integers(-2, 2), st.integers(-2, 2)),
    st.builds(StowItem, agent, items),
    st.builds(Eject, agent),
    st.just(LeaveLocation()),
    st.builds(
        StandardUpdate,
        st.lists(st.integers(-1, 4), min_size=2, max_size=4).map(tuple),
        st.booleans(),
    ),
    st.just(PassCaptain()),
    st.builds(EmergencyUpdate, st.booleans()),
    st.just(LoseControl()),
    st.just(ReshuffleDestiny()),
    st.builds(
        EndMission,
        st.builds(Adjustments, st.booleans(), st.booleans(), st.booleans(), st.booleans()),
    ),
    st.just(AbandonMission()),
    st.builds(PersonalConflict, agent),
    st.builds(AnnounceGroupConflict, st.sampled_from(("", "the Butler"))),
    st.builds(
        BeginGroupConflict,
        st.permutations(RECEPTACLES).map(lambda o: tuple(o[:3])),
        st.integers(-1, 8),
    ),
    st.builds(OrderAttempts, st.permutations(RECEPTACLES).map(lambda o: tuple(o[:3]))),
    st.just(EndGroupConflict()),
)
"""Actions of every kind with values both legal and not."""

REVISIONS = st.integers(1, CAVENDISH.rules_revision)
"""Every revision of the rules the app plays: old saves replay under theirs."""


def check_invariants(state: CavendishState) -> None:
    assert state.crystals == 31
    assert state.vortex >= 0 and state.mission_return >= 0 and state.box >= 0
    assert all(place.azrak >= 0 and place.fear >= 0 for place in state.house_plan)
    for each in state.agents:
        assert 0 <= each.pool <= each.starting
        assert 0 <= each.fear <= max(0, each.attribute("confidence"))
        waiting = each.ejected or each.lost_control or state.outcome
        broken = any(link.receptacle == each.receptacle for link in state.pending)
        assert each.pool > 0 or waiting or broken
        assert not (each.ejected and each.personal_conflict)
    if state.conflict is not None:
        assert state.phase in ("discovery", "over")
        assert set(state.conflict.attempted) <= set(state.conflict.order)
        assert len(state.conflict.attempted) < len(state.conflict.order) or not state.conflict.begun
        assert not 0 < state.conflict.life_points <= state.conflict.damage
        assert not (state.outcome and state.rules >= 3)  # an ended mission holds no conflict
    if state.adjustments is not None:
        assert CAVENDISH.score is not None
        score = CAVENDISH.score(state)
        assert score.totals["group"] == state.final_score
        assert state.final_score is not None and state.final_score >= 0


@given(st.sampled_from(SETUPS), st.lists(ACTIONS, max_size=40), REVISIONS)
def test_crystals_and_pools_hold_and_undo_is_exact(
    setup: CavendishSetup, actions: list[Any], revision: int
) -> None:
    session = Session(CAVENDISH, setup, rules=revision)
    check_invariants(session.state)
    for action in actions:
        before = session.state
        try:
            session.do(action)
        except RuleError:
            assert session.state is before
            continue
        after = session.state
        check_invariants(after)
        session.undo()
        assert session.state == before
        session.redo()
        assert session.state == after
        assert after.rules == revision


def greedy_action(state: CavendishState) -> Any:
    """A legal-leaning move: answer links, spend in discovery, update and pass between."""
    if state.pending:
        return EmergencyUpdate() if state.vortex > 2 else LoseControl()
    if state.phase == "time-captain":
        return ChooseLocation("A")
    if state.phase == "discovery":
        rich = max(state.agents, key=lambda a: a.pool)
        return Explore(rich.receptacle) if not rich.ejected else LeaveLocation()
    return PassCaptain()


@given(st.sampled_from(SETUPS), st.lists(st.booleans(), max_size=60), REVISIONS)
def test_long_legal_play_keeps_the_crystals(
    setup: CavendishSetup, leave: list[bool], revision: int
) -> None:
    state = CAVENDISH.at_revision(CAVENDISH.start(setup), revision)
    for go in leave:
        if state.outcome:
            break
        action = (
            LeaveLocation()
            if go and state.phase == "discovery" and not state.pending
            else (greedy_action(state))
        )
        try:
            state = CAVENDISH.apply(state, action)
        except RuleError:
            if state.phase == "between" and not state.updated and state.vortex:
                shares = even_split(state, state.vortex - update_cost(state))
                state = CAVENDISH.apply(state, StandardUpdate(shares))
            else:
                raise
        check_invariants(state)

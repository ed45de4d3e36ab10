"""Conflicts kept whole (rules revision 3): the adversary's life points and the damage of each
test, a new order of attempts each turn, a turn that ends only once everyone has attempted, and a
mission that ends with no conflict open; a mission of revision 2 plays on as it was played."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.cavendish.actions import (
    AbandonMission,
    AnnounceGroupConflict,
    AttemptTest,
    BeginGroupConflict,
    ChooseLocation,
    Eject,
    EndGroupConflict,
    EndMission,
    Explore,
    OrderAttempts,
    PersonalConflict,
    ReshuffleDestiny,
)
from companion.cavendish.conflicts import next_attempt
from companion.cavendish.game import CAVENDISH, apply
from companion.cavendish.model import DESTINY_CARDS, Adjustments, CavendishState, Receptacle
from companion.core import RuleError
from companion.session import Session
from tests.cavendish.conftest import setup_for

State = Callable[..., CavendishState]

ORDER: tuple[Receptacle, ...] = ("Doug", "Amy", "Jennifer", "Anton")
"""A Time Captain's order for four agents (seats are Amy, Anton, Jennifer, Doug)."""


def attempt(agent: str, damage: int = 0) -> AttemptTest:
    """A Strength test of difficulty 3 by the agent, dealing `damage` as its card says."""
    return AttemptTest(agent, "strength", 3, 0, damage=damage)  # type: ignore[arg-type]


def play(state: CavendishState, *actions: object) -> CavendishState:
    for action in actions:
        state = apply(state, action)
    return state


def begun(at_location: State, life_points: int = 6, revision: int = 3) -> CavendishState:
    state = CAVENDISH.at_revision(at_location(4), revision)
    return play(state, AnnounceGroupConflict("the Butler"), BeginGroupConflict(ORDER, life_points))


# Life points and damage --------------------------------------------------------------------------


def test_damage_adds_up_on_the_adversary_and_is_shown(at_location: State) -> None:
    """ "Damage points: are placed on the opponent's card during a conflict"."""
    state = play(begun(at_location), attempt("Doug", 2), attempt("Amy"), attempt("Jennifer", 1))
    assert state.conflict is not None
    assert (state.conflict.life_points, state.conflict.damage) == (6, 3)
    assert [test.damage for test in state.tests] == [2, 0, 1]
    shown = CAVENDISH.describe(state)
    assert shown["group_conflict"]["life_points"] == 6
    assert shown["group_conflict"]["damage"] == 3
    assert shown["tests"][0]["damage"] == 2


def test_the_conflict_ends_when_damage_reaches_the_life_points_even_mid_turn(
    at_location: State,
) -> None:
    """ "when an adversary has accumulated damage equal to or greater than their life points, the
    conflict ends"."""
    state = play(begun(at_location), attempt("Doug", 4))
    before = state
    state = apply(state, attempt("Amy", 3))
    assert state.conflict is None
    assert CAVENDISH.narrate(before, attempt("Amy", 3), state).endswith(
        "; 3 damage. The Butler is defeated (7 damage of 6 life points): "
        "the group conflict against the Butler is over"
    )
    assert apply(state, Explore("Jennifer")).conflict is None  # the adventure resumes


def test_the_log_tells_the_life_points_and_each_damage(at_location: State) -> None:
    announced = apply(at_location(4), AnnounceGroupConflict("the Butler"))
    state = apply(announced, BeginGroupConflict(ORDER, 6))
    assert CAVENDISH.narrate(announced, BeginGroupConflict(ORDER, 6), state) == (
        "The group conflict against the Butler begins, in this order: Doug, Amy, Jennifer, "
        "Anton; 6 life points"
    )
    after = apply(state, attempt("Doug", 2))
    assert CAVENDISH.narrate(state, attempt("Doug", 2), after).endswith(
        "; 2 damage (2 of 6 life points); turn 1: Amy attempts next"
    )


def test_without_life_points_only_the_group_ends_the_conflict(at_location: State) -> None:
    state = begun(at_location, life_points=0)
    state = play(state, *(attempt(name, 9) for name in ORDER))
    assert state.conflict is not None and state.conflict.damage == 36
    announced = apply(at_location(4), AnnounceGroupConflict())
    assert CAVENDISH.narrate(
        announced, BeginGroupConflict(ORDER), apply(announced, BeginGroupConflict(ORDER))
    ).endswith("life points not counted: the group says when the adversary is defeated")
    assert CAVENDISH.describe(state)["group_conflict"]["life_points"] is None
    assert apply(state, EndGroupConflict()).conflict is None


@pytest.mark.parametrize("life_points", [-1, 100])
def test_life_points_are_as_a_card_shows(at_location: State, life_points: int) -> None:
    state = apply(at_location(4), AnnounceGroupConflict())
    with pytest.raises(RuleError, match="life points are 1 to 99 as its card shows"):
        apply(state, BeginGroupConflict(ORDER, life_points))


def test_damage_is_dealt_only_in_a_begun_group_conflict(at_location: State) -> None:
    for state in (at_location(4), apply(at_location(4), PersonalConflict("Doug"))):
        with pytest.raises(RuleError, match="during a group conflict: none is under way"):
            apply(state, attempt("Doug", 1))
    with pytest.raises(RuleError, match="A test deals 0 to 99 damage, not -1"):
        apply(begun(at_location), attempt("Doug", -1))


@given(
    life_points=st.integers(1, 20),
    damages=st.lists(st.integers(0, 6), min_size=1, max_size=12),
)
def test_the_conflict_ends_at_the_first_test_that_reaches_the_life_points(
    life_points: int, damages: list[int]
) -> None:
    start = apply(CAVENDISH.start(setup_for(4)), ChooseLocation("A"))
    state = play(start, AnnounceGroupConflict(), BeginGroupConflict(ORDER, life_points))
    dealt = 0
    for damage in damages:
        assert state.conflict is not None
        _turn, due = next_attempt(state)
        assert due is not None
        if state.agents[state.index(due)].pool < 1:
            return  # the agents' crystals, not the damage, end this line of play
        if len(state.destiny.discards) == DESTINY_CARDS:
            state = apply(state, ReshuffleDestiny())
        state = apply(state, attempt(due, damage))
        if state.pending:
            return
        dealt += damage
        assert (state.conflict is None) == (dealt >= life_points)
        if state.conflict is None:
            return
        assert state.conflict.damage == dealt


# A new order each turn ---------------------------------------------------------------------------


def test_the_time_captain_may_set_a_new_order_each_turn(at_location: State) -> None:
    """ "Once each player has made the test of their choice, the turn ends and the above
    procedure is repeated." (the Time Captain determines the order)."""
    state = play(begun(at_location), *(attempt(name) for name in ORDER))
    new: tuple[Receptacle, ...] = ("Anton", "Jennifer", "Amy", "Doug")
    before = state
    state = apply(state, OrderAttempts(new))
    assert next_attempt(state) == (2, "Anton")
    assert CAVENDISH.narrate(before, OrderAttempts(new), state) == (
        "Anton (Time Captain) sets the order for turn 2 of the group conflict against the "
        "Butler: Anton, Jennifer, Amy, Doug"
    )
    with pytest.raises(RuleError, match="It is Anton's attempt in turn 2"):
        apply(state, attempt("Doug"))
    state = play(state, ReshuffleDestiny(), *(attempt(name) for name in new))
    assert next_attempt(state) == (3, "Anton")  # the new order holds until changed


def test_a_new_order_waits_for_the_end_of_the_turn(at_location: State) -> None:
    state = apply(begun(at_location), attempt("Doug"))
    with pytest.raises(RuleError, match=r"Turn 1 .* is under way \(Doug attempted\)"):
        apply(state, OrderAttempts(ORDER[::-1]))
    with pytest.raises(RuleError, match="names every agent able to act once"):
        apply(play(state, *(attempt(name) for name in ORDER[1:])), OrderAttempts(ORDER[:3]))
    with pytest.raises(RuleError, match="No group conflict is under way"):
        apply(apply(at_location(4), AnnounceGroupConflict()), OrderAttempts(ORDER))


def test_once_the_rest_of_a_turn_is_ejected_a_new_order_is_set(at_location: State) -> None:
    state = play(begun(at_location), attempt("Doug"), Eject("Amy"), Eject("Jennifer"))
    state = play(state, Eject("Anton"), OrderAttempts(("Doug",)))
    assert state.conflict is not None and (state.conflict.turn, state.conflict.attempted) == (2, ())


# A turn kept whole -------------------------------------------------------------------------------


def test_the_players_word_waits_for_the_end_of_the_turn(at_location: State) -> None:
    """ "Each player ... must attempt one of the tests depicted on the group conflict card":
    the turn ends once every agent in it has made their attempt or is ejected."""
    state = play(begun(at_location), attempt("Doug"), attempt("Amy"))
    with pytest.raises(
        RuleError,
        match="Turn 1 of the group conflict against the Butler ends once everyone in it has "
        r"made their attempt: Jennifer and Anton still to attempt \(or to be ejected\)",
    ):
        apply(state, EndGroupConflict())
    assert play(state, Eject("Jennifer"), Eject("Anton"), EndGroupConflict()).conflict is None
    assert play(state, attempt("Jennifer"), attempt("Anton"), EndGroupConflict()).conflict is None


def test_revision_2_still_takes_the_players_word_mid_turn(at_location: State) -> None:
    state = play(begun(at_location, revision=2), attempt("Doug"))
    assert apply(state, EndGroupConflict()).conflict is None


# The end of the mission --------------------------------------------------------------------------

EPILOGUE = EndMission(Adjustments(damien_rescued=True))


def test_the_mission_cannot_end_during_a_conflict(at_location: State) -> None:
    announced = apply(at_location(4), AnnounceGroupConflict("the Butler"))
    for state in (announced, begun(at_location)):
        with pytest.raises(RuleError, match="against the Butler is not over: the mission ends"):
            apply(state, EPILOGUE)
    with pytest.raises(RuleError, match="Doug must resolve their personal conflict before the"):
        apply(apply(at_location(4), PersonalConflict("Doug")), EPILOGUE)


ENDINGS = {
    "abandoned": (AbandonMission(),),
    "everyone ejected": tuple(Eject(name) for name in ORDER),
}


@pytest.mark.parametrize("ending", ENDINGS)
def test_an_ended_mission_holds_no_conflict(at_location: State, ending: str) -> None:
    state = play(begun(at_location), PersonalConflict("Doug"), *ENDINGS[ending])
    assert state.outcome == "failed"
    assert state.conflict is None
    assert not any(agent.personal_conflict for agent in state.agents)
    assert CAVENDISH.describe(state)["group_conflict"] is None


def test_a_revision_2_mission_replays_its_end_in_a_conflict_as_it_was_played() -> None:
    """An old save that ended mid-conflict replays as before; its JSON shows no conflict open."""
    actions = [
        ChooseLocation("A"),
        PersonalConflict("Amy"),
        AnnounceGroupConflict("the Butler"),
        BeginGroupConflict(ORDER),
        attempt("Doug"),
        EPILOGUE,
    ]
    old = Session(CAVENDISH, setup_for(4), actions, rules=2).state
    assert old.outcome == "finished" and old.conflict is not None
    assert CAVENDISH.describe(old)["group_conflict"] is None
    agents = CAVENDISH.describe(old)["agents"]
    assert not any(agent["personal_conflict"] for agent in agents)
    with pytest.raises(RuleError, match="is not over: the mission ends"):
        Session(CAVENDISH, setup_for(4), actions, rules=3)

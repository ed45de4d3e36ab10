"""Conflicts, from the rulebook's "Conflicts" section: a personal conflict holds its agent to its
test; a group conflict is announced (Items swap at no cost), begun (tests in the Time Captain's
order, supports without stand by) and ended when the adversary is defeated."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.cavendish.actions import (
    AndCost,
    AnnounceGroupConflict,
    AttemptTest,
    BeginGroupConflict,
    Eject,
    EndGroupConflict,
    Explore,
    GiveItems,
    LeaveLocation,
    LoseControl,
    PersonalConflict,
    TakeItem,
)
from companion.cavendish.conflicts import next_attempt
from companion.cavendish.game import CAVENDISH, apply
from companion.cavendish.model import CavendishState, Receptacle
from companion.core import RuleError

State = Callable[..., CavendishState]
Pool = Callable[[CavendishState, str], int]

ORDER: tuple[Receptacle, ...] = ("Doug", "Amy", "Jennifer", "Anton")
"""A Time Captain's order for four agents (seats are Amy, Anton, Jennifer, Doug)."""


def attempt(agent: str, destiny: int = 0, **kwargs: object) -> AttemptTest:
    """A Strength test of difficulty 3 by the agent."""
    return AttemptTest(agent, "strength", 3, destiny, **kwargs)  # type: ignore[arg-type]


def play(state: CavendishState, *actions: object) -> CavendishState:
    for action in actions:
        state = apply(state, action)
    return state


def begun(at_location: State) -> CavendishState:
    return play(at_location(4), AnnounceGroupConflict("the Butler"), BeginGroupConflict(ORDER))


# Personal conflicts ------------------------------------------------------------------------------


def test_a_personal_conflict_blocks_its_agents_other_actions(at_location: State) -> None:
    """ "must resolve the conflict immediately, before doing anything else (stand by, explore
    another card, change location, etc.)"."""
    state = play(at_location(4), TakeItem("Amy", "ITEM 4"), PersonalConflict("Amy"))
    assert state.agents[state.index("Amy")].personal_conflict
    for action, words in (
        (Explore("Amy"), "before exploring"),
        (AndCost("Amy"), "before taking both options"),
        (GiveItems("Amy", "Anton", ("ITEM 4",)), "before giving Items"),
        (LeaveLocation(), "Amy must resolve their personal conflict first"),
    ):
        with pytest.raises(RuleError, match=words):
            apply(state, action)


def test_a_personal_conflict_agent_is_not_in_stand_by_so_cannot_support(
    at_location: State,
) -> None:
    state = play(at_location(4), PersonalConflict("Amy"))
    with pytest.raises(RuleError, match="Amy has a personal conflict card in front of them"):
        apply(state, attempt("Anton", supports=(("Amy", 1),)))


def test_a_personal_conflict_stops_only_its_agent(at_location: State, pool_of: Pool) -> None:
    state = play(at_location(4), PersonalConflict("Amy"))
    after = play(state, Explore("Anton"), attempt("Jennifer", supports=(("Anton", 1),)))
    assert pool_of(after, "Anton") == pool_of(state, "Anton") - 2
    assert CAVENDISH.waiting_for(after) is None  # not a question that stops everyone


def test_the_agents_test_resolves_the_personal_conflict(at_location: State) -> None:
    state = play(at_location(4), PersonalConflict("Amy"), attempt("Amy"))
    assert not state.agents[state.index("Amy")].personal_conflict
    assert play(state, Explore("Amy"), LeaveLocation()).phase == "between"


def test_an_ejection_ends_the_personal_conflict(at_location: State) -> None:
    state = play(at_location(4), PersonalConflict("Amy"), Eject("Amy"))
    assert not state.agents[state.index("Amy")].personal_conflict
    assert apply(state, LeaveLocation()).phase == "between"


def test_a_personal_conflict_is_marked_once_and_only_in_the_discovery_phase(
    new_state: State, at_location: State
) -> None:
    with pytest.raises(RuleError, match="Discovery phase"):
        apply(new_state(4), PersonalConflict("Amy"))
    with pytest.raises(RuleError, match="already in a personal conflict"):
        play(at_location(4), PersonalConflict("Amy"), PersonalConflict("Amy"))


# Group conflicts: announced ----------------------------------------------------------------------


def test_items_swap_at_no_cost_before_the_group_conflict_begins(
    at_location: State, pool_of: Pool
) -> None:
    """ "Before beginning the conflict, players may freely swap Items." (a Discovery phase gift
    otherwise costs the giver 1 Azrak)."""
    state = play(at_location(4), TakeItem("Amy", "ITEM 4"), TakeItem("Anton", "ITEM 5"))
    paid = apply(state, GiveItems("Amy", "Anton", ("ITEM 4",)))
    assert pool_of(paid, "Amy") == pool_of(state, "Amy") - 1
    announced = apply(state, AnnounceGroupConflict("the Butler"))
    swapped = play(
        announced,
        GiveItems("Amy", "Anton", ("ITEM 4",)),
        GiveItems("Anton", "Amy", ("ITEM 5",)),
    )
    assert swapped.vortex == state.vortex
    assert [item.name for item in swapped.agents[swapped.index("Anton")].items] == ["ITEM 4"]
    assert CAVENDISH.narrate(announced, GiveItems("Amy", "Anton", ("ITEM 4",)), swapped).endswith(
        "(swap before the group conflict)"
    )


def test_a_personal_conflict_does_not_stop_a_swap_before_the_group_conflict(
    at_location: State,
) -> None:
    """The group conflict overrides personal ones."""
    state = play(at_location(4), TakeItem("Amy", "ITEM 4"), PersonalConflict("Amy"))
    state = play(state, AnnounceGroupConflict(), GiveItems("Amy", "Anton", ("ITEM 4",)))
    assert state.agents[state.index("Anton")].items[0].name == "ITEM 4"


def test_an_announced_conflict_stops_everyone(at_location: State) -> None:
    """ "all players must stop what they are doing to resolve a group conflict"."""
    state = apply(at_location(4), AnnounceGroupConflict("the Butler"))
    for action, words in (
        (Explore("Anton"), "Everyone stops for the group conflict against the Butler"),
        (AndCost("Amy"), "Everyone stops"),
        (attempt("Amy"), "announced: swap Items if you wish, then the Time Captain sets the order"),
        (LeaveLocation(), "is not over"),
        (AnnounceGroupConflict("a ghost"), "is not over yet"),
        (EndGroupConflict(), "has not begun"),
    ):
        with pytest.raises(RuleError, match=words):
            apply(state, action)
    assert CAVENDISH.narrate(at_location(4), AnnounceGroupConflict("the Butler"), state) == (
        "The group conflict against the Butler is announced: everyone stops; Items swap at no "
        "cost until it begins"
    )
    waiting = CAVENDISH.waiting_for(state)
    assert waiting is not None and waiting.kind == "group-conflict"
    assert (
        waiting.text
        == "the group conflict against the Butler: swap Items, then Anton sets the order"
    )


def test_a_group_conflict_is_announced_in_the_discovery_phase(new_state: State) -> None:
    with pytest.raises(RuleError, match="Discovery phase"):
        apply(new_state(4), AnnounceGroupConflict())
    with pytest.raises(RuleError, match="No group conflict is announced"):
        apply(new_state(4), BeginGroupConflict(ORDER))


# Group conflicts: begun --------------------------------------------------------------------------


def test_the_order_names_every_agent_able_to_act_once(at_location: State) -> None:
    state = apply(at_location(4), AnnounceGroupConflict())
    for order in (ORDER[:3], (*ORDER, "Amy"), ("Amy", "Amy", "Doug", "Anton")):
        with pytest.raises(RuleError, match="names every agent able to act once"):
            apply(state, BeginGroupConflict(order))
    ejected = play(at_location(4), Eject("Doug"), AnnounceGroupConflict())
    with pytest.raises(RuleError, match=r"Doug ejected, so left out"):
        apply(ejected, BeginGroupConflict(ORDER))
    assert apply(ejected, BeginGroupConflict(ORDER[1:])).conflict is not None


def test_no_swapping_once_the_group_conflict_has_begun(at_location: State) -> None:
    """ "Once the group conflict has begun, no further swapping is allowed."."""
    state = play(at_location(4), TakeItem("Amy", "ITEM 4"), AnnounceGroupConflict())
    state = apply(state, BeginGroupConflict(ORDER))
    with pytest.raises(RuleError, match="no further swapping is allowed"):
        apply(state, GiveItems("Amy", "Anton", ("ITEM 4",)))


def test_each_agent_attempts_one_test_a_turn_in_the_captains_order(at_location: State) -> None:
    """ "The Time Captain determines the order in which players make their attempts."."""
    state = begun(at_location)
    with pytest.raises(RuleError, match=r"It is Doug's attempt in turn 1 .*Doug, Amy, Jennifer"):
        apply(state, attempt("Amy"))
    for name in ORDER[:3]:
        state = apply(state, attempt(name))
    assert next_attempt(state) == (1, "Anton")
    with pytest.raises(RuleError, match="It is Anton's attempt"):
        apply(state, attempt("Doug"))
    before = state
    state = apply(state, attempt("Anton"))
    assert state.conflict is not None and state.conflict.turn == 2
    assert state.conflict.attempted == ()
    assert CAVENDISH.narrate(before, attempt("Anton"), state).endswith(
        "; turn 2: Doug attempts next"
    )
    waiting = CAVENDISH.waiting_for(state)
    assert waiting is not None
    assert waiting.text == "Doug's attempt in turn 2 of the group conflict against the Butler"
    assert waiting.who == "Di"


def test_an_ejected_agent_is_skipped(at_location: State) -> None:
    state = play(begun(at_location), attempt("Doug"), Eject("Amy"))
    assert next_attempt(state) == (1, "Jennifer")
    state = play(state, attempt("Jennifer"), attempt("Anton"))
    assert next_attempt(state) == (2, "Doug")


def test_once_the_rest_of_a_turn_is_ejected_the_next_turn_begins(at_location: State) -> None:
    state = play(begun(at_location), attempt("Doug"), Eject("Amy"), Eject("Jennifer"))
    state = apply(state, Eject("Anton"))
    assert next_attempt(state) == (2, "Doug")
    state = apply(state, attempt("Doug"))
    assert state.conflict is not None
    assert (state.conflict.turn, state.conflict.attempted) == (3, ())


def test_an_agent_losing_control_mid_turn_is_skipped(at_location: State) -> None:
    state = at_location(4, Doug=1)
    state = play(state, AnnounceGroupConflict(), BeginGroupConflict(ORDER), attempt("Doug"))
    state = apply(state, LoseControl())
    assert next_attempt(state) == (1, "Amy")


def test_supports_need_no_stand_by_during_a_group_conflict(at_location: State) -> None:
    """ "During a group conflict, players can support each other even if they have a panorama
    card in front of them." (here Amy's personal conflict card)."""
    state = play(at_location(4), PersonalConflict("Amy"))
    state = play(state, AnnounceGroupConflict(), BeginGroupConflict(ORDER))
    after = apply(state, attempt("Doug", supports=(("Amy", 1),)))
    assert after.last_test is not None and after.last_test.support == 1


def test_the_group_conflict_overrides_a_personal_one_which_then_resumes(
    at_location: State,
) -> None:
    """Every player attempts "regardless of where they are, or if they are locked in a personal
    conflict"; the personal conflict is still to be resolved afterwards."""
    state = play(at_location(4), PersonalConflict("Amy"), AnnounceGroupConflict())
    state = play(state, BeginGroupConflict(ORDER), *(attempt(name) for name in ORDER))
    assert state.agents[state.index("Amy")].personal_conflict  # a group test, not hers
    state = apply(state, EndGroupConflict())
    with pytest.raises(RuleError, match="Amy must resolve their personal conflict"):
        apply(state, Explore("Amy"))
    assert not apply(state, attempt("Amy")).agents[state.index("Amy")].personal_conflict


def test_the_group_says_when_the_adversary_is_defeated(at_location: State) -> None:
    """ "A group conflict ends when the adversary is defeated.": by the players' word, between
    two turns."""
    state = play(begun(at_location), *(attempt(name) for name in ORDER))
    before = state
    state = apply(state, EndGroupConflict())
    assert state.conflict is None
    assert CAVENDISH.narrate(before, EndGroupConflict(), state) == (
        "By the players' word the adversary is defeated: the group conflict against the Butler "
        "is over"
    )
    assert play(state, Explore("Amy"), attempt("Amy"), LeaveLocation()).phase == "between"
    with pytest.raises(RuleError, match="No group conflict is under way"):
        apply(state, EndGroupConflict())


def test_the_conflict_is_shown_for_programs(at_location: State) -> None:
    state = play(begun(at_location), attempt("Doug"))
    shown = CAVENDISH.describe(state)
    assert shown["group_conflict"] == {
        "adversary": "the Butler",
        "stage": "begun",
        "order": list(ORDER),
        "turn": 1,
        "attempted": ["Doug"],
        "next": "Amy",
        "life_points": None,
        "damage": 0,
        "adversaries": [
            {
                "name": "the Butler",
                "life_points": None,
                "damage": 0,
                "defeated": False,
                "by_word": False,
            }
        ],
    }
    assert CAVENDISH.describe(at_location(4))["group_conflict"] is None


def test_an_adversary_name_is_at_most_24_characters(at_location: State) -> None:
    with pytest.raises(RuleError, match="at most 24 characters"):
        apply(at_location(4), AnnounceGroupConflict("x" * 25))

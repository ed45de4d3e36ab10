"""The Azrak economy: spending, gains, losses, free actions, the broken link and updates."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from companion.cavendish.actions import (
    AndCost,
    AttemptTest,
    ChooseLocation,
    EmergencyUpdate,
    Explore,
    GainAzrak,
    LeaveLocation,
    LoseAzrak,
    LoseControl,
    PassCaptain,
    StandardUpdate,
)
from companion.cavendish.azrak import even_split
from companion.cavendish.game import CAVENDISH, apply
from companion.cavendish.model import (
    CavendishSetup,
    CavendishState,
    ReceptacleCard,
    ReceptacleCards,
    Seat,
)
from companion.core import RuleError

State = Callable[..., CavendishState]
Pool = Callable[[CavendishState, str], int]


def test_explore_spends_one_into_the_vortex(at_location: State, pool_of: Pool) -> None:
    state = at_location(4)
    after = apply(state, Explore("Amy"))
    assert pool_of(after, "Amy") == pool_of(state, "Amy") - 1
    assert after.vortex == state.vortex + 1
    assert CAVENDISH.narrate(state, Explore("Amy"), after) == "Amy explored (1 Azrak to the Vortex)"


def test_time_captain_places_one_crystal_on_the_location(new_state: State) -> None:
    state = new_state(4)
    after = apply(state, ChooseLocation("B"))
    assert after.captain_agent.pool == 4
    assert [(p.name, p.azrak) for p in after.house_plan] == [("B", 1)]
    assert after.phase == "discovery" and after.location == "B"
    assert after.vortex == state.vortex


def test_revisiting_a_location_adds_to_its_tile(new_state: State) -> None:
    state = apply(new_state(4), ChooseLocation("B"))
    state = apply(apply(state, LeaveLocation()), PassCaptain())
    state = apply(state, ChooseLocation("b"))
    assert [(p.name, p.azrak) for p in state.house_plan] == [("B", 2)]


def test_spending_more_than_the_pool_is_refused(at_location: State) -> None:
    state = at_location(4, Amy=1)
    with pytest.raises(RuleError, match="costs 3, Amy has 1"):
        apply(state, AttemptTest("Amy", "dexterity", 3, 0, boosts=2))


def test_two_agents_first_explore_each_round_is_free(at_location: State, pool_of: Pool) -> None:
    state = at_location(2)
    amy = pool_of(state, "Amy")
    state = apply(state, Explore("Amy"))
    assert pool_of(state, "Amy") == amy
    state = apply(state, Explore("Amy"))
    assert pool_of(state, "Amy") == amy - 1
    state = apply(apply(apply(state, LeaveLocation()), PassCaptain()), ChooseLocation("A"))
    assert pool_of(state, "Amy") == amy - 2
    state = apply(state, Explore("Amy"))
    assert pool_of(state, "Amy") == amy - 2


def test_three_agents_time_captain_first_action_is_free(at_location: State, pool_of: Pool) -> None:
    state = at_location(3)
    anton = pool_of(state, "Anton")
    state = apply(state, AndCost("Anton"))
    assert pool_of(state, "Anton") == anton
    state = apply(state, Explore("Anton"))
    assert pool_of(state, "Anton") == anton - 1
    doug = pool_of(state, "Doug")
    assert pool_of(apply(state, Explore("Doug")), "Doug") == doug - 1


def test_four_agents_have_no_free_action(at_location: State, pool_of: Pool) -> None:
    state = at_location(4)
    assert pool_of(apply(state, Explore("Anton")), "Anton") == pool_of(state, "Anton") - 1


def test_gain_comes_from_the_vortex(at_location: State, pool_of: Pool) -> None:
    state = at_location(4, Amy=3)
    after = apply(state, GainAzrak("Amy", 2))
    assert pool_of(after, "Amy") == 5 and after.vortex == state.vortex - 2


def test_gain_beyond_the_vortex_is_refused(at_location: State) -> None:
    state = at_location(4, Amy=3)
    assert state.vortex == 3
    state = replace(state, vortex=1, box=state.box + 2)
    with pytest.raises(RuleError, match="holds only 1"):
        apply(state, GainAzrak("Amy", 2))


def test_loss_takes_what_there_is_and_breaks_the_link(at_location: State, pool_of: Pool) -> None:
    state = at_location(4, Amy=2)
    after = apply(state, LoseAzrak("Amy", 3))
    assert pool_of(after, "Amy") == 0
    assert after.vortex == state.vortex + 2
    assert after.pending[0].receptacle == "Amy"
    line = CAVENDISH.narrate(state, LoseAzrak("Amy", 3), after)
    assert line.startswith("Amy lost 2 Azrak of 3, all there was to the Vortex")
    assert "link is broken" in line


def test_an_empty_pool_has_nothing_to_lose_and_no_link_to_break(
    at_location: State, pool_of: Pool
) -> None:
    """Found by the long state machine: a loss from an empty pool broke the link again, and the
    Emergency Update that answered it took a crystal the Vortex did not hold (pool -1)."""
    state = at_location(4, Amy=0)
    assert pool_of(state, "Amy") == 0 and not state.pending
    with pytest.raises(RuleError, match="Amy has no Azrak left to lose"):
        apply(state, LoseAzrak("Amy", 1))


def test_broken_link_blocks_every_other_action(at_location: State) -> None:
    state = apply(at_location(4, Amy=1), Explore("Amy"))
    with pytest.raises(RuleError, match="Amy's link is broken"):
        apply(state, Explore("Anton"))
    with pytest.raises(RuleError, match="No link is broken"):
        apply(at_location(4), EmergencyUpdate())


def test_emergency_update_pays_the_last_crystal_and_refills(
    at_location: State, pool_of: Pool
) -> None:
    state = apply(at_location(4, Amy=1), Explore("Amy"))
    state = replace(state, vortex=state.vortex + 5, box=state.box - 5)
    vortex = state.vortex
    after = apply(state, EmergencyUpdate())
    assert after.mission_return == 1
    assert pool_of(after, "Amy") == 6
    assert after.vortex == vortex - 1 - 6
    assert after.pending == ()
    assert after.ledger.emergency_updates == 1


def test_emergency_update_refills_only_as_far_as_the_vortex_goes(
    at_location: State, pool_of: Pool
) -> None:
    state = apply(at_location(4, Amy=1), Explore("Amy"))
    state = replace(state, vortex=4, box=state.box + state.vortex - 4)
    after = apply(state, EmergencyUpdate())
    assert pool_of(after, "Amy") == 3 and after.vortex == 0


def test_free_emergency_update_costs_nothing(at_location: State, pool_of: Pool) -> None:
    state = apply(at_location(2, Amy=1), AndCost("Amy"))
    after = apply(state, EmergencyUpdate())
    assert after.mission_return == 0
    assert after.free_updates_left == 1
    assert pool_of(after, "Amy") == 6


def test_emergency_update_with_empty_vortex_fails_the_mission(at_location: State) -> None:
    state = apply(at_location(4, Amy=1), Explore("Amy"))
    state = replace(state, vortex=1, box=state.box + state.vortex - 1)
    after = apply(state, EmergencyUpdate())
    assert CAVENDISH.status(after) == "failed"
    assert "empty Vortex" in after.reason


def test_broken_link_on_the_location_crystal(new_state: State, set_pools: State) -> None:
    state = set_pools(new_state(4), Anton=1)
    state = apply(state, ChooseLocation("C"))
    assert state.pending[0].on_location == "C"
    after = apply(state, EmergencyUpdate())
    assert after.mission_return == 1
    assert after.house_plan[0].azrak == 0
    assert after.crystals == 31


def test_loss_of_control_ejects_and_forces_an_update(at_location: State, pool_of: Pool) -> None:
    state = apply(at_location(4, Amy=1), Explore("Amy"))
    after = apply(state, LoseControl())
    amy = after.agents[after.index("Amy")]
    assert amy.ejected and amy.pool == 0
    assert after.vortex == state.vortex
    with pytest.raises(RuleError, match="Amy is ejected"):
        apply(after, Explore("Amy"))
    between = apply(after, LeaveLocation())
    assert not between.agents[between.index("Amy")].ejected
    with pytest.raises(RuleError, match="must perform a Standard Update"):
        apply(between, PassCaptain())
    shares = even_split(between, between.vortex - 1)
    updated = apply(between, StandardUpdate(shares))
    assert pool_of(updated, "Amy") > 0
    assert apply(updated, PassCaptain()).round == 2


def test_all_agents_losing_control_fails_the_mission(at_location: State) -> None:
    state = at_location(2, Anton=1, Amy=1)
    state = apply(apply(state, Explore("Anton")), Explore("Anton"))
    state = apply(state, LoseControl())
    assert CAVENDISH.status(state) == "playing"
    state = apply(apply(state, Explore("Amy")), Explore("Amy"))
    after = apply(state, LoseControl())
    assert CAVENDISH.status(after) == "failed"
    assert "Every agent lost control" in after.reason
    with pytest.raises(RuleError, match="mission is over"):
        apply(after, PassCaptain())


def james_and_tess() -> CavendishState:
    """The rulebook's update example: James 2 of 4, Tess 5 of 7, 5 in the Vortex."""
    cards = ReceptacleCards(
        anton=ReceptacleCard(4, 1, 1, 1),
        amy=ReceptacleCard(7, 1, 1, 1),
        jennifer=ReceptacleCard(3, 1, 1, 1),
        doug=ReceptacleCard(2, 1, 1, 1),
    )
    setup = CavendishSetup(("James", "Tess"), (Seat("Anton", "James"), Seat("Amy", "Tess")), cards)
    state = CAVENDISH.start(setup)
    agents = (replace(state.agents[0], pool=2), replace(state.agents[1], pool=5))
    return replace(
        state, agents=agents, vortex=5, box=31 - 12, phase="between", free_updates_left=0
    )


def test_rulebook_update_example_james_2_tess_5_vortex_5() -> None:
    state = james_and_tess()
    assert state.crystals == 31
    assert even_split(state, 4) == (2, 2)
    after = apply(state, StandardUpdate((2, 2)))
    assert after.mission_return == 1
    assert [a.pool for a in after.agents] == [4, 7]
    assert after.vortex == 0


def test_update_surplus_stays_in_the_vortex() -> None:
    state = replace(james_and_tess(), vortex=8, box=31 - 15)
    assert even_split(state, 7) == (2, 2)
    after = apply(state, StandardUpdate((2, 2)))
    assert after.vortex == 3 and after.mission_return == 1


def test_update_must_share_all_while_agents_have_room() -> None:
    with pytest.raises(RuleError, match="share 4"):
        apply(james_and_tess(), StandardUpdate((1, 2)))


def test_update_share_past_the_starting_level_is_refused() -> None:
    with pytest.raises(RuleError, match="Anton would have 5 Azrak; the starting level is 4"):
        apply(james_and_tess(), StandardUpdate((3, 1)))


def test_update_in_the_wrong_phase_is_refused(at_location: State) -> None:
    with pytest.raises(RuleError, match="Between Locations phase; this is the Discovery phase"):
        apply(at_location(4), StandardUpdate((0, 0, 0, 0)))


def test_only_one_standard_update_per_phase() -> None:
    state = replace(james_and_tess(), vortex=8, box=31 - 15)
    state = apply(state, StandardUpdate((2, 2)))
    with pytest.raises(RuleError, match="already performed"):
        apply(state, StandardUpdate((0, 0)))


def test_free_updates_are_used_first_and_counted() -> None:
    state = replace(james_and_tess(), free_updates_left=2)
    after = apply(state, StandardUpdate((2, 2)))
    assert after.mission_return == 0 and after.free_updates_left == 1 and after.vortex == 1


def test_needed_update_with_an_empty_vortex_fails(at_location: State) -> None:
    state = apply(apply(at_location(4, Amy=1), Explore("Amy")), LoseControl())
    state = apply(state, LeaveLocation())
    state = replace(state, vortex=0, box=state.box + state.vortex)
    after = apply(state, StandardUpdate((0, 0, 0, 0)))
    assert CAVENDISH.status(after) == "failed"


def test_optional_update_with_an_empty_vortex_is_refused() -> None:
    state = replace(james_and_tess(), vortex=0, box=31 - 7)
    with pytest.raises(RuleError, match="Vortex is empty"):
        apply(state, StandardUpdate((0, 0)))


def test_captain_passes_left(new_state: State) -> None:
    state = new_state(4)
    order = []
    for _ in range(4):
        state = apply(apply(apply(state, ChooseLocation("A")), LeaveLocation()), PassCaptain())
        order.append(state.captain_agent.receptacle)
    assert order == ["Jennifer", "Doug", "Amy", "Anton"]

"""The settled rulings of Cavendish rules revision 2, each beside what revision 1 still does."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from companion.cavendish.actions import (
    AndCost,
    ChooseLocation,
    EmergencyUpdate,
    EndMission,
    Explore,
    GainAzrak,
    LoseControl,
    StandardUpdate,
)
from companion.cavendish.azrak import free_update_is_a_choice
from companion.cavendish.game import CAVENDISH, apply
from companion.cavendish.model import (
    RULES_REVISION,
    Adjustments,
    CavendishSetup,
    CavendishState,
    Ledger,
)
from companion.core import RuleError
from companion.session import Session

State = Callable[..., CavendishState]
SetupFor = Callable[..., CavendishSetup]
Pool = Callable[[CavendishState, str], int]

EXAMPLE = Adjustments(damien_rescued=True, elixir_found=True, anigimas_freed=True)
"""The example of the ruling: Damien rescued, elixir found, Anigimas freed."""


def under(state: CavendishState, revision: int) -> CavendishState:
    """The same table played under another revision of the rules."""
    return CAVENDISH.at_revision(state, revision)


def test_a_new_mission_plays_under_the_newest_revision(
    new_state: State, make_setup: SetupFor
) -> None:
    assert CAVENDISH.rules_revision == RULES_REVISION == 4
    assert new_state(2).rules == 4
    assert Session(CAVENDISH, make_setup(2)).rules == 4
    assert Session(CAVENDISH, make_setup(2), rules=1).state.rules == 1


def test_a_revision_the_game_does_not_have_is_refused(make_setup: SetupFor) -> None:
    for revision in (0, 5):
        with pytest.raises(ValueError, match="rules revisions 1 to 4, not"):
            Session(CAVENDISH, make_setup(2), rules=revision)


def test_undo_and_redo_keep_the_revision(make_setup: SetupFor) -> None:
    session = Session(CAVENDISH, make_setup(2), [ChooseLocation("A"), Explore("Amy")], rules=1)
    session.undo()
    assert session.state.rules == 1
    session.redo()
    assert session.state.rules == 1 and session.rules == 1


def finished(at_location: State, mission_return: int, revision: int) -> CavendishState:
    state = under(at_location(2), revision)
    state = replace(
        state,
        mission_return=mission_return,
        vortex=state.vortex - mission_return,
        ledger=Ledger(standard_updates=mission_return),
    )
    assert state.crystals == 31
    return apply(state, EndMission(EXAMPLE))


@pytest.mark.parametrize(("revision", "final"), [(2, 2), (1, 1)])
def test_the_rulings_example_final_score(at_location: State, revision: int, final: int) -> None:
    """Mission Return 1: 1 -> 0 -> 0 -> 2 on the card (revision 1 added up 1 - 1 - 1 + 2)."""
    after = finished(at_location, 1, revision)
    assert after.final_score == final
    assert CAVENDISH.summary(after) == f"Mission completed: final score {final}"
    assert CAVENDISH.narrate(after, EndMission(EXAMPLE), after).startswith(
        f"Mission complete: final score {final}"
    )


def test_score_lines_follow_the_card_in_printed_order(at_location: State) -> None:
    assert CAVENDISH.score is not None
    score = CAVENDISH.score(finished(at_location, 1, 2))
    assert [(line.points, line.reason) for line in score.lines[2:]] == [
        (-1, "Damien rescued"),
        (0, "elixir of eternal life found (no crystal left on the card to remove)"),
        (2, "Anigimas freed"),
    ]
    assert sum(line.points for line in score.lines) == score.totals["group"] == 2


def test_the_result_in_words_follows_the_card_as_the_score_does(at_location: State) -> None:
    """The result screen, exports and `companion score` say what the score counted."""
    assert CAVENDISH.explain is not None
    result = CAVENDISH.explain(finished(at_location, 1, 2))
    assert result.outcome == "Mission completed: final score 2"
    assert result.why[1:4] == (
        "Damien rescued: -1.",
        "Elixir of eternal life found: +0 (no crystal left on the card to remove).",
        "Anigimas freed: +2.",
    )


@pytest.mark.parametrize("revision", [1, 2])
def test_adjustments_on_a_full_card_are_the_same_under_both(
    at_location: State, revision: int
) -> None:
    assert finished(at_location, 3, revision).final_score == 3


def captain_breaks_the_link_on_c(
    new_state: State, set_pools: State, revision: int
) -> CavendishState:
    """Anton, the Time Captain, places his last crystal on location C."""
    state = set_pools(under(new_state(4), revision), Anton=1)
    return apply(state, ChooseLocation("C"))


def test_losing_control_sends_the_captains_crystal_to_the_vortex(
    new_state: State, set_pools: State
) -> None:
    state = captain_breaks_the_link_on_c(new_state, set_pools, 2)
    after = apply(state, LoseControl())
    assert after.house_plan[0].azrak == 0
    assert after.vortex == state.vortex + 1
    assert after.crystals == 31
    assert CAVENDISH.narrate(state, LoseControl(), after) == (
        "Anton lost control of the receptacle and is ejected; "
        "the crystal placed on C goes to the Vortex"
    )


def test_under_revision_1_the_captains_crystal_stays_on_the_location(
    new_state: State, set_pools: State
) -> None:
    state = captain_breaks_the_link_on_c(new_state, set_pools, 1)
    after = apply(state, LoseControl())
    assert after.house_plan[0].azrak == 1 and after.vortex == state.vortex
    assert CAVENDISH.narrate(state, LoseControl(), after) == (
        "Anton lost control of the receptacle and is ejected"
    )


@pytest.mark.parametrize("revision", [1, 2])
def test_a_spent_crystal_is_in_the_vortex_already(at_location: State, revision: int) -> None:
    state = apply(under(at_location(4, Amy=1), revision), Explore("Amy"))
    after = apply(state, LoseControl())
    assert after.vortex == state.vortex and after.house_total == state.house_total


def test_a_gain_past_the_starting_level_is_cut_to_what_fits(
    at_location: State, pool_of: Pool
) -> None:
    state = at_location(4, Amy=5)
    after = apply(state, GainAzrak("Amy", 3))
    assert pool_of(after, "Amy") == 6 and after.vortex == state.vortex - 1
    assert CAVENDISH.narrate(state, GainAzrak("Amy", 3), after) == (
        f"Amy gained 1 of 3 Azrak: the pool is full at 6, the Vortex holds {after.vortex}"
    )


def test_a_cut_gain_says_what_the_vortex_truly_holds(at_location: State) -> None:
    """The Vortex holds 1: Amy takes it, and the log does not claim 2 stay there."""
    state = at_location(4, Amy=5)
    state = replace(state, vortex=1, box=state.box + state.vortex - 1)
    after = apply(state, GainAzrak("Amy", 3))
    assert after.vortex == 0
    assert CAVENDISH.narrate(state, GainAzrak("Amy", 3), after) == (
        "Amy gained 1 of 3 Azrak: the pool is full at 6, the Vortex holds 0"
    )


def test_a_gain_into_a_full_pool_is_refused(at_location: State, pool_of: Pool) -> None:
    state = at_location(4, Amy=6)
    with pytest.raises(RuleError, match=r"Amy's pool is full \(6 of 6 Azrak.*takes nothing"):
        apply(state, GainAzrak("Amy", 2))
    assert pool_of(apply(at_location(4, Amy=5), GainAzrak("Amy", 2)), "Amy") == 6


def test_under_revision_2_a_gain_into_a_full_pool_is_logged_and_gains_nothing(
    at_location: State,
) -> None:
    state = under(at_location(4, Amy=6), 2)
    after = apply(state, GainAzrak("Amy", 2))
    assert after == state
    assert CAVENDISH.narrate(state, GainAzrak("Amy", 2), after) == (
        f"Amy gained 0 of 2 Azrak: the pool is full at 6, the Vortex holds {state.vortex}"
    )


def test_a_cut_gain_still_comes_from_the_vortex(at_location: State) -> None:
    state = at_location(4, Amy=3)
    state = replace(state, vortex=1, box=state.box + state.vortex - 1)
    with pytest.raises(RuleError, match="holds only 1"):
        apply(state, GainAzrak("Amy", 5))


def test_under_revision_1_a_gain_past_the_starting_level_is_refused(at_location: State) -> None:
    state = under(at_location(4, Amy=5), 1)
    with pytest.raises(RuleError, match=r"gaining 3 would pass the starting level \(at most 1"):
        apply(state, GainAzrak("Amy", 3))


def between_with_free_updates(at_location: State, revision: int) -> CavendishState:
    """Two agents between locations, 2 free updates left: Anton 4 of 5, Amy 3 of 6."""
    state = under(at_location(2, Amy=3), revision)
    return replace(state, phase="between")


def test_the_group_may_pay_for_a_standard_update_while_a_free_one_is_left(
    at_location: State,
) -> None:
    state = between_with_free_updates(at_location, 2)
    assert free_update_is_a_choice(state)
    paid = apply(state, StandardUpdate((1, 3), use_free=False))
    assert paid.mission_return == 1 and paid.free_updates_left == 2
    assert paid.ledger.standard_updates == 1 and paid.ledger.free_updates == 0
    free = apply(state, StandardUpdate((1, 3), use_free=True))
    assert free.mission_return == 0 and free.free_updates_left == 1


def test_the_group_may_pay_for_an_emergency_update_while_a_free_one_is_left(
    at_location: State, pool_of: Pool
) -> None:
    state = apply(at_location(2, Amy=1), AndCost("Amy"))
    paid = apply(state, EmergencyUpdate(use_free=False))
    assert paid.mission_return == 1 and paid.free_updates_left == 2
    assert paid.ledger.emergency_updates == 1 and pool_of(paid, "Amy") == 6
    assert "1 Azrak to the Mission Return card" in CAVENDISH.narrate(
        state, EmergencyUpdate(use_free=False), paid
    )
    free = apply(state, EmergencyUpdate(use_free=True))
    assert free.mission_return == 0 and free.free_updates_left == 1


def test_no_choice_once_the_free_updates_are_used(at_location: State) -> None:
    state = replace(between_with_free_updates(at_location, 2), free_updates_left=0)
    assert not free_update_is_a_choice(state)
    after = apply(state, StandardUpdate((1, 3)))
    assert after.mission_return == 1


def test_under_revision_1_a_free_update_is_always_used(at_location: State) -> None:
    state = between_with_free_updates(at_location, 1)
    assert not free_update_is_a_choice(state)
    with pytest.raises(RuleError, match="revision 1"):
        apply(state, StandardUpdate((1, 3), use_free=False))
    assert apply(state, StandardUpdate((1, 3))).mission_return == 0
    link = apply(under(at_location(2, Amy=1), 1), AndCost("Amy"))
    with pytest.raises(RuleError, match="always used while one is left"):
        apply(link, EmergencyUpdate(use_free=False))

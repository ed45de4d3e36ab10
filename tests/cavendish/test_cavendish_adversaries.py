"""Several adversaries in one group conflict ("During a conflict, each adversary will have a
certain amount of life points"): each with its own life points and damage; the conflict ends
when every adversary is defeated, or by the players' word said as such; damage typed after the
adversary fell is refused, saying it was defeated."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.cavendish.actions import (
    AddAdversary,
    AnnounceGroupConflict,
    AttemptTest,
    BeginGroupConflict,
    EndGroupConflict,
)
from companion.cavendish.game import CAVENDISH, apply
from companion.cavendish.model import CavendishState, Receptacle
from companion.core import RuleError

State = Callable[..., CavendishState]

ORDER: tuple[Receptacle, ...] = ("Anton", "Amy")


def attempt(agent: str, damage: int = 0, adversary: str = "") -> AttemptTest:
    return AttemptTest(agent, "strength", 3, 0, damage=damage, adversary=adversary)  # type: ignore[arg-type]


def play(state: CavendishState, *actions: object) -> CavendishState:
    for action in actions:
        state = apply(state, action)
    return state


def two_adversaries(at_location: State, butler: int = 4, ghoul: int = 3) -> CavendishState:
    """The Butler (announced) and the Ghoul (joined) against Anton and Amy."""
    state = at_location(2, Anton=5, Amy=6)
    return play(
        state,
        AnnounceGroupConflict("the Butler"),
        AddAdversary("the Ghoul", ghoul),
        BeginGroupConflict(ORDER, butler),
    )


def test_each_adversary_keeps_its_own_life_points_and_damage(at_location: State) -> None:
    state = play(two_adversaries(at_location), attempt("Anton", 2), attempt("Amy", 1, "the Ghoul"))
    assert state.conflict is not None
    butler, ghoul = state.conflict.adversaries
    assert (butler.name, butler.life_points, butler.damage) == ("the Butler", 4, 2)
    assert (ghoul.name, ghoul.life_points, ghoul.damage) == ("the Ghoul", 3, 1)


def test_one_adversary_defeated_does_not_end_the_conflict(at_location: State) -> None:
    before = play(two_adversaries(at_location), attempt("Anton", 0))
    action = attempt("Amy", 3, "the Ghoul")
    state = apply(before, action)
    assert state.conflict is not None and state.conflict.adversaries[1].defeated
    assert [adversary.name for adversary in state.conflict.standing] == ["the Butler"]
    line = CAVENDISH.narrate(before, action, state)
    assert "3 damage. The Ghoul is defeated (3 damage of 3 life points)" in line
    assert "standing: the Butler (0 damage of 4 life points)" in line
    assert line.endswith("turn 2: Anton attempts next")


def test_the_conflict_ends_when_every_adversary_is_defeated(at_location: State) -> None:
    state = play(two_adversaries(at_location), attempt("Anton", 3, "the Ghoul"))
    before = apply(state, attempt("Amy", 2))  # the damage goes on the first one standing
    assert before.conflict is not None and before.conflict.adversaries[0].damage == 2
    last = attempt("Anton", 2)
    after = apply(before, last)
    assert after.conflict is None
    line = CAVENDISH.narrate(before, last, after)
    assert line.endswith(
        "2 damage. The Butler is defeated (4 damage of 4 life points): "
        "the group conflict against the Butler and the Ghoul is over"
    )


def test_damage_on_a_defeated_adversary_is_refused(at_location: State) -> None:
    state = play(two_adversaries(at_location), attempt("Anton", 3, "the Ghoul"))
    with pytest.raises(
        RuleError,
        match=r"The Ghoul is defeated already \(3 damage of 3 life points\): the damage goes on "
        r"the card of an adversary still standing \(standing: the Butler",
    ):
        apply(state, attempt("Amy", 1, "the Ghoul"))


def test_damage_on_an_unknown_adversary_is_refused(at_location: State) -> None:
    with pytest.raises(RuleError, match="the Cook is not an adversary of the group conflict"):
        apply(two_adversaries(at_location), attempt("Anton", 1, "the Cook"))


def test_an_adversary_may_join_a_conflict_under_way(at_location: State) -> None:
    state = play(
        at_location(2, Anton=5, Amy=6),
        AnnounceGroupConflict("the Butler"),
        BeginGroupConflict(ORDER, 2),
        attempt("Anton", 1),
        AddAdversary("the Ghoul", 2),
        attempt("Amy", 1),  # the Butler falls; the Ghoul still stands
    )
    assert state.conflict is not None
    assert [adversary.defeated for adversary in state.conflict.adversaries] == [True, False]


@pytest.mark.parametrize(
    ("action", "refusal"),
    [
        (AddAdversary("", 3), "Name the new adversary"),
        (AddAdversary("THE BUTLER", 3), "the Butler is in the group conflict against the Butler"),
        (AddAdversary("the Ghoul", 100), "life points are 1 to 99"),
    ],
)
def test_a_new_adversary_needs_its_own_name(
    at_location: State, action: AddAdversary, refusal: str
) -> None:
    state = apply(at_location(2), AnnounceGroupConflict("the Butler"))
    with pytest.raises(RuleError, match=refusal):
        apply(state, action)


def test_no_adversary_joins_without_a_conflict(at_location: State) -> None:
    with pytest.raises(RuleError, match="No group conflict is announced"):
        apply(at_location(2), AddAdversary("the Ghoul", 3))


def test_the_players_word_defeats_one_adversary(at_location: State) -> None:
    before = play(two_adversaries(at_location, ghoul=0), attempt("Anton", 0))
    state = apply(before, EndGroupConflict("the Ghoul"))  # mid-turn: the conflict goes on
    assert state.conflict is not None and state.conflict.adversaries[1].by_word
    assert CAVENDISH.narrate(before, EndGroupConflict("the Ghoul"), state) == (
        "By the players' word the Ghoul is defeated; standing: the Butler (0 damage of 4 life "
        "points)"
    )


def test_the_players_word_on_the_last_one_ends_the_conflict_between_turns(
    at_location: State,
) -> None:
    state = play(two_adversaries(at_location, ghoul=0), attempt("Anton", 4))
    with pytest.raises(RuleError, match=r"Turn 1 .* ends once everyone in it has made"):
        apply(state, EndGroupConflict("the Ghoul"))
    state = apply(state, attempt("Amy", 0))
    assert apply(state, EndGroupConflict("the Ghoul")).conflict is None


def test_the_players_word_ends_the_whole_conflict(at_location: State) -> None:
    before = two_adversaries(at_location)
    after = apply(before, EndGroupConflict())
    assert after.conflict is None
    assert CAVENDISH.narrate(before, EndGroupConflict(), after) == (
        "By the players' word the Butler and the Ghoul are defeated: the group conflict against "
        "the Butler and the Ghoul is over"
    )


def test_damage_after_the_adversary_fell_says_it_was_defeated(at_location: State) -> None:
    state = play(
        at_location(2, Anton=5, Amy=6),
        AnnounceGroupConflict("the Butler"),
        BeginGroupConflict(ORDER, 2),
        attempt("Anton", 2),
    )
    assert state.conflict is None
    with pytest.raises(
        RuleError,
        match=r"during a group conflict: none is under way: the group conflict against the Butler "
        r"is over, the Butler defeated \(2 damage of 2 life points\)",
    ):
        apply(state, attempt("Amy", 1))


def test_damage_after_the_players_word_says_so(at_location: State) -> None:
    state = play(
        at_location(2, Anton=5, Amy=6),
        AnnounceGroupConflict("the Butler"),
        BeginGroupConflict(ORDER),
        EndGroupConflict(),
    )
    with pytest.raises(RuleError, match=r"the Butler defeated \(by the players' word\)"):
        apply(state, attempt("Amy", 1))
    with pytest.raises(RuleError, match="No group conflict is under way: the group conflict"):
        apply(state, EndGroupConflict())


def test_damage_while_only_announced_says_so(at_location: State) -> None:
    state = apply(at_location(2), AnnounceGroupConflict("the Butler"))
    with pytest.raises(RuleError, match=r"once its group conflict has begun: .* only announced"):
        apply(state, attempt("Anton", 1))


def test_show_json_lists_every_adversary(at_location: State) -> None:
    state = play(two_adversaries(at_location), attempt("Anton", 1, "the Ghoul"))
    data = CAVENDISH.describe(state)["group_conflict"]
    assert isinstance(data, dict)
    assert (data["adversary"], data["life_points"], data["damage"]) == ("the Butler", 4, 0)
    assert data["adversaries"] == [
        {"name": "the Butler", "life_points": 4, "damage": 0, "defeated": False, "by_word": False},
        {"name": "the Ghoul", "life_points": 3, "damage": 1, "defeated": False, "by_word": False},
    ]


def test_the_begin_line_names_each_adversarys_life_points(at_location: State) -> None:
    state = play(at_location(2), AnnounceGroupConflict("the Butler"), AddAdversary("the Ghoul"))
    after = apply(state, BeginGroupConflict(ORDER, 4))
    assert CAVENDISH.narrate(state, BeginGroupConflict(ORDER, 4), after).endswith(
        "the Butler 4 life points; the Ghoul life points not counted: the group says when it is "
        "defeated"
    )

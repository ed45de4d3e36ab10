"""Every rule of Pebbles, with plain function calls: the rules are pure."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from companion.core import Facts, RuleError
from pebbles.game import PEBBLES, Pass, PebblesSetup, Take, describe, figures, narrate, start


def test_a_turn_takes_one_to_three_and_passes_the_turn() -> None:
    state = PEBBLES.apply(start(PebblesSetup(pile=7)), Take(3))
    assert (state.pile, state.held, state.turn) == (4, (3, 0), 1)
    state = PEBBLES.apply(state, Pass())
    assert (state.pile, state.held, state.turn) == (4, (3, 0), 0)


@pytest.mark.parametrize("count", [0, 4, -1])
def test_a_turn_takes_no_more_than_three_and_at_least_one(count: int) -> None:
    with pytest.raises(RuleError, match="1 to 3"):
        PEBBLES.apply(start(PebblesSetup()), Take(count))


def test_a_chosen_take_is_refused_past_the_pile_a_rolled_one_takes_the_rest() -> None:
    state = start(PebblesSetup(pile=2))
    with pytest.raises(RuleError, match="Only 2 left"):
        PEBBLES.apply(state, Take(3))
    after = PEBBLES.apply(state, Take(3, "physical"))
    assert (after.pile, after.held) == (0, (2, 0))
    assert narrate(state, Take(3, "physical"), after) == (
        "Ana rolls 3 on a real D3 and takes 2 (0 left)"
    )


def test_the_most_pebbles_wins_and_show_json_names_the_winners() -> None:
    state = start(PebblesSetup(pile=4))
    for action in (Take(1), Take(3)):
        state = PEBBLES.apply(state, action)
    assert PEBBLES.status(state) == "finished"
    assert PEBBLES.score is not None and PEBBLES.score(state).winners == ("Ben",)
    assert describe(state)["winners"] == ["Ben"]
    with pytest.raises(RuleError, match="over"):
        PEBBLES.apply(state, Pass())


@pytest.mark.parametrize(
    ("setup", "rule"),
    [(PebblesSetup(players=("Ana",)), "two players"), (PebblesSetup(pile=0), "one pebble")],
)
def test_a_setup_the_rules_refuse(setup: PebblesSetup, rule: str) -> None:
    with pytest.raises(RuleError, match=rule):
        start(setup)


@dataclass(frozen=True)
class Play:
    """One play as the statistics hand it to `figures`."""

    facts: Facts
    finished: bool = True

    def player(self, name: str) -> str:
        return name


def test_the_figures_count_rolled_takes_of_the_plays_that_have_them() -> None:
    state = start(PebblesSetup(pile=3))
    steps = []
    for action in (Take(1, "app"), Take(2)):
        after = PEBBLES.apply(state, action)
        steps.append((state, action, after))
        state = after
    played = PEBBLES.facts_at(state.setup, state, steps)
    assert (played.winners, played.details) == (("Ben",), {"rolled_takes": 1})
    typed_in = Facts("finished", ("Ana", "Ben"), {"Ana": 3, "Ben": 1}, ("Ana",))
    typed_in = replace(typed_in, details={"recorded": True})  # as a recorded play's facts
    in_play = Facts("playing", ("Ana", "Ben"), details={"rolled_takes": 5})
    plays = [Play(played), Play(typed_in), Play(in_play, finished=False)]
    assert figures(plays) == {"rolled_takes": 1, "plays_with_rolls_counted": 1}

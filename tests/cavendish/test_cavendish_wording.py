"""The words a player reads: sentences that join properly, counted nouns in their number, and a
saved-games title of its own for each mission (in the app: test_cavendish_app.py's whole
mission)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from companion.cavendish.actions import AttemptTest, StandardUpdate
from companion.cavendish.game import CAVENDISH, apply
from companion.cavendish.model import CavendishState, Ledger
from companion.core import RuleError
from widgets.cavendish.setup import mission_title

State = Callable[..., CavendishState]


def test_two_links_broken_by_one_action_read_as_separate_sentences(
    at_location: State, set_pools: State
) -> None:
    """Amy's test takes her last crystal and Doug's support his: two questions, two sentences."""
    state = set_pools(at_location(4), Amy=1, Doug=1)
    action = AttemptTest("Amy", "strength", 3, 0, supports=(("Doug", 1),))
    after = apply(state, action)
    line = CAVENDISH.narrate(state, action, after)
    assert line.endswith(
        "(2 Azrak spent). Amy's link is broken: Emergency Update or lose control? "
        "Doug's link is broken: Emergency Update or lose control?"
    )
    assert "?." not in line


def test_the_result_counts_updates_in_their_number(at_location: State) -> None:
    assert CAVENDISH.explain is not None
    one_each = replace(
        at_location(2), ledger=Ledger(standard_updates=1, emergency_updates=1, free_updates=1)
    )
    assert CAVENDISH.explain(one_each).why[0] == (
        "Mission Return card: 0 Azrak from 1 Standard Update and 1 Emergency Update "
        "(1 free update used)."
    )
    two = replace(one_each, ledger=Ledger(standard_updates=2, free_updates=2))
    assert CAVENDISH.explain(two).why[0] == (
        "Mission Return card: 0 Azrak from 2 Standard Updates and 0 Emergency Updates "
        "(2 free updates used)."
    )


def test_the_score_lines_count_updates_in_their_number(at_location: State) -> None:
    state = replace(at_location(4, Amy=3), phase="between")
    after = apply(state, StandardUpdate((2, 0, 0, 0)))
    assert CAVENDISH.score is not None
    assert [line.reason for line in CAVENDISH.score(after).lines] == [
        "1 Standard Update",
        "0 Emergency Updates",
    ]


def test_the_update_refusals_count_what_the_vortex_holds(at_location: State) -> None:
    """They said "1 crystals are to be shared": Azrak is the word for one crystal or many."""
    state = replace(at_location(4, Amy=4), phase="between")  # 1 Azrak to share after the cost
    with pytest.raises(RuleError) as refused:
        apply(state, StandardUpdate((0, 0, 0, 0)))
    assert str(refused.value).startswith("The Vortex holds 1 Azrak to share and agents still")
    with pytest.raises(RuleError, match=r"^The Vortex holds only 1 Azrak to share; these make 2"):
        apply(state, StandardUpdate((1, 1, 0, 0)))


def test_a_mission_title_is_numbered_when_the_players_already_have_one() -> None:
    players = ("Ana", "Ben")
    assert mission_title(players, set()) == "Cavendish with Ana, Ben"
    taken = {"Cavendish with Ana, Ben", "cavendish with ana, ben, mission 2"}
    assert mission_title(players, taken) == "Cavendish with Ana, Ben, mission 3"


def test_a_long_title_keeps_its_number() -> None:
    players = tuple(name * 24 for name in "ABCD")
    first = mission_title(players, set())
    second = mission_title(players, {first})
    assert second != first and second.endswith(", mission 2") and len(second) <= 80

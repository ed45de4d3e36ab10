"""Whose move a Six Sojourns action is (`Game.mover`): a card bought is the turn player's, a
player's coins and pieces and numbers are theirs, the board and the scoring are the table's."""

from __future__ import annotations

import pytest

from companion.six_sojourns.actions import (
    AdjustCoins,
    CloseSojourn,
    EnterCount,
    PayCoins,
    PlaceSerpent,
    PlaceShrine,
    PlaceUpgrade,
    RemoveSpace,
    ScoreBy,
    SetObjectives,
    TakeCard,
)
from companion.six_sojourns.game import SIX_SOJOURNS
from companion.six_sojourns.setup import SojournsSetup

THREE = SojournsSetup(players=("Ana", "Ben", "Cy"))


def test_a_card_is_bought_by_the_player_whose_turn_it_is() -> None:
    state = SIX_SOJOURNS.start(THREE)
    assert SIX_SOJOURNS.mover(state, TakeCard(0)) == "Ana"
    state = SIX_SOJOURNS.apply(state, TakeCard(0))
    assert SIX_SOJOURNS.mover(state, TakeCard(0)) == "Ben"
    state = SIX_SOJOURNS.apply(state, TakeCard(0))
    assert SIX_SOJOURNS.mover(state, TakeCard(0)) == "Cy"


@pytest.mark.parametrize(
    ("action", "player"),
    [
        (AdjustCoins("Ben", 2), "Ben"),
        (PayCoins("Cy", "Ana"), "Cy"),
        (PlaceSerpent("Ben", ("Ana",)), "Ben"),
        (PlaceShrine("Cy"), "Cy"),
        (EnterCount("Ben", "coins", 4), "Ben"),
        (SetObjectives("Cy", ()), "Cy"),
    ],
)
def test_a_players_own_things_are_theirs(action: object, player: str) -> None:
    assert SIX_SOJOURNS.mover(SIX_SOJOURNS.start(THREE), action) == player


@pytest.mark.parametrize(
    "action",
    [PlaceUpgrade("art", 1), RemoveSpace("A1"), ScoreBy("board"), CloseSojourn()],
)
def test_the_board_and_the_scoring_are_the_tables(action: object) -> None:
    assert SIX_SOJOURNS.mover(SIX_SOJOURNS.start(THREE), action) is None

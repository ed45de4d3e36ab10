"""Snapshots of the setup, the sheet and the board grid at 80x24 and 120x40."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from companion.six_sojourns.actions import (
    AdjustCoins,
    EnterCount,
    EnterSpace,
    PlaceShrine,
    ScoreBy,
    SetObjectives,
    TakeCard,
)
from companion.six_sojourns.model import Objective, Pieces, Space
from companion.six_sojourns.setup import SojournsSetup
from tests.support.snapshots import Size, size_sets

SIZES = size_sets([(80, 24), (120, 40)])
SETUP = SojournsSetup(("Ana", "Ben", "Cy", "Dee"), "A", ("feuds", "mountains"))
TURNS_SETUP = SojournsSetup(("Ana", "Ben", "Cy"), "B", ("shrines", "upgrades"))


def played(make_test_app: Callable[..., Any], board: bool) -> Any:
    def begin(app: Any) -> None:
        saved = app.start_game("six-sojourns", SETUP, "Friday")
        session = saved.session
        for name, cooking, spaces in (("Ana", 6, 8), ("Ben", 9, 6), ("Cy", 3, 9), ("Dee", 5, 7)):
            session.do(EnterCount(name, "cooking", cooking))
            session.do(EnterCount(name, "spaces", spaces))
        if board:
            session.do(ScoreBy("board"))
            session.do(SetObjectives("Ana", (Objective("houses", 3, at_least=1),)))
            session.do(
                EnterSpace(
                    Space(
                        "A1",
                        island="North",
                        mountain=True,
                        pieces={"Ana": Pieces(people=2, houses=1), "Ben": Pieces(people=3)},
                    )
                )
            )
            session.do(EnterSpace(Space("A2", island="North", pieces={"Cy": Pieces(people=2)})))
            session.do(
                EnterSpace(
                    Space("S1", sea=True, pieces={"Dee": Pieces(boats=2), "Ana": Pieces(boats=2)})
                )
            )

    return make_test_app(start=begin)


class TestSheet:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_score_pad(
        self, snap_sizes: Any, make_test_app: Callable[..., Any], sizes: list[Size]
    ) -> None:
        assert snap_sizes(played(make_test_app, board=False), sizes) == []

    @pytest.mark.parametrize("sizes", SIZES)
    def test_a_game_scored_from_the_board(
        self, snap_sizes: Any, make_test_app: Callable[..., Any], sizes: list[Size]
    ) -> None:
        """The board's rows (spaces, islands, the mountains and feuds in play) on the sheet; every
        key listed (`?`); why each point; the board's grid."""
        views = {"sheet": ["s"], "keys": ["question_mark"], "why": ["escape", "w"], "board": ["b"]}
        assert snap_sizes(played(make_test_app, board=True), sizes, views=views) == []


class TestSetup:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_setup(
        self, snap_sizes: Any, make_test_app: Callable[..., Any], sizes: list[Size]
    ) -> None:
        app = make_test_app(start=lambda app: app.new_game("six-sojourns"))
        assert snap_sizes(app, sizes) == []


def turns_in_play(make_test_app: Callable[..., Any]) -> Any:
    """Three players four turns in: cards bought, coins paid, a shrine built."""

    def begin(app: Any) -> None:
        saved = app.start_game("six-sojourns", TURNS_SETUP, "Ana, Ben, Cy")
        for cost in (2, 0, 3, 1):
            saved.session.do(TakeCard(cost))
        saved.session.do(AdjustCoins("Cy", 2))
        saved.session.do(PlaceShrine("Ben"))

    return make_test_app(start=begin)


class TestTurnsAndLog:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_turns_and_log(
        self, snap_sizes: Any, make_test_app: Callable[..., Any], sizes: list[Size]
    ) -> None:
        views = {"turns": ["t"], "log": ["l"]}
        assert snap_sizes(turns_in_play(make_test_app), sizes, views=views) == []

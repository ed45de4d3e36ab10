"""Snapshots at 80x24 and 120x40 of the trades tokens' question of a pad/board switch and of a
finished game's Turns tab."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from companion.six_sojourns.actions import CloseSojourn, EnterCount, EnterSpace, TakeCard
from companion.six_sojourns.model import Pieces, Space
from companion.six_sojourns.setup import SojournsSetup
from tests.support.snapshots import Size, size_sets

SIZES = size_sets([(80, 24), (120, 40)])
SETUP = SojournsSetup(("Ana", "Ben"), "A", ("trades-tokens", "feuds"))


def opened(actions: list[Any]) -> Callable[[Any], None]:
    def begin(app: Any) -> None:
        saved = app.start_game("six-sojourns", SETUP, "Ana, Ben")
        for action in actions:
            saved.session.do(action)

    return begin


TOKEN_ON_A1 = [
    EnterCount("Ana", "art", 4),
    EnterCount("Ben", "cooking", 6),
    EnterSpace(Space("A1", island="North", trade_token="art", pieces={"Ana": Pieces(people=3)})),
    EnterSpace(Space("B4", island="South", trade_token="cooking", pieces={"Ben": Pieces(2)})),
]


class TestSwitch:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_the_trades_tokens_question(
        self, snap_sizes: Any, make_test_app: Callable[..., Any], sizes: list[Size]
    ) -> None:
        app = make_test_app(start=opened(TOKEN_ON_A1))
        assert snap_sizes(app, sizes, press=["m"]) == []


class TestFinished:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_turns_of_a_finished_game(
        self, snap_sizes: Any, make_test_app: Callable[..., Any], sizes: list[Size]
    ) -> None:
        app = make_test_app(start=opened([TakeCard(2), EnterCount("Ana", "spaces", 3)]))

        async def finish_then_turns(pilot: Any) -> None:
            await pilot.pause()
            pilot.app.screen.act(CloseSojourn())
            await pilot.pause()
            await pilot.press("escape")  # the result screen
            await pilot.pause()
            await pilot.press("escape", "t")  # the play's details skipped; the Turns tab

        assert snap_sizes(app, sizes, run_before=finish_then_turns) == []

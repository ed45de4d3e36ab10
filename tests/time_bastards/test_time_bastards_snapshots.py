"""How the Time Bastards screens look at 80x24 and 120x40: board, clock, a bump, the result."""

from __future__ import annotations

from typing import Any

import pytest

from companion.time_bastards.model import (
    MoveEarliest,
    PlaceNewPiece,
    RollD6,
    ShiftPiece,
    TimeBastardsSetup,
    Traveller,
)
from tests.support.snapshots import Size, size_sets

SIZES = size_sets([(80, 24), (120, 40)])
SETUP = TimeBastardsSetup((Traveller("Ana", "red", 1), Traveller("Ben", "blue", 3)))


def lost(player: int) -> RollD6:
    return RollD6(player, 5)


MIDGAME = [
    MoveEarliest(0),
    MoveEarliest(1),
    *[MoveEarliest(p) for _ in range(4) for p in (0, 1)],
    RollD6(0, 2, "physical"),
    PlaceNewPiece(0, 2),
    RollD6(1, 6),
    ShiftPiece(1, 1, "back"),
]
"""Five rounds: both travellers move up to 5, Ana adds a piece on II at 3, Ben pushes one back."""


def playing(actions: list[Any], setup: TimeBastardsSetup = SETUP) -> Any:
    def start(app: Any) -> None:
        saved = app.start_game("time-bastards", setup, "Ana v Ben")
        for action in actions:
            saved.session.do(action)

    return start


async def settle(pilot: Any) -> None:
    await pilot.pause()
    pilot.app.screen.refresh_state()
    await pilot.pause()


class TestBoard:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_midgame_board(self, snap_sizes: Any, make_test_app: Any, sizes: list[Size]) -> None:
        app = make_test_app(start=playing(MIDGAME))
        assert snap_sizes(app, sizes, run_before=settle) == []

    @pytest.mark.parametrize("sizes", SIZES)
    def test_placing_a_new_piece(
        self, snap_sizes: Any, make_test_app: Any, sizes: list[Size]
    ) -> None:
        app = make_test_app(start=playing([*MIDGAME, RollD6(0, 3)]))
        assert snap_sizes(app, sizes, run_before=settle) == []


class TestClock:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_second_lap(self, snap_sizes: Any, make_test_app: Any, sizes: list[Size]) -> None:
        turns = [lost(p) for _ in range(14) for p in (0, 1)]
        app = make_test_app(start=playing(turns))
        assert snap_sizes(app, sizes, run_before=settle) == []


class TestBump:
    def test_owner_is_asked(self, snap_compare: Any, make_test_app: Any) -> None:
        setup = TimeBastardsSetup((Traveller("Ana", "red", 1), Traveller("Ben", "blue", 1)))
        app = make_test_app(start=playing([MoveEarliest(0), RollD6(1, 6)], setup))
        assert snap_compare(app, press=["enter"], run_before=settle)


class TestResult:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_game_over(self, snap_sizes: Any, make_test_app: Any, sizes: list[Size]) -> None:
        coop = TimeBastardsSetup(SETUP.players, "coop")
        turns = [lost(p) for _ in range(12) for p in (0, 1)]
        app = make_test_app(start=playing(turns, coop))
        assert snap_sizes(app, sizes, run_before=settle) == []


class TestSetup:
    def test_setup_screen(self, snap_compare: Any, make_test_app: Any) -> None:
        app = make_test_app(start=lambda a: a.new_game("time-bastards"))
        assert snap_compare(app, terminal_size=(80, 24))

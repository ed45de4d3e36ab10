"""The result screen of a duel decided on the second step, at 80x24 and 120x40 (issue 15)."""

from __future__ import annotations

from typing import Any

import pytest
from test_time_bastards_snapshots import MIDGAME, SETUP, SIZES, playing, settle

from companion.session import Session
from companion.time_bastards.game import TIME_BASTARDS
from companion.time_bastards.model import LeavePieces, RollD6
from tests.support.snapshots import Size


def to_the_end() -> list[Any]:
    """The mid-game, then every turn a 6 that moves nothing, until the clock runs out."""
    session = Session(TIME_BASTARDS, SETUP, MIDGAME)
    while not session.state.finished:
        player = session.state.turn
        session.do(RollD6(player, 6))
        session.do(LeavePieces(player))
    return session.actions


class TestResultScreen:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_duel_decided_by_pieces(
        self, snap_sizes: Any, make_test_app: Any, sizes: list[Size]
    ) -> None:
        app = make_test_app(start=playing(to_the_end()))
        assert snap_sizes(app, sizes, press=["R"], run_before=settle) == []

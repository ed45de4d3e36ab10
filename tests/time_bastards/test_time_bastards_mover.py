"""Whose move a Time Bastards action is (`Game.mover`): the player whose turn it is, and the
bumped piece's owner for where it goes."""

from __future__ import annotations

from typing import Any

from companion.time_bastards.game import TIME_BASTARDS
from companion.time_bastards.model import (
    LeavePieces,
    MoveEarliest,
    PlaceNewPiece,
    RollD6,
    SendBumpedPiece,
    ShiftPiece,
    TimeBastardsState,
)


def test_every_move_of_a_turn_is_the_turn_players(laid_out: Any) -> None:
    state: TimeBastardsState = laid_out([(0, 0, 3), (1, 1, 4)], turn=1)
    for action in (
        MoveEarliest(1),
        RollD6(1, 3),
        PlaceNewPiece(1, 2),
        ShiftPiece(1, 1, "forward"),
        LeavePieces(1),
    ):
        assert TIME_BASTARDS.mover(state, action) == "Ben"
    assert TIME_BASTARDS.mover(laid_out([(0, 0, 3)], turn=0), RollD6(0, 3)) == "Ana"


def test_where_a_bumped_piece_goes_is_its_owners_choice_not_the_turn_players(
    laid_out: Any,
) -> None:
    # Ben's turn, and Ana's piece (age 1) was bumped: Ana chooses where it goes.
    state: TimeBastardsState = laid_out([(0, 0, 3), (1, 0, 3)], turn=1, bumped=(1,))
    assert TIME_BASTARDS.mover(state, SendBumpedPiece(0, 2)) == "Ana"
    # Ben's own piece bumped on Ben's turn: Ben's.
    state = laid_out([(0, 0, 3), (1, 0, 3)], turn=1, bumped=(2,))
    assert TIME_BASTARDS.mover(state, SendBumpedPiece(1, 2)) == "Ben"


def test_the_mover_is_a_seat_of_the_game(duel: TimeBastardsState) -> None:
    seats = {seat.name for seat in TIME_BASTARDS.seats(duel)}
    assert TIME_BASTARDS.mover(duel, MoveEarliest(duel.turn)) in seats

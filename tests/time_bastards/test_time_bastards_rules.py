"""Time Bastards rules, one test (or more) per rule and ruling, with the rulebook's own cases."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from companion.core import RuleError
from companion.time_bastards.model import (
    LeavePieces,
    MoveEarliest,
    Piece,
    PlaceNewPiece,
    RollD6,
    SendBumpedPiece,
    ShiftPiece,
    TimeBastardsState,
    earliest,
    held,
    pieces_of,
)
from companion.time_bastards.rules import apply, start

ANA = 0
BEN = 1
Build = Any


def play(state: TimeBastardsState, *actions: Any) -> TimeBastardsState:
    """Apply actions in turn."""
    for action in actions:
        state = apply(state, action)
    return state


def test_start_places_each_first_piece_at_the_start_of_its_chosen_timeline(setup_of: Build) -> None:
    state = start(setup_of(starts=(3, 3)))
    assert state.pieces == (Piece(1, ANA, 3, 0), Piece(2, BEN, 3, 0))
    assert state.supply == (3, 3)
    assert (state.round, state.turn, state.achievements) == (1, ANA, ((), ()))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"length": 3}, "4-15 spaces, not 3"),
        ({"length": 16}, "4-15 spaces, not 16"),
        ({"starts": (5, 1)}, "start on timeline I-IV, not 5"),
    ],
)
def test_impossible_setups_are_refused(
    options: dict[str, Any], message: str, setup_of: Build
) -> None:
    with pytest.raises(RuleError, match=message):
        start(setup_of(**options))


def test_setup_refuses_same_names_same_colours_and_a_third_player(setup_of: Build) -> None:
    base = setup_of()
    same_name = replace(base, players=(base.players[0], replace(base.players[1], name="ana")))
    same_colour = replace(base, players=(base.players[0], replace(base.players[1], colour="red")))
    three = replace(base, players=(*base.players, base.players[0]))
    blank = replace(base, players=(replace(base.players[0], name="  "), base.players[1]))
    for setup, message in [
        (same_name, "Both players are called"),
        (same_colour, "Both players have red counters"),
        (three, "two travellers, not 3"),
        (blank, "Player 1 needs a name"),
    ]:
        with pytest.raises(RuleError, match=message):
            start(setup)


def test_move_earliest_moves_the_piece_nearest_x_forward_one_space(laid_out: Build) -> None:
    state = laid_out([(ANA, 1, 5), (BEN, 2, 0), (ANA, 3, 2)])
    after = apply(state, MoveEarliest(ANA))
    assert Piece(3, ANA, 3, 3) in after.pieces
    assert Piece(1, ANA, 1, 5) in after.pieces
    assert after.turn == BEN


def test_earliest_piece_at_the_end_of_its_timeline_cannot_move(laid_out: Build) -> None:
    state = laid_out([(ANA, 1, 9), (BEN, 2, 0)])
    with pytest.raises(RuleError, match="end of its timeline"):
        apply(state, MoveEarliest(ANA))


def test_roll_one_to_five_places_that_many_spaces_before_the_earliest_piece(
    laid_out: Build,
) -> None:
    state = laid_out([(ANA, 1, 6), (BEN, 2, 0), (ANA, 2, 4)])
    rolled = apply(state, RollD6(ANA, 3))
    assert rolled.roll == 3 and rolled.turn == ANA
    after = apply(rolled, PlaceNewPiece(ANA, 4))
    assert Piece(4, ANA, 4, 1) in after.pieces
    assert after.supply == (1, 3)
    assert after.turn == BEN


def test_lost_in_time_at_the_boundary(laid_out: Build) -> None:
    """Earliest at 3: a 3 lands on the start (0), a 4 would be before it and is lost in time."""
    state = laid_out([(ANA, 1, 3), (BEN, 2, 5)])
    on_start = play(state, RollD6(ANA, 3), PlaceNewPiece(ANA, 2))
    assert Piece(3, ANA, 2, 0) in on_start.pieces
    lost = apply(state, RollD6(ANA, 4))
    assert lost.pieces == state.pieces
    assert lost.supply == state.supply
    assert lost.roll is None and lost.turn == BEN
    assert "lost in time" in lost.events[0]


def test_a_piece_lost_in_time_by_a_1_counts_one_space(laid_out: Build) -> None:
    lost = apply(laid_out([(ANA, 1, 0), (BEN, 2, 5)]), RollD6(ANA, 1))
    assert "1 space before the earliest piece (I at 0) is before the start" in lost.events[0]


def test_a_roll_with_no_counter_left_does_nothing(laid_out: Build) -> None:
    state = laid_out([(ANA, 1, 9), (ANA, 2, 8), (ANA, 3, 7), (ANA, 4, 6), (BEN, 1, 0)])
    assert state.supply[ANA] == 0
    after = apply(state, RollD6(ANA, 2))
    assert after.pieces == state.pieces and after.turn == BEN
    assert "no counter left" in after.events[0]


def test_six_moves_any_piece_one_space_either_way_even_the_opponents(laid_out: Build) -> None:
    state = laid_out([(ANA, 1, 3), (BEN, 2, 5)])
    forward = play(state, RollD6(ANA, 6), ShiftPiece(ANA, 2, "forward"))
    assert Piece(2, BEN, 2, 6) in forward.pieces
    back = play(state, RollD6(ANA, 6), ShiftPiece(ANA, 1, "back"))
    assert Piece(1, ANA, 1, 2) in back.pieces
    assert back.turn == BEN


def test_six_may_move_nothing(laid_out: Build) -> None:
    state = laid_out([(ANA, 1, 3), (BEN, 2, 5)])
    after = play(state, RollD6(ANA, 6), LeavePieces(ANA))
    assert after.pieces == state.pieces and after.turn == BEN


def test_six_cannot_move_a_piece_off_the_board(laid_out: Build) -> None:
    state = laid_out([(ANA, 1, 0), (BEN, 2, 9)])
    rolled = apply(state, RollD6(ANA, 6))
    with pytest.raises(RuleError, match="at the start of its timeline"):
        apply(rolled, ShiftPiece(ANA, 1, "back"))
    with pytest.raises(RuleError, match="at the end of its timeline"):
        apply(rolled, ShiftPiece(ANA, 2, "forward"))


def test_level_rule_removes_the_older_piece_and_scores_its_timeline(laid_out: Build) -> None:
    """Landing level with an older piece of yours: the older leaves and scores its timeline."""
    state = laid_out([(ANA, 1, 5), (BEN, 2, 0), (ANA, 4, 4)])
    after = apply(state, MoveEarliest(ANA))
    assert pieces_of(after, ANA) == (Piece(3, ANA, 4, 5),)
    assert held(after, ANA) == (1,)
    assert after.supply[ANA] == 3
    assert "scores achievement I." in " ".join(after.events)
    assert after.events[1] == (
        "Ana's pieces on timelines IV and I are level at time 5: the older one leaves I at 5 for "
        "the supply; Ana scores achievement I."
    )


def test_a_new_piece_is_never_level_with_your_own(laid_out: Build) -> None:
    """It goes before your earliest piece, so placing never triggers the level rule."""
    state = laid_out([(ANA, 1, 5), (BEN, 2, 0), (ANA, 4, 4)])
    after = play(state, RollD6(ANA, 2), PlaceNewPiece(ANA, 1))
    assert len(pieces_of(after, ANA)) == 3 and held(after, ANA) == ()


def test_level_rule_chooses_the_older_even_when_it_is_the_piece_that_moved(laid_out: Build) -> None:
    """A 6 moves the older piece level with a younger one: the moved (older) piece leaves."""
    state = laid_out([(ANA, 2, 4), (BEN, 1, 0), (ANA, 4, 5)])
    after = play(state, RollD6(ANA, 6), ShiftPiece(ANA, 1, "forward"))
    assert pieces_of(after, ANA) == (Piece(3, ANA, 4, 5),)
    assert held(after, ANA) == (2,)
    assert (
        "on timelines II and IV are level at time 5: the older one leaves II at 5"
        in (after.events[-1])
    )


def test_moving_earliest_onto_your_own_piece_is_level_too(laid_out: Build) -> None:
    state = laid_out([(ANA, 2, 5), (BEN, 1, 0), (ANA, 2, 4)])
    after = apply(state, MoveEarliest(ANA))
    assert pieces_of(after, ANA) == (Piece(3, ANA, 2, 5),)
    assert held(after, ANA) == (2,)
    # issue 42: "Ana's pieces on II at 5 and II at 5 are level" named one place twice
    assert after.events[1] == (
        "Ana's two pieces meet on II at 5, level in time: the older one (the one already there) "
        "leaves for the supply; Ana scores achievement II."
    )


def test_an_older_piece_moved_onto_a_younger_one_says_it_is_the_one_leaving(
    laid_out: Build,
) -> None:
    state = laid_out([(ANA, 2, 5), (BEN, 1, 0), (ANA, 2, 4)])
    after = play(state, RollD6(ANA, 6), ShiftPiece(ANA, 1, "back"))
    assert pieces_of(after, ANA) == (Piece(3, ANA, 2, 4),)
    assert after.events[-1].startswith(
        "Ana's two pieces meet on II at 4, level in time: the older one (the one that landed) "
        "leaves for the supply"
    )


def test_an_achievement_is_not_scored_twice(laid_out: Build) -> None:
    state = laid_out([(ANA, 1, 5), (BEN, 2, 0), (ANA, 4, 4)], achievements=((1,), ()))
    after = apply(state, MoveEarliest(ANA))
    assert held(after, ANA) == (1,)
    assert pieces_of(after, ANA) == (Piece(3, ANA, 4, 5),)
    assert "already holds achievement I," in " ".join(after.events)


def test_same_space_bumps_the_other_piece_and_its_owner_picks_the_timeline(laid_out: Build) -> None:
    state = laid_out([(ANA, 1, 5), (BEN, 2, 2)])
    bumped = play(state, RollD6(ANA, 3), PlaceNewPiece(ANA, 2))
    assert bumped.bumped == (2,)
    assert bumped.turn == ANA  # the turn waits for the answer
    with pytest.raises(RuleError, match="First Ben chooses"):
        apply(bumped, MoveEarliest(ANA))
    with pytest.raises(RuleError, match="Ben chooses, not Ana"):
        apply(bumped, SendBumpedPiece(ANA, 3))
    with pytest.raises(RuleError, match="other than II"):
        apply(bumped, SendBumpedPiece(BEN, 2))
    after = apply(bumped, SendBumpedPiece(BEN, 4))
    assert Piece(2, BEN, 4, 2) in after.pieces
    assert Piece(3, ANA, 2, 2) in after.pieces
    assert after.bumped == () and after.turn == BEN


def test_a_bump_answer_without_a_bump_is_refused(duel: TimeBastardsState) -> None:
    with pytest.raises(RuleError, match="No piece has been bumped"):
        apply(duel, SendBumpedPiece(BEN, 3))


def test_a_six_can_knock_your_own_piece_which_you_then_move(laid_out: Build) -> None:
    state = laid_out([(ANA, 1, 5), (BEN, 1, 4)])
    bumped = play(state, RollD6(ANA, 6), ShiftPiece(ANA, 2, "forward"))
    assert bumped.bumped == (1,)
    after = apply(bumped, SendBumpedPiece(ANA, 3))
    assert Piece(1, ANA, 3, 5) in after.pieces and after.turn == BEN


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (MoveEarliest(BEN), "It is Ana's turn, not Ben's"),
        (MoveEarliest(4), "There is no player 5"),
        (RollD6(ANA, 0), "A D6 shows 1 to 6, not 0"),
        (RollD6(ANA, 7), "A D6 shows 1 to 6, not 7"),
        (PlaceNewPiece(ANA, 2), "has not rolled the D6 yet"),
        (ShiftPiece(ANA, 1, "forward"), "has not rolled the D6 yet"),
    ],
)
def test_bad_input_is_refused_and_nothing_changes(
    duel: TimeBastardsState, action: object, message: str
) -> None:
    before = duel
    with pytest.raises(RuleError, match=message):
        apply(duel, action)  # type: ignore[arg-type]
    assert duel == before


def test_answers_that_do_not_fit_the_roll_are_refused(laid_out: Build) -> None:
    state = laid_out([(ANA, 1, 5), (BEN, 2, 2)])
    low = apply(state, RollD6(ANA, 2))
    high = apply(state, RollD6(ANA, 6))
    cases = [
        (low, ShiftPiece(ANA, 1, "back"), "only a 6 moves a piece"),
        (low, PlaceNewPiece(ANA, 7), "There is no timeline 7"),
        (low, RollD6(ANA, 3), "The D6 showed 2"),
        (high, PlaceNewPiece(ANA, 1), "does not place a new piece"),
        (high, ShiftPiece(ANA, 99, "back"), "There is no piece #99"),
    ]
    for state_now, action, message in cases:
        with pytest.raises(RuleError, match=message):
            apply(state_now, action)


def test_unknown_actions_are_refused(duel: TimeBastardsState) -> None:
    with pytest.raises(RuleError, match="not a Time Bastards action"):
        apply(duel, "jump")  # type: ignore[arg-type]


def test_earliest_is_the_lowest_position(laid_out: Build) -> None:
    state = laid_out([(ANA, 1, 7), (ANA, 4, 2), (ANA, 2, 5), (BEN, 1, 0)])
    assert earliest(state, ANA) == Piece(2, ANA, 4, 2)

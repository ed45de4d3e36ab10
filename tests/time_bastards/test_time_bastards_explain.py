"""The result in words: one line per step of the winner rule that was needed (issue 15)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.time_bastards.game import TIME_BASTARDS
from companion.time_bastards.result import explain

ANA, BEN = 0, 1


def finished(laid_out: Any, pieces: list[tuple[int, int, int]], held: Any) -> Any:
    return laid_out(pieces, achievements=held, finished=True)


def test_most_achievements_takes_one_step(laid_out: Any) -> None:
    state = finished(laid_out, [(ANA, 1, 1), (BEN, 3, 9)], ((1, 2), (3,)))
    result = explain(state)
    assert result.outcome == "Ana wins"
    assert result.why == ("Step 1, most achievements: Ana 2, Ben 1. Ana wins on this step.",)
    assert TIME_BASTARDS.explain is explain


def test_fewest_pieces_is_the_second_step(laid_out: Any) -> None:
    state = finished(laid_out, [(ANA, 1, 1), (ANA, 2, 2), (BEN, 3, 0)], ((1,), (3,)))
    assert explain(state).why == (
        "Step 1, most achievements: Ana 1, Ben 1. Tied.",
        "Step 2, fewest pieces on the board: Ana 2, Ben 1. Ben wins on this step.",
    )


def test_oldest_piece_is_the_third_step(laid_out: Any) -> None:
    pieces = [(ANA, 1, 3), (BEN, 2, 6), (ANA, 2, 9), (BEN, 4, 1)]
    result = explain(finished(laid_out, pieces, ((4,), (2,))))
    assert result.outcome == "Ben wins"
    assert result.why[1] == "Step 2, fewest pieces on the board: Ana 2, Ben 2. Tied."
    assert result.why[2] == (
        "Step 3, oldest piece furthest through time: Ana at 3, Ben at 6. Ben wins on this step."
    )


def test_a_full_tie_is_shared_in_words(laid_out: Any) -> None:
    result = explain(finished(laid_out, [(ANA, 1, 4), (BEN, 2, 4)], ((1,), (2,))))
    assert result.outcome == "Ana and Ben share the win"
    assert result.why[-1].endswith("Ana at 4, Ben at 4. Still tied: the win is shared.")


def test_before_the_end_the_leader_leads(laid_out: Any) -> None:
    state = laid_out([(ANA, 1, 1)], achievements=((1,), ()))
    assert explain(state).outcome == "Ana leads"


def test_coop_says_whether_the_team_made_it(laid_out: Any) -> None:
    state = laid_out([(ANA, 1, 5)], mode="coop", achievements=((1, 2, 3, 4),), finished=True)
    assert explain(state).outcome == "The team wins: all four achievements"
    short = replace(state, achievements=((1, 3),))
    assert explain(short).outcome == "Time ran out: the team falls short"
    assert explain(short).why == ("Ana & Ben hold 2 of 4 achievements when time ran out.",)


def test_the_saved_games_line_names_the_winner_first(laid_out: Any) -> None:
    """Issue 15: the saved-games list did not name the winner."""
    state = finished(laid_out, [(ANA, 1, 1), (ANA, 2, 2), (BEN, 3, 0)], ((1,), (3,)))
    assert TIME_BASTARDS.summary(state).startswith("Ben wins · Achievements tied at 1")

"""The record dialog's players field, as it opens on a play: a winner-only play opens with its
names only, and reads back as the same play."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from companion.core import RuleError
from companion.history.recorded import RecordedPlay
from widgets.stats.record import parse_players, players_text

WHEN = datetime(2026, 11, 29, 19, 30, tzinfo=UTC)


def test_a_winner_only_play_opens_with_its_names_and_reads_back_without_scores() -> None:
    play = RecordedPlay("six-sojourns", WHEN, ("Ana", "Ben"), {}, ("Ben",))
    assert players_text(play) == "Ana, Ben"
    assert parse_players(players_text(play)) == (("Ana", "Ben"), {})


def test_a_scored_play_opens_with_each_score() -> None:
    play = RecordedPlay("six-sojourns", WHEN, ("Ana", "Ben"), {"Ana": 12, "Ben": 9})
    assert players_text(play) == "Ana=12, Ben=9"


@pytest.mark.parametrize("points", ["\u0663", "3_0", "\uff13", "3.0"])
def test_a_score_is_typed_in_ascii_digits(points: str) -> None:
    """`int` alone reads an Arabic-Indic or a full-width 3, and 3_0 as 30 (issue 41, item 4)."""
    with pytest.raises(RuleError, match="is not a whole number"):
        parse_players(f"Ana={points}, Ben=1")
    assert parse_players("Ana=-3, Ben= 1 ") == (("Ana", "Ben"), {"Ana": -3, "Ben": 1})

"""The record dialog's players field, as it opens on a play: a winner-only play opens with its
names only, and reads back as the same play."""

from __future__ import annotations

from datetime import UTC, datetime

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

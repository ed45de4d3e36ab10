"""The Stats screen's words in the reader's language: the plays list's dates as the reader
writes them, a play's result, a best score, a win rate."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from companion.core import Facts
from companion.history.plays import Play
from widgets.stats.cells import best_words, per_game_title, shown
from widgets.stats.plays import played_on, result_words

ENDED = datetime(2026, 11, 29, 21, 40, tzinfo=UTC)


def ana_won(offset: int = 0) -> Play:
    facts = Facts("finished", ("Ana", "Ben"), {"Ana": 12, "Ben": 9}, ("Ana",))
    return Play("p1", "tally", ENDED, ENDED, facts, offset)


@pytest.mark.parametrize(
    ("code", "date"), [("en", "29 Nov 2026"), ("de", "29.11.2026"), ("fr", "29 nov. 2026")]
)
def test_a_play_s_date_in_the_plays_list_is_written_as_its_reader_writes_one(
    speak: Callable[[str], str], code: str, date: str
) -> None:
    speak(code)
    assert played_on(ana_won()) == date


def test_the_date_is_where_the_play_was_played_in_every_language(
    speak: Callable[[str], str],
) -> None:
    speak("de")
    assert played_on(ana_won(offset=180)) == "30.11.2026"  # 00:40 the next day, three hours east


@pytest.mark.parametrize(
    ("code", "result", "best", "title"),
    [
        ("en", "won by Ana", "4 (low)", "Per game · co-op 50%"),
        ("fr", "gagnée par Ana", "4 (bas)", "Par jeu · coopératif 50 %"),
        ("de", "gewonnen von Ana", "4 (niedrig)", "Pro Spiel · kooperativ 50 %"),
    ],
)
def test_a_result_a_best_score_and_a_win_rate_in_each_language(
    speak: Callable[[str], str], code: str, result: str, best: str, title: str
) -> None:
    speak(code)
    assert result_words(ana_won()) == result
    assert best_words({"best_score": 4, "lower_is_better": True}) == best
    assert per_game_title({"win_rate_by_kind": {"co-op": 0.5}}).replace("\u202f", " ") == title


def test_an_average_is_written_as_the_reader_writes_a_number(
    speak: Callable[[str], str],
) -> None:
    assert shown(12.75) == "12.75"
    speak("de")
    assert shown(12.75) == "12,75"
    assert shown(None) == "-"

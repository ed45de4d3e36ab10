"""Plays as BG Stats itself writes them, read right: small files made to the shape of real iOS
and Android exports (upper- and lower-case uuids, scores typed as sums, decimal commas, `null`
and `""` scores, iOS's "0" on unscored co-op plays, lost co-op plays with no winner), and the
only refusals: what our rules cannot hold, said in words."""

from __future__ import annotations

import re
from typing import Any

import pytest

from companion.history.bgstats_import import read_play_file
from companion.history.bgstats_scores import NotAScore, score_of

GAMES = [
    {"id": 11, "uuid": "b1f0", "name": "Six Sojourns", "bggId": 439826, "noPoints": False},
    {"id": 12, "uuid": "b1f1", "name": "TIME Stories Revolution: Cavendish", "cooperative": True},
    {"id": 13, "uuid": "b1f2", "name": "Time Bastards", "bggId": 0},
    {"id": 14, "uuid": "b1f3", "name": "Sojourn", "noPoints": True, "cooperative": True},
    {"id": 15, "uuid": "b1f4", "name": "Six Sojourns: Ruins", "isExpansion": 1},
]
PLAYERS = [
    {"id": 1, "uuid": "5c0ffee0-aaaa-4bbb-8ccc-000000000001", "name": "Alan Hussey"},
    {"id": 2, "uuid": "5C0FFEE0-AAAA-4BBB-8CCC-000000000002", "name": "Peter Matson"},
    {"id": 3, "uuid": "5c0ffee0-aaaa-4bbb-8ccc-000000000003", "name": "Zoë"},
    {"id": 4, "uuid": "5c0ffee0-aaaa-4bbb-8ccc-000000000004", "name": "Cy"},
    {"id": 5, "uuid": "5c0ffee0-aaaa-4bbb-8ccc-000000000005", "name": "Dee"},
]


def bgstats_file(game: int, *scores: tuple[int, Any, bool], **play: Any) -> dict[str, Any]:
    """A BG Stats export of one play: (playerRefId, score as BG Stats wrote it, winner) each."""
    return {
        "games": GAMES,
        "players": PLAYERS,
        "locations": [],
        "userInfo": {"meRefId": 1},
        "plays": [
            {
                "uuid": "7e57ab1e-0000-4000-8000-00000000beef",
                "playDate": "2024-03-02 20:15:00",
                "entryDate": "2024-03-02 22:01:13",
                "modificationDate": "2024-03-02 22:01:13",
                "durationMin": 95,
                "ignored": False,
                "manualWinner": False,
                "gameRefId": game,
                "playerScores": [
                    {"playerRefId": ref, "score": score, "winner": won, "seatOrder": seat}
                    for seat, (ref, score, won) in enumerate(scores, start=1)
                ],
                **play,
            }
        ],
    }


@pytest.mark.parametrize(
    ("typed", "points"),
    [
        ("87+77", 164),
        ("66-11-12", 43),
        ("11+20+13+7+6+9+10+5+0+6+0-5", 82),
        ("21,0", 21),
        (" 47 ", 47),
        ("0", 0),
        (31, 31),
        (31.0, 31),
        (None, None),
        ("", None),
    ],
)
def test_a_score_reads_as_its_player_typed_it(typed: Any, points: int | None) -> None:
    assert score_of(typed) == points


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("21,7", "'21,7' comes to 21.7, and every point in the companion's games is whole"),
        (47.3, "comes to 47.3"),
        ("1/2", "'1/2' is not a score (a number, or a sum like 87+77)"),
        ("abc", "is not a score"),
        (True, "a score that is true or false is not a number"),
        ({"a": 1}, "a score that is a table is not a number"),  # never Python's word (dict)
        ([1], "a score that is a list is not a number"),
        (float("nan"), "is not a number"),
    ],
)
def test_what_is_not_a_whole_score_says_why(typed: Any, reason: str) -> None:
    with pytest.raises(NotAScore, match=re.escape(reason)):
        score_of(typed)


def test_a_sum_is_the_score_and_every_uuid_is_kept_as_it_came() -> None:
    data = bgstats_file(11, (1, "87+77", True), (2, "66-11-12", False))
    result = read_play_file(data, set())
    (play,) = result.plays
    assert play.scores == {"Alan Hussey": 164, "Peter Matson": 43}
    assert play.winners == ("Alan Hussey",)
    assert play.source == "7e57ab1e-0000-4000-8000-00000000beef"
    assert play.player_sources == {
        "Alan Hussey": "5c0ffee0-aaaa-4bbb-8ccc-000000000001",
        "Peter Matson": "5C0FFEE0-AAAA-4BBB-8CCC-000000000002",
    }
    assert (result.skipped, result.unscored) == ({}, {})
    upper = read_play_file(data, {"7E57AB1E-0000-4000-8000-00000000BEEF"})
    assert (upper.plays, upper.skipped) == ([], {"already imported": 1})


@pytest.mark.parametrize("blank", [None, ""])
@pytest.mark.parametrize(
    ("game", "outcome", "winners"),
    [
        (11, "", ("Peter Matson",)),
        (13, "", ("Peter Matson",)),
        (12, "won", ("Alan Hussey", "Peter Matson")),
    ],
)
def test_null_or_empty_scores_make_a_winner_only_play_of_every_game(
    blank: Any, game: int, outcome: str, winners: tuple[str, ...]
) -> None:
    data = bgstats_file(game, (1, blank, game == 12), (2, blank, True))
    result = read_play_file(data, set())
    (play,) = result.plays
    assert (play.outcome, play.scores, play.winners) == (outcome, {}, winners)
    assert (result.skipped, result.unscored) == ({}, {})


def test_ios_zeros_on_a_won_co_op_play_are_no_score() -> None:
    result = read_play_file(bgstats_file(12, (1, "0", True), (2, "0", True)), set())
    (play,) = result.plays
    assert (play.outcome, play.scores) == ("won", {})
    assert list(result.unscored) == [
        "without scores: every score is 0 on a co-op play, BG Stats' way of writing none"
    ]


@pytest.mark.parametrize(("game", "outcome"), [(12, "failed"), (14, "lost")])
def test_a_co_op_play_with_no_winner_marked_is_lost(game: int, outcome: str) -> None:
    players = [(1, "0", False), (2, "0", False)] if game == 12 else [(3, "0", False)]
    (play,) = read_play_file(bgstats_file(game, *players), set()).plays
    assert (play.outcome, play.winners, play.scores) == (outcome, (), {})


@pytest.mark.parametrize(
    ("scores", "reason"),
    [
        ([(1, "21,7", True), (2, "20", False)], "'21,7' comes to 21.7"),
        ([(1, "30", True), (2, None, False)], "not every player has a score"),
        ([(1, "-3", True), (2, "-5", False)], "a score below 0 or over 9999"),
        ([(1, "20", True), (2, "30", False)], "Alan Hussey is marked winner with 20"),
        ([(1, "20", False), (2, "30", False)], "no winner is marked"),
    ],
)
def test_scores_our_rules_cannot_give_are_read_as_none_with_the_winners_kept(
    scores: list[tuple[int, Any, bool]], reason: str
) -> None:
    result = read_play_file(bgstats_file(11, *scores), set())
    (play,) = result.plays
    assert play.scores == {}
    assert play.winners == tuple(PLAYERS[ref - 1]["name"] for ref, _s, won in scores if won)
    ((said, count),) = result.unscored.items()
    assert said.startswith("without scores: ") and reason in said and count == 1


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (
            bgstats_file(13, (1, "3", True), (2, "1", False), (3, "0", False)),
            "refused: Time Bastards is played by 2, not 3.",
        ),
        (
            bgstats_file(11, (1, "3", True), (2, "1", False), expansionPlays=[{"gameRefId": 15}]),
            "refused: expansion 'Six Sojourns: Ruins' is not one the companion knows",
        ),
        (
            bgstats_file(11, (1, "3", True), playDate="0001-01-01 00:00:00"),
            "refused: its date 0001-01-01 is outside 1900 to 9998",
        ),
        (
            bgstats_file(11, (1, "3", True), playDate="yesterday"),
            "refused: its date 'yesterday' is not a date and time",
        ),
        (
            bgstats_file(11, (9, "3", True)),
            "refused: a player of the play is not in the file's players",
        ),
    ],
)
def test_the_only_refusals_are_what_our_rules_cannot_hold_in_words(
    data: dict[str, Any], reason: str
) -> None:
    result = read_play_file(data, set())
    assert (result.plays, result.skipped) == ([], {reason: 1})


@pytest.mark.parametrize("ref", [[11], {"id": 11}, "11", None])
def test_a_game_reference_of_the_wrong_type_is_no_game_of_ours(ref: Any) -> None:
    result = read_play_file(bgstats_file(11, (1, "3", True), gameRefId=ref), set())
    assert result.skipped == {"a game: not one of the companion's games": 1}


def test_a_duration_over_a_week_is_left_out_and_the_play_kept() -> None:
    result = read_play_file(bgstats_file(11, (1, "3", True), durationMin=20_000), set())
    (play,) = result.plays
    assert play.details.minutes is None and play.scores == {"Alan Hussey": 3}
    assert result.unscored == {"without its duration: 20000 minutes is over a week": 1}

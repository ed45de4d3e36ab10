"""Figures that mean what they say: a solo play without a goal has a score and no win or loss,
win rates are given per kind of play beside the overall one, and Six Sojourns' average points
per category count every game (0 where nobody scored)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from companion.core import Facts
from companion.history.plays import Play
from companion.history.report import play_rows, stats_json, stats_text
from companion.history.stats import game_figures, kind, player_figures
from companion.six_sojourns.history import figures as six_sojourns_figures

EVENING = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)


def play(day: int, game: str, facts: Facts) -> Play:
    when = EVENING + timedelta(days=day)
    return Play(f"{game}-{day}", game, when - timedelta(hours=1), when, facts)


def solo_sojourns(day: int, vp: int = 40) -> Play:
    """Six Sojourns alone: the score names its only player as the winner."""
    return play(day, "six-sojourns", Facts("finished", ("Ana",), {"Ana": vp}, ("Ana",)))


def duel(day: int, winner: str) -> Play:
    facts = Facts("finished", ("Ana", "Ben"), {"Ana": 10, "Ben": 8}, (winner,))
    return play(day, "six-sojourns", facts)


def mission(day: int, players: tuple[str, ...], won: bool) -> Play:
    facts = Facts(
        "finished" if won else "failed",
        players,
        dict.fromkeys(players, 5) if won else {},
        players if won else (),
        cooperative=True,
        lower_is_better=True,
    )
    return play(day, "cavendish", facts)


def test_each_play_has_its_kind() -> None:
    assert kind(duel(1, "Ana")) == "competitive"
    assert kind(mission(1, ("Ana", "Ben"), True)) == "co-op"
    assert kind(mission(1, ("Ana",), True)) == "solo"
    assert kind(solo_sojourns(1)) is None


def test_a_solo_play_without_a_goal_has_a_score_and_no_win_or_loss() -> None:
    plays = [duel(1, "Ana"), solo_sojourns(2), duel(3, "Ana"), solo_sojourns(4, 52)]
    ana = player_figures(plays)["Ana"]
    assert (ana.plays, ana.wins, ana.win_rate) == (4, 2, 1.0)
    assert (ana.streak, ana.best_streak) == (2, 2)  # the solo plays neither end nor extend it
    assert ana.games["six-sojourns"].scores.values == (10, 40, 10, 52)
    assert game_figures(plays)["six-sojourns"].wins == 2
    assert [row["win"] for row in play_rows(plays, {}) if row["id"] == "six-sojourns-2"] == [False]


def test_win_rates_per_kind_beside_the_overall_one() -> None:
    plays = [
        duel(1, "Ana"),
        duel(2, "Ben"),
        mission(3, ("Ana", "Ben"), False),
        mission(4, ("Ana",), True),
        solo_sojourns(5),
    ]
    ana = stats_json(plays)["players"]["Ana"]
    assert ana["win_rate"] == 0.5  # 2 wins of 4 plays with a win or loss
    assert ana["win_rate_by_kind"] == {"competitive": 0.5, "co-op": 0.0, "solo": 1.0}
    assert "Ana: 5 played, 2 won (50% overall; competitive 50%; co-op 0%; solo 100%)" in (
        stats_text(stats_json(plays), {})
    )
    ben = "Ben: 3 played, 1 won (33% overall; competitive 50%; co-op 0%), "
    assert ben in stats_text(stats_json(plays), {})
    assert "Ben: 2 played, 1 won (50% overall), " in stats_text(stats_json(plays[:2]), {})


def test_average_points_count_every_game_and_every_category() -> None:
    def scored(day: int, ana: dict[str, int], ben: dict[str, int]) -> Play:
        facts = Facts(
            "finished",
            ("Ana", "Ben"),
            {"Ana": 10, "Ben": 8},
            ("Ana",),
            details={"categories": {"Ana": ana, "Ben": ben}},
        )
        return play(day, "six-sojourns", facts)

    plays = [
        scored(1, {"trades": 6, "islands": 0}, {"trades": 2, "islands": 0}),
        scored(2, {"trades": 0, "islands": 3}, {"trades": 0, "islands": 1}),
    ]
    notes = six_sojourns_figures(plays)
    assert notes["average_points"] == {"trades": 2.0, "islands": 1.0}  # 8 and 4 over 4 seats
    assert notes["in_play"] == {"trades": 2, "islands": 2}  # in play in both, 0s scored too
    never = [scored(1, {"trades": 1, "relics": 0}, {"trades": 2, "relics": 0})]
    assert six_sojourns_figures(never)["average_points"] == {"trades": 1.5, "relics": 0.0}

"""The pure statistics: plays, wins, streaks, head to head, filters, aliases and the plain form."""

from __future__ import annotations

import inspect
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from companion import registry
from companion.cavendish.history import figures as cavendish_figures
from companion.core import Facts
from companion.history.plays import Play, from_plain, to_plain
from companion.history.recorded import RecordedPlay, as_play, check
from companion.history.report import rows_csv, stats_json
from companion.history.stats import (
    Filter,
    HeadToHead,
    game_figures,
    identity,
    player_figures,
    renamed,
    roster,
    score_history,
    select,
)
from companion.registry import get_game
from companion.six_sojourns.history import figures as six_sojourns_figures
from companion.sojourn.facts import UNNAMED_TRAVELLER
from companion.sojourn.history import figures as sojourn_figures
from companion.time_bastards.history import figures as time_bastards_figures
from companion.time_bastards.history import recorded_step
from saves.games.store import SaveStore
from saves.history.plays import aliases, rename_player
from saves.shared.settings import SettingsStore
from tests.support.toy import TALLY

DAY = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)


def duel(day: int, winners: tuple[str, ...], scores: dict[str, int] | None = None) -> Play:
    """A finished two-player Six Sojourns game on day `day` of March."""
    scores = scores or {"Ana": 10, "Ben": 8}
    facts = Facts("finished", ("Ana", "Ben"), scores, winners)
    when = DAY + timedelta(days=day)
    return Play(f"six-sojourns-{day}", "six-sojourns", when - timedelta(hours=2), when, facts)


def mission(day: int, status: str, score: int | None = None) -> Play:
    """A Cavendish mission of Ana and Ben."""
    players = ("Ana", "Ben")
    won = status == "finished"
    facts = Facts(
        status,
        players,
        dict.fromkeys(players, score) if won and score is not None else {},
        players if won else (),
        cooperative=True,
        lower_is_better=True,
        details={"spent": {"tests": 2, "explores": 3, "updates": 1}},
    )
    when = DAY + timedelta(days=day)
    return Play(f"cavendish-{day}", "cavendish", when, when, facts)


class TestWins:
    def test_a_shared_win_counts_for_each_winner(self) -> None:
        figures = player_figures([duel(1, ("Ana", "Ben"))])
        assert (figures["Ana"].wins, figures["Ben"].wins) == (1, 1)

    def test_a_completed_mission_is_everyones_win_and_a_failed_one_nobodys(self) -> None:
        plays = [mission(1, "finished", 5), mission(2, "failed")]
        figures = player_figures(plays)
        assert (figures["Ana"].plays, figures["Ana"].wins) == (2, 1)
        assert [p.outcome for p in plays] == ["won", "failed"]
        assert game_figures(plays)["cavendish"].wins == 1

    def test_a_game_in_progress_is_no_play(self) -> None:
        playing = Play("x", "six-sojourns", DAY, DAY, Facts("playing", ("Ana", "Ben")))
        assert player_figures([playing]) == {}
        game = game_figures([playing])["six-sojourns"]
        assert (game.plays, game.in_progress, game.last_played) == (0, 1, DAY)


class TestFigures:
    def test_streaks_follow_the_dates(self) -> None:
        plays = [duel(4, ("Ana",)), duel(1, ("Ana",)), duel(2, ("Ben",)), duel(3, ("Ana",))]
        ana = player_figures(plays)["Ana"]
        assert (ana.streak, ana.best_streak, ana.win_rate) == (2, 2, 0.75)
        assert player_figures(plays)["Ben"].streak == 0

    def test_head_to_head(self) -> None:
        plays = [duel(1, ("Ana",)), duel(2, ("Ben",)), duel(3, ("Ana",)), duel(4, ("Ana", "Ben"))]
        assert player_figures(plays)["Ana"].head_to_head == {"Ben": HeadToHead(4, 2, 1)}

    def test_best_score_is_the_lowest_when_lower_is_better(self) -> None:
        plays = [mission(1, "finished", 6), mission(2, "finished", 3), mission(3, "failed")]
        game = game_figures(plays)["cavendish"]
        assert (game.scores.best, game.scores.average) == (3, 4.5)
        assert cavendish_figures(plays) == {
            "success_rate": 0.667,
            "crystals_spent": {"tests": 6, "explores": 9, "updates": 3},
        }

    def test_a_players_scores_are_averaged_within_one_game_only(self) -> None:
        plays = [duel(1, ("Ana",), {"Ana": 12, "Ben": 8}), duel(2, ("Ben",), {"Ana": 7, "Ben": 9})]
        plays.append(mission(3, "finished", 3))
        games = player_figures(plays)["Ana"].games
        assert games["six-sojourns"].scores.average == 9.5
        assert (games["cavendish"].scores.average, games["cavendish"].scores.best) == (3, 3)
        assert score_history(plays, "Ben") == [(plays[0], 8), (plays[1], 9), (plays[2], 3)]

    def test_a_players_best_is_the_lowest_where_lower_is_better(self) -> None:
        plays = [mission(1, "finished", 6), mission(2, "finished", 2), mission(3, "finished", 4)]
        assert player_figures(plays)["Ben"].games["cavendish"].scores.best == 2

    def test_roster_adds_remembered_names(self) -> None:
        assert roster([duel(1, ("Ana",))], ["cy", "Ana"]) == ["Ana", "Ben", "cy"]


class TestGameAware:
    def test_six_sojourns_categories_and_what_the_winner_led(self) -> None:
        categories = {"Ana": {"trades": 7, "spaces": 2}, "Ben": {"trades": 4, "spaces": 3}}
        play = duel(1, ("Ana",))
        play = Play(
            play.save_id,
            play.game_id,
            play.started,
            play.ended,
            Facts("finished", ("Ana", "Ben"), {}, ("Ana",), details={"categories": categories}),
        )
        assert six_sojourns_figures([play]) == {
            "average_points": {"trades": 5.5, "spaces": 2.5},
            "in_play": {"trades": 1, "spaces": 1},
            "winner_led": {"trades": 1, "spaces": 0},
            "campaigns": {},
        }

    @pytest.mark.parametrize(
        ("ana", "ben", "led"),
        [(None, None, None), (0, 0, 0), (3, 3, 0), (4, 3, 1), (2, 3, 0)],
        ids=["not in play", "nobody scored", "a tie is no lead", "a strict lead", "the loser led"],
    )
    def test_the_winner_led_a_category_only_in_play_and_alone(
        self, ana: int | None, ben: int | None, led: int | None
    ) -> None:
        categories: dict[str, dict[str, int]] = {"Ana": {"spaces": 1}, "Ben": {"spaces": 0}}
        if ana is not None and ben is not None:
            categories = {"Ana": {"feuds": ana}, "Ben": {"feuds": ben}}
        facts = Facts("finished", ("Ana", "Ben"), {}, ("Ana",), details={"categories": categories})
        figures = six_sojourns_figures([Play("s", "six-sojourns", DAY, DAY, facts)])
        assert figures["winner_led"].get("feuds") == led

    def test_a_category_is_averaged_over_the_games_it_was_in_play(self) -> None:
        """Issue 42: Shrines were averaged over every game, those played without them too."""
        with_shrines = {"Ana": {"spaces": 4, "shrines": 3}, "Ben": {"spaces": 2, "shrines": 1}}
        without = {"Ana": {"spaces": 1}, "Ben": {"spaces": 5}}
        plays = [
            Play(
                save_id,
                "six-sojourns",
                DAY,
                DAY,
                Facts("finished", ("Ana", "Ben"), {}, ("Ana",), details={"categories": sheets}),
            )
            for save_id, sheets in (("a", with_shrines), ("b", without))
        ]
        figures = six_sojourns_figures(plays)
        assert figures["average_points"] == {"spaces": 3.0, "shrines": 2.0}
        assert figures["in_play"] == {"spaces": 2, "shrines": 1}
        assert figures["winner_led"] == {"spaces": 1, "shrines": 1}

    def test_the_winner_led_under_another_spelling_of_their_name(self) -> None:
        categories = {"Anna": {"feuds": 4}, "Ben": {"feuds": 1}}
        facts = Facts(
            "finished", ("Anna", "Ben"), {}, ("Anna",), details={"categories": categories}
        )
        [play] = renamed([Play("s", "six-sojourns", DAY, DAY, facts)], {"Anna": "Ana"})
        assert six_sojourns_figures([play])["winner_led"] == {"feuds": 1}

    def test_a_solo_game_is_never_led_by_a_winner(self) -> None:
        """Issue 42: a game played alone has no win (docs/stats.md), so it never counts as led
        by its winner, whatever its facts name; it is still in play."""
        categories = {"Ana": {"feuds": 4}}
        facts = Facts(
            "finished", ("Ana",), {"Ana": 4}, ("Ana",), details={"categories": categories}
        )
        figures = six_sojourns_figures([Play("s", "six-sojourns", DAY, DAY, facts)])
        assert (figures["in_play"], figures["winner_led"]) == ({"feuds": 1}, {"feuds": 0})

    def test_a_campaign_played_alone_is_no_win_in_either_table(self) -> None:
        """Issue 42: the campaigns table and the player figures agree that a campaign played
        alone is not won."""
        facts = Facts("finished", ("Ana",), {"Ana": 80}, ("Ana",), campaign=True)
        plays = [Play("c", "six-sojourns", DAY, DAY, facts)]
        assert six_sojourns_figures(plays)["campaigns"] == {
            "Ana": {"played": 1, "won": 0, "points": 80, "best": 80}
        }
        assert player_figures(plays)["Ana"].wins == 0

    def test_campaign_standings(self) -> None:
        def campaign(winners: tuple[str, ...], scores: dict[str, int], done: bool = True) -> Play:
            facts = Facts(
                "finished" if done else "playing",
                ("Ana", "Ben"),
                scores if done else {},
                winners if done else (),
                campaign=True,
            )
            return Play("c", "six-sojourns", DAY, DAY, facts)

        plays = [
            campaign(("Ben",), {"Ana": 60, "Ben": 70}),
            campaign(("Ben",), {"Ana": 65, "Ben": 66}),
            campaign((), {}, done=False),
            duel(1, ("Ana",)),  # a single game is no campaign
        ]
        assert six_sojourns_figures(plays)["campaigns"] == {
            "Ben": {"played": 2, "won": 2, "points": 136, "best": 70},
            "Ana": {"played": 2, "won": 0, "points": 125, "best": 65},
        }
        single = game_figures(plays)["six-sojourns"].scores
        assert (single.best, player_figures(plays)["Ben"].games["six-sojourns"].scores.best) == (
            10,
            8,
        )  # a campaign's 70 is no single game's score

    def test_sojourn_lost_runs_by_cause(self) -> None:
        def run(status: str, ended: str = "") -> Play:
            details = {"ended": ended} if ended else {}
            facts = Facts(
                status, ("Ana",), {}, ("Ana",) if status == "won" else (), True, details=details
            )
            return Play("s", "sojourn", DAY, DAY, facts)

        plays = [run("won"), run("lost", "health"), run("lost", "stuck"), run("lost", "stuck")]
        assert sojourn_figures(plays) == {"win_rate": 0.25, "lost_by": {"health": 1, "stuck": 2}}

    def test_time_bastards_tie_break_steps(self) -> None:
        plays = [
            Play(
                "t",
                "time-bastards",
                DAY,
                DAY,
                Facts("finished", ("A", "B"), {}, ("A",), details={"decided_by": step}),
            )
            for step in ("pieces", "pieces", "tied", "nonsense")
        ]
        assert time_bastards_figures(plays)["decided_by"] == {
            "achievements": 0,
            "pieces": 2,
            "oldest piece": 0,
            "tied": 1,
        }

    def test_a_recorded_duel_counts_the_step_its_result_shows(self) -> None:
        """Issue 42: the notes left recorded duels out of "Decided by" altogether."""

        def recorded(scores: dict[str, int], winners: tuple[str, ...] = ()) -> Play:
            typed = RecordedPlay("time-bastards", DAY, ("Ana", "Ben"), scores, winners)
            return as_play("r", check(typed))

        plays = [
            recorded({"Ana": 3, "Ben": 1}),  # most achievements
            recorded({}, ("Ana", "Ben")),  # winner-only, shared: every step tied
            recorded({"Ana": 2, "Ben": 2}),  # tied, none named: a shared win
            recorded({"Ana": 2, "Ben": 2}, ("Ben",)),  # a tie-break the record does not hold
            recorded({}, ("Ana",)),  # winner-only: its achievements unknown
        ]
        assert time_bastards_figures(plays)["decided_by"] == {
            "achievements": 1,
            "pieces": 0,
            "oldest piece": 0,
            "tied": 2,
        }

    def test_an_imported_duel_won_by_fewer_achievements_was_not_decided_by_them(self) -> None:
        """A record the app did not check (a BG Stats import) may name the one with fewer
        achievements as the winner: the record does not say which step decided it."""
        duel = ("Ana", "Ben")
        won_by_more = Facts("finished", duel, {"Ana": 3, "Ben": 1}, ("Ana",), False)
        won_by_fewer = Facts("finished", duel, {"Ana": 3, "Ben": 1}, ("Ben",), False)
        nobody_named = Facts("finished", duel, {"Ana": 3, "Ben": 1}, (), False)
        assert recorded_step(won_by_more) == "achievements"
        assert recorded_step(won_by_fewer) is None and recorded_step(nobody_named) is None

    def test_a_detail_of_the_wrong_type_is_skipped(self) -> None:
        facts = Facts("finished", ("A",), {}, ("A",), True, details={"spent": "lots"})
        play = Play("c", "cavendish", DAY, DAY, facts)
        assert cavendish_figures([play])["crystals_spent"] == {
            "tests": 0,
            "explores": 0,
            "updates": 0,
        }

    @pytest.mark.parametrize(
        ("game_id", "figures"),
        [
            ("six-sojourns", six_sojourns_figures),
            ("cavendish", cavendish_figures),
            ("sojourn", sojourn_figures),
            ("time-bastards", time_bastards_figures),
        ],
    )
    def test_each_game_brings_its_own_figures_to_its_statistics(
        self, game_id: str, figures: Any
    ) -> None:
        game = get_game(game_id)
        assert game is not None and inspect.unwrap(game.figures) is figures  # through the guard
        play = Play("p", game_id, DAY, DAY, Facts("finished", ("Ana",), {}, ("Ana",)))
        assert stats_json([play])["games"][game_id].items() >= figures([play]).items()

    def test_a_game_without_figures_of_its_own_has_the_common_ones(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setitem(registry.GAMES, TALLY.id, TALLY)
        play = Play("t", TALLY.id, DAY, DAY, Facts("finished", ("Ana",), {"Ana": 3}, ("Ana",)))
        assert set(stats_json([play])["games"][TALLY.id]) == {
            "plays",
            "in_progress",
            "wins",
            "average_score",
            "best_score",
            "lower_is_better",
            "last_played",
        }


class TestFilterAndAliases:
    def test_filter_by_game_player_and_dates(self) -> None:
        plays = [duel(1, ("Ana",)), duel(5, ("Ben",)), mission(3, "failed")]
        since, until = date(2026, 3, 3), date(2026, 3, 6)
        assert [p.save_id for p in select(plays, Filter(since=since, until=until))] == [
            "cavendish-3",
            "six-sojourns-5",
        ]
        assert len(select(plays, Filter(game="cavendish"))) == 1
        assert select(plays, Filter(player="Cy")) == []

    def test_aliases_follow_chains_and_stop_at_loops(self) -> None:
        assert identity("Anna", {"Anna": "Ana", "Ana": "Ana B."}) == "Ana B."
        assert identity("A", {"A": "B", "B": "A"}) in {"A", "B"}

    def test_one_name_in_two_unicode_forms_is_one_player(self) -> None:
        assert identity("Zoe\u0308") == identity("Zo\u00eb") == "Zo\u00eb"
        assert identity(" Zoe\u0308  B ", {"Zo\u00eb B": "Zed"}) == "Zed"

    def test_renamed_merges_two_names_in_one_play(self) -> None:
        [play] = renamed([duel(1, ("Ben",))], {"Ben": "Ana"})
        assert play.facts.players == ("Ana",)
        assert play.facts.winners == ("Ana",)

    def test_rename_is_kept_in_settings_and_can_be_undone(self, companion_home: Path) -> None:
        settings = SettingsStore(companion_home)
        assert rename_player(settings, "Anna", "Ana")
        assert rename_player(settings, "Ana", "Ana B.")
        assert aliases(SettingsStore(companion_home)) == {"Anna": "Ana B.", "Ana": "Ana B."}
        assert rename_player(settings, "Ana B.", "Ana")
        assert aliases(SettingsStore(companion_home)) == {"Anna": "Ana", "Ana B.": "Ana"}

    def test_mistyped_aliases_are_ignored(self, companion_home: Path) -> None:
        settings = SettingsStore(companion_home)
        settings.set_preference("player_aliases", {"Anna": 3, "Bo": "Ben", "Cy": " "})
        assert aliases(settings) == {"Bo": "Ben"}


class TestPlainForm:
    def test_round_trip(self) -> None:
        facts = mission(1, "finished", 4).facts
        assert from_plain(to_plain(facts)) == facts

    @pytest.mark.parametrize(
        "change",
        [
            {"players": "Ana"},
            {"winners": [1]},
            {"scores": {"Ana": "4"}},
            {"cooperative": 1},
            {"details": []},
            {"extra": 1},
        ],
    )
    def test_anything_else_is_refused(self, change: dict[str, Any]) -> None:
        assert from_plain({**to_plain(mission(1, "finished", 4).facts), **change}) is None

    def test_rows_csv_writes_an_empty_cell_for_no_score(self) -> None:
        row = {
            "date": "d",
            "game": "g",
            "player": "p",
            "score": None,
            "win": False,
            "outcome": "",
            "length_minutes": 1,
            "id": "i",
        }
        assert rows_csv([row]).splitlines()[1] == "d,g,p,,0,,1,i"


def test_an_old_sojourn_save_counts_one_unnamed_traveller(companion_home: Path) -> None:
    games = companion_home / "games"
    games.mkdir(parents=True)
    (games / "sojourn-1.toml").write_text(
        'format = 1\nid = "sojourn-1"\ngame = "sojourn"\ntitle = "Old run"\n'
        "created = 2025-01-01T10:00:00Z\nupdated = 2025-01-01T11:00:00Z\n"
        "actions = []\n\n[setup]\nread_one_to_hundred = false\n\n"
        "[setup.deck]\nbandage = 5\nfracture = 5\nloop = 5\nparadox = 5\nbattery = 5\n",
        encoding="utf-8",
    )
    [entry], unreadable = SaveStore(companion_home).listing()
    assert unreadable == []
    assert entry.facts is not None and entry.facts.players == (UNNAMED_TRAVELLER,)
    assert entry.created == datetime(2025, 1, 1, 10, tzinfo=UTC)

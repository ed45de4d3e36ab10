"""The Stats screen's game notes: each game's title, then what only it can say, which its screens
(`GameUI.chart_notes`) bring; a game without notes shows its title only."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from fifth_game import RACE, RACE_UI
from rich.text import Text

from widgets.shell import games as screens
from widgets.shell.games import GameUI
from widgets.stats.charts import game_notes

TITLES = {"race": "Race", "sojourn": "Sojourn", "cavendish": "Cavendish"}


@pytest.fixture
def no_added_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Games registered during the test are forgotten after it."""
    monkeypatch.setattr(screens, "ADDED_UIS", {})
    yield


def notes_of(game_id: str, figures: Mapping[str, Any]) -> list[str]:
    """The lines of one game's notes, its title first."""
    return game_notes({game_id: figures}, TITLES, {}).plain.split("\n")


def test_sojourn_says_its_win_rate_and_how_runs_were_lost() -> None:
    figures = {"win_rate": 0.25, "lost_by": {"health": 2, "stuck": 1}}
    assert notes_of("sojourn", figures) == [
        "Sojourn",
        "  Win rate 25% · lost runs: 2 at Health 0, 1 stuck",
    ]


def test_cavendish_says_its_success_rate_best_score_and_crystals_spent() -> None:
    figures = {
        "success_rate": None,
        "best_score": None,
        "crystals_spent": {"tests": 4, "explores": 6, "updates": 1},
    }
    assert notes_of("cavendish", figures) == [
        "Cavendish",
        "  Success rate - · best (lowest) final score -",
        "  Crystals spent: tests 4, explores 6, updates 1",
    ]


def test_time_bastards_says_which_step_decided_its_games() -> None:
    figures = {"decided_by": {"achievements": 3, "tied": 1}}
    assert notes_of("time-bastards", figures) == [
        "time-bastards",  # (no title given: its id)
        "  Decided by: most achievements 3, shared win 1",
    ]


def test_six_sojourns_draws_its_categories_and_who_led_them() -> None:
    figures = {
        "average_points": {"islands": 4.0, "trades": 2.0},
        "in_play": {"islands": 3},
        "winner_led": {"islands": 2},
        "campaigns": {},
    }
    assert notes_of("six-sojourns", figures) == [
        "six-sojourns",
        "  Average points per category (per player per game):",
        f"    islands      {'█' * 20} 4.0",
        f"    trades       {'█' * 10:<20} 2.0",
        "  Winner alone led the category (games it was in play): islands 2 of 3",
    ]


@pytest.mark.usefixtures("no_added_games")
def test_a_game_without_notes_shows_its_title_only() -> None:
    screens.register_ui(RACE_UI)
    sojourn = {"win_rate": None, "lost_by": {"health": 0, "stuck": 0}}
    notes = game_notes({RACE.id: {"plays": 1}, "sojourn": sojourn}, TITLES, {})
    assert notes.plain.split("\n")[:2] == ["Race", "Sojourn"]
    assert notes_of("no-such-game", {}) == ["no-such-game"]


@pytest.mark.usefixtures("no_added_games")
def test_a_game_registered_at_run_time_brings_its_own_notes() -> None:
    def race_notes(game: Mapping[str, Any], colours: Mapping[str, str]) -> list[str | Text]:
        return [f"  Plays {game['plays']}", Text("  Fastest Ana", style=colours["Ana"])]

    screens.register_ui(
        GameUI(RACE.id, RACE_UI.setup_screen, RACE_UI.play_screen, None, race_notes)
    )
    notes = game_notes({RACE.id: {"plays": 2}}, TITLES, {"Ana": "red"})
    assert notes.plain == "Race\n  Plays 2\n  Fastest Ana"
    assert any(span.style == "red" for span in notes.spans)


def test_no_games_says_so() -> None:
    assert game_notes({}, TITLES, {}).plain == "No games saved yet."

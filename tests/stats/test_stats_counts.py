"""The counts of a data folder of real saves, hand-counted (see the table in stats_helpers), through
the store, the listing cache and `companion stats` / `companion plays`."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.history.stats import Filter
from saves.games.store import SaveStore
from saves.history.plays import gather, rename_player, stats_data
from saves.shared.roster import set_colour
from saves.shared.settings import SettingsStore

GAMES = {
    "sojourn": {"plays": 3, "in_progress": 1, "wins": 1},
    "six-sojourns": {"plays": 1, "in_progress": 1, "wins": 1},
    "cavendish": {"plays": 2, "in_progress": 0, "wins": 1},
    "time-bastards": {"plays": 3, "in_progress": 0, "wins": 3},
}
"""Sojourn: home once, lost twice; Cavendish: one mission complete, one abandoned; every Six
Sojourns and Time Bastards game that ended has a winner."""

PLAYERS = {
    "Ana": {"plays": 5, "wins": 2},  # Sojourn won + stuck, Six Sojourns, both missions
    "Ben": {"plays": 3, "wins": 2},  # Six Sojourns winner, both missions
    "Cy": {"plays": 3, "wins": 1},
    "Dee": {"plays": 1, "wins": 0},
    "Mara": {"plays": 3, "wins": 2},
    "Jonas": {"plays": 3, "wins": 1},
    "Unnamed traveller": {"plays": 1, "wins": 0},  # the Sojourn run saved without a name
}


@pytest.fixture
def home(games: Path) -> Path:
    """The eleven saves as this test's data folder."""
    return games


def counts(data: dict[str, Any], section: str, keys: tuple[str, ...]) -> dict[str, Any]:
    """The chosen figures of every game or player."""
    return {name: {k: figures[k] for k in keys} for name, figures in data[section].items()}


def test_the_folder_gives_the_hand_counted_figures(home: Path) -> None:
    plays, unreadable = gather(SaveStore(home), SettingsStore(home))
    data = stats_data(plays, Filter())
    assert unreadable == []
    assert counts(data, "games", ("plays", "in_progress", "wins")) == GAMES
    assert counts(data, "players", ("plays", "wins")) == PLAYERS


def test_the_cache_gives_the_same_figures_without_replaying(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, settings = SaveStore(home), SettingsStore(home)
    first = stats_data(gather(store, settings)[0], Filter())

    def no_replay(*args: object) -> None:
        raise AssertionError("a save was replayed")

    monkeypatch.setattr("saves.games.store.from_document", no_replay)
    assert stats_data(gather(store, settings)[0], Filter()) == first


def test_companion_stats_json(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert counts(data, "games", ("plays", "in_progress", "wins")) == GAMES
    assert counts(data, "players", ("plays", "wins")) == PLAYERS


def test_game_aware_figures(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["stats", "--json"])
    games = json.loads(capsys.readouterr().out)["games"]
    assert games["sojourn"]["lost_by"] == {"health": 1, "stuck": 1}
    assert games["sojourn"]["win_rate"] == 0.333
    assert games["cavendish"]["success_rate"] == 0.5
    assert games["cavendish"]["best_score"] == 4  # the rulings of the newest rules revision
    assert games["cavendish"]["lower_is_better"] is True
    assert games["time-bastards"]["decided_by"] == {
        "achievements": 1,
        "pieces": 1,
        "oldest piece": 1,
        "tied": 0,
    }
    assert games["six-sojourns"]["best_score"] == 18
    assert games["six-sojourns"]["average_score"] == 12.75  # (10 + 18 + 13 + 10) / 4


def test_filters_by_game_and_player(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["stats", "--json", "--game", "cavendish", "--player", "Ana"])
    data = json.loads(capsys.readouterr().out)
    assert list(data["games"]) == ["cavendish"]
    assert list(data["players"]) == ["Ana"]
    assert data["players"]["Ana"]["plays"] == 2
    assert data["players"]["Ana"]["wins"] == 1


def test_stats_text(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--game", "sojourn"]) == 0
    out = capsys.readouterr().out
    assert "Sojourn: 3 played, 1 in progress, 1 won" in out
    assert "Ana: 2 played, 1 won (50% overall)" in out


def test_plays_csv_has_one_row_per_player_per_finished_play(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["plays", "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert len(rows) == 3 + 4 + 3 + 3 + 2 * 3  # Sojourn, Six Sojourns, 2 missions, 3 duels
    ben = [r for r in rows if r["game"] == "Six Sojourns" and r["player"] == "Ben"]
    assert ben == [
        {
            "date": "2026-11-05",
            "game": "Six Sojourns",
            "player": "Ben",
            "score": "18",
            "win": "1",
            "outcome": "",
            "length_minutes": "45",
            "id": "six-sojourns-20261105-200000",
        }
    ]
    failed = [r for r in rows if r["outcome"] == "failed"]
    assert {(r["player"], r["score"], r["win"]) for r in failed} == {
        ("Ana", "", "0"),
        ("Ben", "", "0"),
        ("Cy", "", "0"),
    }


def test_plays_json(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["plays", "--format", "json"])
    rows = json.loads(capsys.readouterr().out)
    home_run = rows[0]
    assert (home_run["player"], home_run["win"], home_run["outcome"]) == ("Ana", True, "won")
    assert home_run["score"] is None


def test_a_rename_merges_histories_and_changes_no_save(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = {p.name: p.read_bytes() for p in (home / "games").glob("*.toml")}
    assert rename_player(SettingsStore(home), "Unnamed traveller", "Ana")
    main(["stats", "--json"])  # a new process would read the same settings file
    players = json.loads(capsys.readouterr().out)["players"]
    assert "Unnamed traveller" not in players
    assert (players["Ana"]["plays"], players["Ana"]["wins"]) == (6, 2)
    assert {p.name: p.read_bytes() for p in (home / "games").glob("*.toml")} == before


def test_empty_folder(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats"]) == 0
    assert "No games saved yet." in capsys.readouterr().out
    assert main(["stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"games": {}, "players": {}}


def test_the_documented_json_has_the_keys_companion_stats_prints(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "stats.md").read_text("utf-8")
    documented = json.loads(page.split("```json\n", 1)[1].split("\n```", 1)[0])
    assert set_colour(SettingsStore(home), "Ana", documented["players"]["Ana"]["colour"])
    main(["stats", "--json"])
    printed = json.loads(capsys.readouterr().out)
    assert documented["games"]["cavendish"] == printed["games"]["cavendish"]
    assert documented["players"]["Ana"].keys() == printed["players"]["Ana"].keys()

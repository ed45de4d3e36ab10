"""BG Stats' play file: read from a sample built from public material, written from our plays,
and the round trip (export, import into an empty folder: the same plays; again: nothing new).

The sample's sources are in tests/data/bgstats/SOURCES.md: BG Stats' own page on sending plays
(https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/), public
notes on its export file, and public programs that write it for BG Stats to import.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from companion import registry
from companion.cli import main
from companion.history.bgstats import play_uuid
from companion.history.bgstats_import import FileProblem, match_game, read_play_file
from companion.history.details import PlayDetails
from companion.history.recorded import RecordedPlay
from companion.registry import get_game
from saves.games.store import SaveStore
from saves.history.bgstats import bgstats_text, import_file
from saves.history.details import add_details, details_of
from saves.history.plays import gather
from saves.history.recorded import RecordedStore
from saves.shared.settings import SettingsStore
from tests.history.games import finished_six_sojourns
from tests.support.toy import TALLY

SAMPLE = Path(__file__).parents[1] / "data" / "bgstats" / "sample.bgsplay"
MOMENT = datetime(2026, 11, 29, 19, 30, tzinfo=UTC)


def sample() -> Any:
    return json.loads(SAMPLE.read_text(encoding="utf-8"))


def test_the_sample_gives_our_plays_and_says_why_the_others_stay_out() -> None:
    result = read_play_file(sample(), set())
    six, cavendish, unscored = result.plays
    assert six.game_id == "six-sojourns"
    assert six.scores == {"Eerko": 47, "Suzan": 36} and six.winners == ("Eerko",)
    assert six.details == PlayDetails("Home", "Eerko", 36, ("places",), "Such a close play!")
    assert six.played.replace(tzinfo=None) == datetime(2020, 10, 23, 19, 16, 58)
    assert six.source == "1DB76738-9A83-4201-93CB-48E842B3CC7B"
    assert cavendish.outcome == "won" and cavendish.scores == {"Eerko": 3, "Suzan": 3}
    assert cavendish.details.start_player == "Suzan" and cavendish.details.minutes == 95
    assert (unscored.winners, unscored.scores) == (("Eerko",), {})
    assert result.unscored == {
        "without scores: Eerko is marked winner with 20, but the best score in Six Sojourns "
        "wins (30)": 1
    }
    assert result.skipped == {
        "Roll for the Galaxy: not one of the companion's games": 1,
        "marked ignored in BG Stats": 1,
    }


def test_a_play_imported_before_is_skipped_by_its_uuid() -> None:
    result = read_play_file(sample(), {"1DB76738-9A83-4201-93CB-48E842B3CC7B"})
    assert [play.game_id for play in result.plays] == ["cavendish", "six-sojourns"]
    assert result.skipped["already imported"] == 1


@pytest.mark.parametrize(
    "data", [[], {"plays": 3}, {"games": []}, {"plays": [], "games": {"id": 1}}]
)
def test_a_file_that_is_not_a_play_file_is_refused_in_words(data: Any) -> None:
    with pytest.raises(FileProblem):
        read_play_file(data, set())


def test_games_match_by_name_in_any_case_and_by_a_known_boardgamegeek_id() -> None:
    assert match_game({"name": "six sojourns"}) == "six-sojourns"
    assert match_game({"name": "?", "bggName": "Sojourn: A Journey Through Time"}) == "sojourn"
    assert match_game({"name": "Catan", "bggId": 13}) is None
    assert match_game({"name": "Catan", "bggId": 13}, {"time-bastards": 13}) == "time-bastards"
    assert match_game({"name": "cavendish"}) == "cavendish"
    assert match_game({"name": "Sechs Reisen", "bggId": 439826}) == "six-sojourns"


@pytest.mark.parametrize(
    ("game_id", "names"),
    [
        ("sojourn", ("Sojourn", "Sojourn: A Journey Through Time")),
        ("six-sojourns", ("Six Sojourns",)),
        ("cavendish", ("TIME Stories Revolution: Cavendish", "Cavendish")),
        ("time-bastards", ("Time Bastards",)),
    ],
)
def test_each_game_is_known_to_bg_stats_by_the_names_it_was_before(
    game_id: str, names: tuple[str, ...]
) -> None:
    """Written under the first (the title), recognised by each; BoardGameGeek lists only Six
    Sojourns."""
    game = get_game(game_id)
    assert game is not None
    bgg_id = 439826 if game_id == "six-sojourns" else 0
    assert ((game.title, *game.other_names), game.bgg_id) == (names, bgg_id)
    assert all(match_game({"name": name}) == game_id for name in names)


def test_a_game_whose_plays_cannot_be_recorded_is_never_matched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(registry.GAMES, TALLY.id, TALLY)
    monkeypatch.setitem(registry.ADDED, TALLY.id, TALLY.title)
    assert match_game({"name": "Tally"}) is None


def test_uuids_come_from_the_save_ids_and_stay_the_same() -> None:
    assert play_uuid("cavendish-20261129-120000") == play_uuid("cavendish-20261129-120000")
    assert play_uuid("cavendish-20261129-120000") != play_uuid("cavendish-20261129-120001")
    assert play_uuid("x") == play_uuid("x").upper()


def record(home: Path) -> None:
    store = RecordedStore(home, lambda: MOMENT)
    store.add(
        RecordedPlay(
            "six-sojourns",
            MOMENT,
            ("Ana", "Zoë"),
            {"Ana": 40, "Zoë": 40},
            ("Zoë",),
            details=PlayDetails("Ana's kitchen", "Ana", 95, ("feuds", "places"), "Line 1\nLine 2"),
        )
    )
    store.add(RecordedPlay("cavendish", MOMENT, ("Ana", "Ben"), {}, (), "failed"))
    store.add(RecordedPlay("sojourn", MOMENT, ("Ana",), {}, (), "won"))
    store.add(RecordedPlay("time-bastards", MOMENT, ("Ana", "Ben"), {"Ana": 2, "Ben": 2}))


def plays_of(home: Path) -> list[tuple[Any, ...]]:
    plays, unreadable = gather(SaveStore(home), SettingsStore(home))
    assert unreadable == []
    entries = {entry.id: entry.play for entry in RecordedStore(home, lambda: MOMENT).listing()[0]}
    return sorted(
        (
            p.game_id,
            p.started,
            p.facts.players,
            dict(p.facts.scores),
            p.facts.winners,
            p.facts.status,
            entries[p.save_id].details if p.save_id in entries else None,
        )
        for p in plays
    )


def test_export_then_import_into_an_empty_folder_gives_the_same_plays(tmp_path: Path) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    record(first)
    _store, saved = finished_six_sojourns(first)  # a game played in the app, with its details
    add_details(_store, saved, PlayDetails("Club", "Cy", 80, notes="app"), MOMENT)
    plays, _ = gather(SaveStore(first), SettingsStore(first))
    text = bgstats_text(first, plays)
    assert bgstats_text(first, plays) == text  # the same uuids at every export
    file = tmp_path / "plays.bgsplay"
    file.write_text(text, encoding="utf-8")
    result, written = import_file(second, file)
    assert written == 5 and result.skipped == {}
    app_play = SaveStore(first).load(saved.id)
    expected = [
        row if row[-1] is not None else (*row[:-1], replace(details_of(app_play.extra) or
            PlayDetails(), expansions=tuple(app_play.session.setup.expansions)))
        for row in plays_of(first)
    ]  # fmt: skip
    assert plays_of(second) == sorted(expected)
    again, written = import_file(second, file)
    assert written == 0 and again.skipped == {"already imported": 5}
    # exported again from the second folder, the plays keep the uuids BG Stats knows them by
    plays, _ = gather(SaveStore(second), SettingsStore(second))
    uuids = {play["uuid"] for play in json.loads(bgstats_text(second, plays))["plays"]}
    assert uuids == {play["uuid"] for play in json.loads(text)["plays"]}


def test_the_file_uses_only_the_fields_the_public_material_shows(tmp_path: Path) -> None:
    record(tmp_path)
    plays, _ = gather(SaveStore(tmp_path), SettingsStore(tmp_path))
    data = json.loads(bgstats_text(tmp_path, plays))
    shown = sample()
    assert set(data) <= set(shown)
    for table in ("players", "locations", "games", "plays"):
        known = {key for row in shown[table] for key in row}
        assert {key for row in data[table] for key in row} <= known, table
    known_scores = {key for play in shown["plays"] for row in play["playerScores"] for key in row}
    assert {key for p in data["plays"] for r in p["playerScores"] for key in r} <= known_scores
    six = next(play for play in data["plays"] if play.get("expansionPlays"))
    games = {game["id"]: game["name"] for game in data["games"]}
    assert sorted(games[e["gameRefId"]] for e in six["expansionPlays"]) == [
        "Six Sojourns: Feuds",
        "Six Sojourns: Places",
    ]
    assert six["comments"] == "Line 1\nLine 2" and six["durationMin"] == 95


def test_the_commands_export_filter_and_import(
    companion_home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record(companion_home)
    assert main(["plays", "--format", "bgstats", "--game", "sojourn"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [game["name"] for game in data["games"]] == ["Sojourn"] and len(data["plays"]) == 1
    assert main(["plays", "--format", "bgstats", "--since", "2026-12-01"]) == 0
    assert json.loads(capsys.readouterr().out)["plays"] == []
    assert main(["plays", "--game", "sojourn"]) == 2
    assert "go with --format bgstats" in capsys.readouterr().err
    assert main(["import", str(SAMPLE)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Imported 3 plays (cavendish, six-sojourns).")
    assert "Kept 1 play without scores: Eerko is marked winner with 20" in out
    assert "Skipped 1 play: Roll for the Galaxy: not one of the companion's games" in out
    assert main(["import", str(SAMPLE)]) == 0
    assert "Imported 0 plays." in capsys.readouterr().out
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert main(["import", str(bad)]) == 2
    assert "not JSON" in capsys.readouterr().err

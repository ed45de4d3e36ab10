"""The file we write is what BG Stats writes: `manualWinner` when the winner is not simply the
best score, seats from 1 (0 when not known), `userInfo.meRefId`, each play's `entryDate` and
`modificationDate`, Six Sojourns' BoardGameGeek id, and an imported play's uuids unchanged."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.core import Facts
from companion.history.bgstats import manual_winner
from companion.history.details import PlayDetails
from companion.history.recorded import RecordedPlay
from saves.games.store import SaveStore
from saves.history.bgstats import bgstats_text, import_file
from saves.history.plays import gather
from saves.history.recorded import RecordedStore
from saves.shared.settings import SettingsStore
from tests.history.games import finished_six_sojourns
from tests.history.test_bgstats_real_files import bgstats_file

MOMENT = datetime(2026, 11, 29, 19, 30, tzinfo=UTC)
TYPED_IN = datetime(2026, 11, 30, 10, 0, tzinfo=UTC)
EARLIER = datetime(2020, 1, 1, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("facts", "manual"),
    [
        (Facts("finished", ("Ana", "Ben"), {"Ana": 40, "Ben": 38}, ("Ana",)), False),
        (Facts("finished", ("Ana", "Ben"), {"Ana": 40, "Ben": 40}, ("Ana", "Ben")), False),
        (Facts("finished", ("Ana", "Ben"), {"Ana": 40, "Ben": 40}, ("Ben",)), True),
        (Facts("finished", ("Ana", "Ben"), {}, ("Ben",)), True),
        (Facts("finished", ("Ana", "Ben"), {}, ()), False),
        (Facts("finished", ("Ana", "Ben"), {"Ana": 3, "Ben": 3}, ("Ana", "Ben"), True), False),
    ],
)
def test_the_winner_is_manual_when_it_is_not_simply_the_best_score(
    facts: Facts, manual: bool
) -> None:
    assert manual_winner(facts) is manual


def file_of(home: Path, me: str = "") -> dict[str, Any]:
    plays, unreadable = gather(SaveStore(home), SettingsStore(home))
    assert unreadable == []
    data: dict[str, Any] = json.loads(bgstats_text(home, plays, me))
    return data


def test_seats_dates_ids_and_who_i_am_are_written_as_bg_stats_writes_them(tmp_path: Path) -> None:
    _store, saved = finished_six_sojourns(tmp_path)
    RecordedStore(tmp_path, lambda: TYPED_IN).add(
        RecordedPlay("time-bastards", MOMENT, ("Ana", "Ben"), {"Ana": 2, "Ben": 2}, ("Ben",))
    )
    data = file_of(tmp_path)
    assert data["userInfo"] == {"meRefId": 0}  # nobody said who they are
    games = {game["id"]: game for game in data["games"]}
    app, typed = sorted(data["plays"], key=lambda play: games[play["gameRefId"]]["name"])
    assert [games[app["gameRefId"]]["bggId"], games[typed["gameRefId"]]["bggId"]] == [439826, 0]
    seats = [row["seatOrder"] for row in app["playerScores"]]
    assert seats == list(range(1, len(saved.session.setup.players) + 1))
    assert [row["seatOrder"] for row in typed["playerScores"]] == [0, 0]  # typed in: not known
    assert typed["manualWinner"] is True  # a tie on achievements, Ben named the winner
    assert (typed["entryDate"], typed["modificationDate"]) == (
        "2026-11-30 10:00:00",
        "2026-11-30 10:00:00",
    )
    assert typed["playDate"] == "2026-11-29 19:30:00"
    assert app["entryDate"] <= app["modificationDate"] and app["entryDate"] == app["playDate"]
    players = {player["id"]: player["name"] for player in data["players"]}
    me = file_of(tmp_path, me="ben")["userInfo"]["meRefId"]
    assert players[me] == "Ben"


def test_an_imported_play_goes_back_out_with_bg_stats_uuids_unchanged(tmp_path: Path) -> None:
    source = bgstats_file(11, (1, "87+77", True), (2, "66-11-12", False))
    file = tmp_path / "android.json"
    file.write_text(json.dumps(source), encoding="utf-8")
    home = tmp_path / "home"
    result, written = import_file(home, file)
    assert written == 1 and result.skipped == {}
    data = file_of(home)
    (play,) = data["plays"]
    assert play["uuid"] == "7e57ab1e-0000-4000-8000-00000000beef"
    assert {player["name"]: player["uuid"] for player in data["players"]} == {
        "Alan Hussey": "5c0ffee0-aaaa-4bbb-8ccc-000000000001",
        "Peter Matson": "5C0FFEE0-AAAA-4BBB-8CCC-000000000002",
    }
    assert [row["score"] for row in play["playerScores"]] == ["164", "43"]
    again, written = import_file(home, file)
    assert (written, again.skipped) == (0, {"already imported": 1})


def test_the_command_says_who_i_am(
    companion_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    RecordedStore(companion_home, lambda: TYPED_IN).add(
        RecordedPlay("sojourn", MOMENT, ("Zoë",), outcome="won", details=PlayDetails(minutes=40))
    )
    assert main(["plays", "--format", "bgstats", "--me", "zoë"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["userInfo"]["meRefId"] == data["players"][0]["id"]
    assert main(["plays", "--me", "Zoë"]) == 2
    assert "--me go with --format bgstats" in capsys.readouterr().err


def test_a_player_bg_stats_knows_keeps_its_uuid_in_every_play(tmp_path: Path) -> None:
    """A play typed in later names the same player: the file has one, with BG Stats' uuid."""
    file = tmp_path / "ios.json"
    file.write_text(json.dumps(bgstats_file(13, (1, "3", True), (2, "1", False))), "utf-8")
    home = tmp_path / "home"
    import_file(home, file)
    RecordedStore(home, lambda: TYPED_IN).add(
        RecordedPlay("time-bastards", EARLIER, ("alan hussey", "Ben"), {"alan hussey": 3, "Ben": 2})
    )
    data = file_of(home)
    alans = [player for player in data["players"] if player["name"].casefold() == "alan hussey"]
    assert [player["uuid"] for player in alans] == ["5c0ffee0-aaaa-4bbb-8ccc-000000000001"]
    assert len(data["plays"]) == 2

"""Every date through the same bounds in every time zone (issue 41, item 4): a date the calendar
or the zone cannot hold is refused in one line with exit 2 (`record --date 9999-12-31T23:00` in
New York ended in an `OverflowError` traceback), the bounds themselves are kept and read by
every command; durations and scores in ASCII digits only; `plays` and `stats` say how many lines
of an import file they left out, and why."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.cli import main
from saves.games.store import utc_now
from saves.history.recorded import RecordedStore
from tests.support.bgstats_plays import play_file as many_plays

ZONES = ("UTC", "America/New_York", "Pacific/Kiritimati", "Pacific/Pago_Pago")
"""The machine's zone: UTC, one behind it, the furthest ahead (+14) and one far behind (-11)."""
DUEL = ["time-bastards", "--player", "Ana=3", "--player", "Ben=1", "--winner", "Ana"]


@pytest.fixture(params=ZONES)
def zone(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The machine's time zone for the test (TZ), the tests' own again after it."""
    monkeypatch.setenv("TZ", request.param)
    time.tzset()
    yield request.param
    monkeypatch.undo()
    time.tzset()


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    """What a command said on stderr, checked to be one line."""
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("companion"), err
    return err


def recorded_count(home: Path) -> int:
    entries, unreadable = RecordedStore(home, utc_now).listing()
    assert unreadable == []
    return len(entries)


@pytest.mark.parametrize(
    "date",
    [
        "9999-12-31T23:00",  # the issue's: an OverflowError in New York
        "9999-12-31",
        "0001-01-01T00:00",
        "0001-01-01",
        "1899-12-31T23:59",
        "9999-12-31T23:00+14:00",
        "0001-01-01T00:00-11:00",
    ],
)
def test_a_date_no_play_can_have_is_refused_in_one_line_in_every_zone(
    zone: str, date: str, companion_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["record", *DUEL, "--date", date]) == 2
    assert "A play is dated from 1900 to 9998" in one_line(capsys)
    assert not (companion_home / "recorded").exists() or recorded_count(companion_home) == 0


@pytest.mark.parametrize(
    "date",
    ["1900-01-01T00:00", "9998-12-31T23:59", "1900-01-01T00:00+23:59", "9998-12-31T23:59-23:59"],
)
def test_a_play_at_the_bounds_is_kept_and_read_by_every_command_in_every_zone(
    zone: str, date: str, companion_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["record", *DUEL, "--date", date, "--duration", "10080"]) == 0  # a week long
    capsys.readouterr()
    for command in (
        ["stats"],
        ["stats", "--json"],
        ["plays"],
        ["plays", "--format", "json"],
        ["plays", "--format", "bgstats", "--since", "1900-01-01", "--until", "9998-12-31"],
    ):
        assert main(command) == 0, command
        assert capsys.readouterr().err == ""
    assert recorded_count(companion_home) == 1


def test_an_import_keeps_the_plays_at_the_bounds_and_leaves_out_those_beyond_in_every_zone(
    zone: str, companion_home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = many_plays(tmp_path / "in.json", 4)
    data = json.loads(file.read_text("utf-8"))
    dates = [
        "1900-01-01 00:00:00",
        "9998-12-31 23:59:59",
        "9999-12-31 23:00:00",
        "0001-01-01 00:00:00",
    ]
    for row, date in zip(data["plays"], dates, strict=True):
        row["playDate"] = date
    file.write_text(json.dumps(data), encoding="utf-8")
    assert main(["import", str(file)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Imported 2 plays")
    assert "Skipped 1 play: refused: its date 9999-12-31 is outside 1900 to 9998" in out
    assert "Skipped 1 play: refused: its date 0001-01-01 is outside 1900 to 9998" in out
    assert main(["stats"]) == 0 and main(["plays", "--format", "json"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    ("flags", "problem"),
    [
        (["--duration", "٣"], "'٣' is not a duration"),  # Arabic-Indic three: `int` reads 3
        (["--duration", "\u0661:\u0663\u0660"], "is not a duration"),
        (["--duration", "\uff11h"], "is not a duration"),  # a full-width one
        (["--duration", "³"], "is not a duration"),  # a superscript: str.isdigit says yes
    ],
)
def test_a_duration_is_typed_in_ascii_digits(
    flags: list[str], problem: str, companion_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["record", *DUEL, *flags]) == 2
    assert problem in one_line(capsys)
    assert not (companion_home / "recorded").exists()


def test_scores_are_typed_in_ascii_digits(
    companion_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    duel = ["record", "time-bastards", "--player", "Ana=٣", "--player", "Ben=1", "--winner", "Ana"]
    assert main(duel) == 2
    assert "Ana's score '٣' is not a whole number" in one_line(capsys)
    group = ["record", "cavendish", "--player", "Ana", "--outcome", "won", "--score", "٣"]
    assert main(group) == 2
    assert "'٣' is not a whole number" in one_line(capsys)
    assert not (companion_home / "recorded").exists()
    assert main(["record", *DUEL, "--duration", "1:35"]) == 0
    assert main(["record", "cavendish", "--player", "Ana", "--outcome", "won", "--score", "3"]) == 0
    assert recorded_count(companion_home) == 2


def test_plays_and_stats_say_how_many_lines_of_an_import_file_they_left_out_and_why(
    companion_home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["import", str(many_plays(tmp_path / "in.json", 6))]) == 0
    [batch] = (companion_home / "recorded").glob("*.jsonl")
    lines = batch.read_text("utf-8").splitlines(keepends=True)
    lines[2] = "garbage\n"
    lines[4] = lines[4].replace('"played":"2020', '"played":"x020')
    batch.write_text("".join(lines), encoding="utf-8")
    capsys.readouterr()
    for command in (
        ["stats"],
        ["stats", "--json"],
        ["plays"],
        ["plays", "--format", "json"],
        ["plays", "--format", "bgstats"],
    ):
        assert main(command) == 0, command
        said = capsys.readouterr()
        assert said.err == (
            f"companion: left out 2 lines of {batch}: line 3: not a play written by this "
            "version (not JSON); line 5: 'played' is not a date and time: "
            "'x020-10-23T19:16:58+00:00'\n"
        ), command
        if "--json" in command or "json" in command or "bgstats" in command:
            json.loads(said.out)  # the figures themselves stay whole
    assert main(["plays", "--format", "json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 2 * 4  # a row per player of 4 plays


@pytest.mark.parametrize(
    ("since", "refused"),
    [
        ("9999-12-31T23:00", True),  # New York: it was refused as "not a date", UTC took it
        ("0001-01-01", True),
        ("1900-01-01", False),
        ("9998-12-31T23:59", False),
        ("1900-01-01T00:00+23:59", False),
    ],
)
def test_dice_check_since_has_the_same_bounds_in_every_zone(
    zone: str, since: str, refused: bool, companion_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["roll", "d6"]) == 0
    capsys.readouterr()
    assert main(["dice-check", "--since", since]) == (2 if refused else 0)
    if refused:
        assert f"'{since}': a date is from 1900 to 9998" in one_line(capsys)
    else:
        assert capsys.readouterr().err == ""

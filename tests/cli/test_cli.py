"""The command line: rolls, listings, show/export, errors on one line with exit code 2."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest

from companion import cli
from tests.support.saving import record_played
from tests.support.toy import TALLY

DATA = Path(__file__).resolve().parents[1] / "data"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_seeded_roll_is_repeatable(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = {run(capsys, "roll", "2d6+1", "--seed", "7", "--json")[1] for _ in range(3)}
    assert len(outputs) == 1
    roll = json.loads(outputs.pop())
    assert set(roll) == {"expression", "faces", "total", "source"}
    assert roll["expression"] == "2d6+1"
    assert roll["total"] == sum(roll["faces"]) + 1
    assert roll["source"] == "app"


def test_roll_many_gives_a_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roll", "d%", "-n", "5", "--seed", "1", "--json")
    rolls = json.loads(out)
    assert code == 0 and len(rolls) == 5
    assert all(len(r["faces"]) == 2 and 1 <= r["total"] <= 100 for r in rolls)


@pytest.mark.parametrize("expression", ["2x", "0d6", "d1", "1000d6", ""])
def test_bad_roll_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], companion_home: Path, expression: str
) -> None:
    code, out, err = run(capsys, "roll", expression)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("companion: ")
    assert not companion_home.exists()


def test_list_reports_unreadable_files_and_leaves_them(
    capsys: pytest.CaptureFixture[str], companion_home: Path
) -> None:
    folder = companion_home / "games"
    folder.mkdir(parents=True)
    shutil.copyfile(DATA / "not-toml.toml", folder / "broken.toml")
    before = (folder / "broken.toml").read_bytes()
    code, out, _ = run(capsys, "list", "--json")
    listing = json.loads(out)
    assert code == 0
    assert listing["games"] == []
    assert "not valid TOML" in listing["unreadable"][0]["reason"]
    code, out, _ = run(capsys, "list")
    assert "UNREADABLE" in out
    assert (folder / "broken.toml").read_bytes() == before


def test_show_of_a_missing_or_bad_id(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "show", "nothing-here")
    assert code == 2 and "no such file" in err
    code, _, err = run(capsys, "show", "../../etc/passwd")
    assert code == 2 and "is not a save id" in err


def test_locate_names_every_folder(
    capsys: pytest.CaptureFixture[str], companion_home: Path
) -> None:
    code, out, _ = run(capsys, "locate")
    assert code == 0
    assert f"games     {companion_home / 'games'}" in out
    assert "settings" in out and "rolls" in out
    assert f"exports   {companion_home / 'exports'}" in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("companion ")


@pytest.mark.parametrize("args", [["--help"], ["roll", "--help"], ["score", "--help"]])
def test_help_goes_to_stdout_and_exits_0(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    assert cli.main(args) == 0
    out, err = capsys.readouterr()
    assert out.startswith("usage: companion") and err == ""


def test_a_missing_argument_is_one_line_naming_the_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["roll"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "companion roll: the following arguments are required: expression "
        "(see `companion roll --help`)\n"
    )


def test_show_and_export_a_game(
    capsys: pytest.CaptureFixture[str], companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion import registry
    from saves.games.store import SaveStore
    from tests.conftest import fixed_clock
    from tests.support.toy import Add, TallySetup

    monkeypatch.setitem(registry.GAMES, "tally", TALLY)
    store = SaveStore(companion_home, fixed_clock)
    saved = store.create(TALLY, TallySetup(), "Tally night")
    saved.session.do(Add(0, 3))
    record_played(store, saved)
    code, out, _ = run(capsys, "show", saved.id, "--json")
    shown = json.loads(out)
    assert code == 0
    assert shown["counts"] == [3, 0]
    assert shown["history"] == ["Ana +3"]
    assert shown["score"]["totals"] == {"Ana": 3, "Ben": 0}
    assert "winners" not in shown["score"]  # a game reports its winners once it is over
    assert shown["waiting_for"] is None
    _, out, _ = run(capsys, "export", saved.id, "--format", "csv")
    assert out.splitlines()[:2] == ["part,step,player,points,text", "log,1,,,Ana +3"]
    assert "score,,Ana,3," in out  # one table: every row has the same five columns
    assert {len(row) for row in csv.reader(io.StringIO(out))} == {5}
    _, out, _ = run(capsys, "export", saved.id, "--format", "md")
    assert out.startswith("# Tally night") and "| Ana | 3 |" in out

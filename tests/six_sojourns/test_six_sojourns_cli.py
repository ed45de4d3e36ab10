"""`companion score six-sojourns FILE [--json]` on good and bad board files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main

DATA = Path(__file__).parent / "data"
ANA = '[[player]]\nname = "Ana"\n'
A1 = '[[space]]\nname = "A1"\nisland = "N"\n'


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["score", "six-sojourns", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_board_file_json_shape_and_scores(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, str(DATA / "full_board.toml"), "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["winners"] == ["Ana"]
    ana, ben = data["players"]
    assert set(ana) == {"name", "total", "coins", "rank", "breakdown"}
    assert ana["breakdown"] == {
        "spaces": 2,
        "islands": 1,
        "trades": 6,
        "objectives": 8,
        "serpents": 0,
        "shrines": 1,
        "mountains": 1,
        "feuds": 1,
    }
    assert (ana["total"], ana["coins"], ana["rank"]) == (20, 3, 1)
    assert (ben["total"], ben["rank"]) == (19, 2)
    assert ben["breakdown"]["serpents"] == 2 and ben["breakdown"]["feuds"] == 2


def test_board_file_plain_table_with_reasons(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(DATA / "full_board.toml"))
    assert code == 0
    lines = out.splitlines()
    assert max(map(len, lines[:12])) <= 80  # a row per player was 101 columns: a column each
    assert lines[0].split() == ["Player", "Ana", "Ben"]
    assert lines[2].split() == ["spaces", "2", "3"]
    assert [line.split()[0] for line in lines[:12]] == [
        "Player",
        "Rank",
        "spaces",
        "islands",
        "trades",
        "objectives",
        "serpents",
        "shrines",
        "mountains",
        "feuds",
        "Total",
        "Coins",
    ]
    assert "Ana +1 island North: 2 spaces vs 1" in out
    assert "Ana +1 controls A1: tower" in out
    assert "\nWinner: Ana\n" in out
    assert out.rstrip().endswith("Ana has the most VP: 20; then Ben 19.")


def test_score_pad_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(DATA / "pad.toml"), "--json")
    assert code == 0
    data = json.loads(out)
    totals = {p["name"]: p["total"] for p in data["players"]}
    # Ana: 8 + 2 + cooking 9 (7 - 2 upgrade) + art 4 (4) + 6 + 3; Ben: 10 + 3 + 7 + 7 + 2
    assert totals == {"Ana": 8 + 2 + 5 + 4 + 6 + 3, "Ben": 10 + 3 + 7 + 7 + 2, "Cy": 2}
    assert data["players"][0]["breakdown"]["expansions"] == 3
    assert data["winners"] == ["Ben"]


def test_tie_on_vp_and_coins_shares_the_win(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "tie.toml"
    path.write_text(
        '[[player]]\nname = "Ana"\ncoins = 2\nspaces = 5\n'
        '[[player]]\nname = "Ben"\ncoins = 2\nspaces = 5\n'
        '[[player]]\nname = "Cy"\ncoins = 9\nspaces = 4\n'
    )
    data = json.loads(run(capsys, str(path), "--json")[1])
    assert data["winners"] == ["Ana", "Ben"]
    assert [p["rank"] for p in data["players"]] == [1, 1, 3]


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("bad_boat_on_land", "space A1: a boat on land (Ana has 1)"),
        ("bad_people_at_sea", "space S1: people at sea (Ben has 2)"),
        ("bad_two_towers", "space A1: 2 towers; a space holds at most one tower"),
        ("bad_third_upgrade", "upgrades: cooking has 3 tokens; each trade takes at most 2"),
        ("bad_unknown_trade", "player Ana: unknown trade 'baking'"),
        ("bad_unknown_player", "space A1: unknown player 'Cy'"),
        ("bad_negative_count", "space A1: Ana has a negative count of people (-1)"),
        ("bad_too_many_people", "player Ana: 36 people on the board; a colour has 35"),
        ("bad_too_many_boats", "player Ben: 14 boats on the board; a colour has 12"),
        ("bad_too_many_houses", "player Ana: 9 houses on the board; a colour has 8"),
        ("bad_towers_over_seat", "player Ana: 2 towers on the board, but seat 1 of 2 keeps 1"),
        ("bad_not_toml", "not valid TOML"),
        ("bad_extra_key", "player Ben: unknown key 'colour'"),
    ],
)
def test_bad_files_are_refused_naming_the_problem(
    name: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, str(DATA / f"{name}.toml"), "--json")
    assert code == 2 and out == ""
    assert words in err
    assert err.count("\n") == 1


def test_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, str(DATA / "nope.toml"))
    assert code == 2 and "cannot read" in err


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('[[player]]\nname = "Ana"\ncoins = "lots"\n', "player Ana: coins must be a whole number"),
        ('[[player]]\nname = "Ana"\nobjectives = [{ vp = 1 }]\n', "score pad (no [[space]])"),
        (
            '[[player]]\nname = "Ana"\nspaces = 2\n[[space]]\nname = "A1"\nisland = "N"\n',
            "score-pad number",
        ),
        ('[[player]]\nname = "Ana"\n[[space]]\nname = "A1"\n', "a land space names its island"),
        (
            '[[player]]\nname = "Ana"\n[[space]]\nname = "A1"\nisland = "N"\nserpents = 1\n',
            "Sea Serpents is not in play",
        ),
        (
            'expansions = ["sea-serpents"]\n' + ANA + A1 + "serpents = 1\n",
            "not on land",
        ),
        (
            ANA + A1 + A1,
            "entered twice",
        ),
        ('expansions = ["feuds", "fierce-feuds"]\n[[player]]\nname = "Ana"\n', "not both"),
        ("coins = 3\n", "unknown key 'coins'"),
        ("", "no [[player]]"),
    ],
)
def test_more_bad_files(
    text: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    code, _, err = run(capsys, str(path))
    assert code == 2 and words in err


def test_the_command_line_entry_point() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion",
            "score",
            "six-sojourns",
            str(DATA / "bad_two_towers.toml"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert "space A1" in done.stderr


def test_a_tie_on_vp_broken_by_coins_is_explained(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 15: the coin tie-break was applied but never said."""
    pad = tmp_path / "tie.toml"
    players = "".join(
        f'[[player]]\nname = "{name}"\ncoins = {coins}\nspaces = 24\n\n'
        for name, coins in (("Ana", 3), ("Ben", 5))
    )
    pad.write_text(players, encoding="utf-8")
    code, out, _err = run(capsys, str(pad))
    assert code == 0
    assert "Ana and Ben tied on 24 VP." in out
    assert "Tie-break: Ben has more coins (Ana 3, Ben 5)." in out
    code, out, _err = run(capsys, str(pad), "--json")
    assert json.loads(out)["why"][-1] == "Tie-break: Ben has more coins (Ana 3, Ben 5)."

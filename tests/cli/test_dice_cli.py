"""`companion roll` keeps its rolls; `companion rolls` prints them; `companion dice-check` judges
the real dice."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion import cli, dice
from saves.paths import rolls_path
from saves.shared.rolls import RollLog
from tests.conftest import fixed_clock


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_roll_is_kept_unless_seeded_or_opted_out(
    capsys: pytest.CaptureFixture[str], companion_home: Path
) -> None:
    run(capsys, "roll", "2d6+1")
    run(capsys, "roll", "d6", "--seed", "3")
    run(capsys, "roll", "d20", "--no-history")
    run(capsys, "roll", "d%", "-n", "3")
    kept = RollLog(companion_home, fixed_clock).rolls
    assert [e.roll.expression for e in kept] == ["2d6+1", "d%", "d%", "d%"]
    assert all(e.roll.source == "app" for e in kept)


def keep(home: Path, rolls: list[dice.Roll], label: str = "") -> None:
    RollLog(home, fixed_clock).add_many(rolls, label)


def test_rolls_prints_the_history_filtered(
    capsys: pytest.CaptureFixture[str], companion_home: Path
) -> None:
    keep(companion_home, [dice.physical("2d6+1", [5, 1])], "Ben\x1b[31m's turn")
    keep(companion_home, [dice.roll("d%", __import__("random").Random(1))])
    code, out, _ = run(capsys, "rolls")
    first, second = out.splitlines()
    assert code == 0 and first.split()[:2] == ["7", "2d6+1"]
    assert "5 + 1, +1" in first and "real" in first and "␛[31m" in first  # as `list` shows it
    assert "\x1b" not in out and "app" in second
    code, out, _ = run(capsys, "rolls", "--json", "--die", "d6", "--source", "physical")
    (entry,) = json.loads(out)["rolls"]
    assert entry == {
        "at": "2026-11-29T12:00:00+00:00",
        "expression": "2d6+1",
        "faces": [5, 1],
        "modifier": 1,
        "total": 7,
        "source": "physical",
        "label": "Ben\x1b[31m's turn",
    }


P_FAIR = 0.9903642570135848
"""scipy.stats.chi2.sf(6 / 11, 5), the reference for the fair sample below."""


def check(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, object]]:
    code, out, _ = run(capsys, "dice-check", "--json", *args)
    assert code == 0
    dice_checks: list[dict[str, object]] = json.loads(out)["dice"]
    return dice_checks


def test_dice_check_calls_a_loaded_die_biased(
    capsys: pytest.CaptureFixture[str], companion_home: Path
) -> None:
    others = [dice.physical("d6", [face]) for face in range(1, 6) for _ in range(42)]
    keep(companion_home, [dice.physical("d6", [6])] * 90 + others)
    (d6,) = check(capsys)
    assert d6["die"] == "d6" and d6["rolls"] == 300 and d6["verdict"] == "looks biased"
    assert d6["counts"] == {"1": 42, "2": 42, "3": 42, "4": 42, "5": 42, "6": 90}
    assert d6["chi2"] == pytest.approx(38.4)
    assert d6["p_value"] == pytest.approx(3.1356650083783695e-07, abs=1e-12)  # scipy chi2.sf
    assert "six comes up 30% of the time; a fair die gives 17%" in str(d6["explanation"])


def test_dice_check_finds_no_sign_of_bias_in_fair_dice_and_ignores_app_rolls(
    capsys: pytest.CaptureFixture[str], companion_home: Path
) -> None:
    fair = [dice.physical("d6", [1 + n % 6]) for n in range(60)]
    fair += [dice.physical("d6", [1 + n % 3]) for n in range(6)]
    app = [dice.Roll("d6", (6,), 6, "app")] * 500
    keep(companion_home, fair + app)
    (d6,) = check(capsys)
    assert d6["verdict"] == "no sign of bias" and d6["rolls"] == 66
    assert d6["chi2"] == pytest.approx(6 / 11)
    assert d6["p_value"] == pytest.approx(P_FAIR, abs=1e-6)


def test_dice_check_says_a_dozen_rolls_are_too_few(
    capsys: pytest.CaptureFixture[str], companion_home: Path
) -> None:
    keep(companion_home, [dice.physical("d6", [6])] * 12)
    (d6,) = check(capsys)
    assert d6["verdict"] == "too few" and d6["explanation"] == "12 rolls: roll at least 30 to tell"


def test_dice_check_since_a_date(capsys: pytest.CaptureFixture[str], companion_home: Path) -> None:
    RollLog(companion_home, lambda: datetime(2026, 1, 1, tzinfo=UTC)).add(dice.physical("d6", [1]))
    keep(companion_home, [dice.physical("d6", [2])])
    (d6,) = check(capsys, "--since", "2026-11-01")
    assert d6["counts"] == {"1": 0, "2": 1, "3": 0, "4": 0, "5": 0, "6": 0}
    code, out, err = run(capsys, "dice-check", "--since", "yesterday")
    assert code == 2 and out == "" and len(err.splitlines()) == 1


def test_dice_check_in_words_has_a_chart(
    capsys: pytest.CaptureFixture[str], companion_home: Path
) -> None:
    keep(companion_home, [dice.physical("d%", [30, 7])])
    _code, out, _ = run(capsys, "dice-check")
    assert "d% tens: too few: 1 roll: roll at least 50 to tell" in out
    assert " 30 " in out and "┃" in out and "d% units" in out


def test_a_damaged_history_is_one_line_and_kept(
    capsys: pytest.CaptureFixture[str], companion_home: Path
) -> None:
    companion_home.mkdir(parents=True)
    rolls_path(companion_home).write_text("format = 2\nrolls = 5\n")
    for command in (["rolls"], ["dice-check"]):
        code, out, err = run(capsys, *command)
        assert code == 2 and out == "" and len(err.splitlines()) == 1
    code, out, err = run(capsys, "roll", "d6")
    assert code == 0 and out and "not kept" in err
    assert rolls_path(companion_home).read_text() == "format = 2\nrolls = 5\n"

"""A roll continues only from a line it can read: after a damaged last line, `companion roll`,
a window that read the history before and the dice tray each say in one line that the history
is damaged and where, append nothing (no roll number is used twice) and leave the file as every
reader found it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion import cli, dice
from saves.paths import rolls_path
from saves.shared.rolls import RollLog
from tests.conftest import fixed_clock
from tests.support.notes import record_notes
from tests.support.waiting import pause_until
from widgets.dice.tray import DiceTray

HEAD = "format = 3\n\n[rolls]\n"
ROLL = (
    'r{n} = {{ at = 2026-11-29T10:00:00+00:00, expression = "d6", faces = [{f}], '
    'modifier = 0, total = {f}, source = "app" }}\n'
)
GOOD = HEAD + "".join(ROLL.format(n=n, f=n) for n in (1, 2, 3))
"""Three rolls: the damaged line, when added, is line 7."""
DAMAGED_LAST = {
    "garbage": "garbage here\n",
    "a total of 5,000 digits": ROLL.format(n=4, f=2).replace("total = 2", "total = " + "9" * 5000),
    "a table after": "[other]\n" + ROLL.format(n=4, f=2),
    "a table of the rolls after": "[rolls.more]\n",
    "a number used before": ROLL.format(n=2, f=5),
    "a number out of turn": ROLL.format(n=9, f=2),
    "a total the faces do not make": ROLL.format(n=4, f=2).replace("total = 2", "total = 3"),
    "a roll that is a number": "r4 = 5\n",
    "two keys on a line": ROLL.format(n=4, f=2).rstrip("\n") + " r5 = 3\n",
    "a key that is no roll's": ROLL.format(n=4, f=2).replace("r4", "x4"),
    "digits that are not ASCII": ROLL.format(n=4, f=2).replace("[2]", "[\u0662]"),
}


def damaged(home: Path, last: str) -> bytes:
    path = rolls_path(home)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(GOOD + last, encoding="utf-8")
    return path.read_bytes()


def said_where(notice: str | None, home: Path) -> bool:
    return (
        notice is not None
        and len(notice.splitlines()) == 1
        and f"{rolls_path(home)} is damaged at line 7" in notice
    )


@pytest.mark.parametrize("kind", DAMAGED_LAST)
def test_a_roll_is_never_appended_after_a_damaged_last_line(
    companion_home: Path, kind: str
) -> None:
    raw = damaged(companion_home, DAMAGED_LAST[kind])
    reader_before = RollLog(companion_home, fixed_clock).problem
    notice = RollLog(companion_home, fixed_clock).add(dice.physical("d6", [6]))  # no read first
    assert said_where(notice, companion_home) and "not kept" in str(notice)
    assert rolls_path(companion_home).read_bytes() == raw
    assert RollLog(companion_home, fixed_clock).problem == reader_before  # as every reader says


@pytest.mark.parametrize("kind", DAMAGED_LAST)
def test_a_window_that_read_the_history_appends_nothing_after_a_damaged_line(
    companion_home: Path, kind: str
) -> None:
    damaged(companion_home, "")
    window = RollLog(companion_home, fixed_clock)
    assert len(window.rolls) == 3
    path = rolls_path(companion_home)
    with path.open("a", encoding="utf-8") as file:  # another program, after the window read
        file.write(DAMAGED_LAST[kind])
    raw = path.read_bytes()
    notice = window.add(dice.physical("d6", [6]))
    assert said_where(notice, companion_home)
    assert path.read_bytes() == raw


def test_companion_roll_says_in_one_line_where_the_history_is_damaged(
    capsys: pytest.CaptureFixture[str], companion_home: Path
) -> None:
    raw = damaged(companion_home, DAMAGED_LAST["a number used before"])
    assert cli.main(["roll", "d6"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("d6: ")  # the roll is still shown
    assert len(err.splitlines()) == 1 and "is damaged at line 7" in err and "not kept" in err
    assert rolls_path(companion_home).read_bytes() == raw


def test_a_good_history_goes_on_from_its_last_roll(companion_home: Path) -> None:
    damaged(companion_home, "")
    assert RollLog(companion_home, fixed_clock).add(dice.physical("d6", [6])) is None
    assert rolls_path(companion_home).read_text().splitlines()[-1].startswith("r4 = {")
    assert [e.roll.faces for e in RollLog(companion_home, fixed_clock).rolls] == [
        (1,),
        (2,),
        (3,),
        (6,),
    ]


async def test_the_tray_says_where_the_history_is_damaged(
    make_test_app: Any, companion_home: Path
) -> None:
    raw = damaged(companion_home, DAMAGED_LAST["a table after"])
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d")
        await pause_until(pilot, lambda: isinstance(app.screen, DiceTray))
        await pilot.press("4", "enter")
        await pause_until(pilot, lambda: any("is damaged at line 7" in n for n in notes))
    assert rolls_path(companion_home).read_bytes() == raw

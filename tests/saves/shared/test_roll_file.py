"""The roll history as an appended file: a roll costs its own line whatever the history's length,
an old history is migrated without losing a roll, a torn last line is cut and never a whole one,
and several processes appending at once keep every roll."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion import dice
from saves.files import parse_toml
from saves.paths import locks_dir, rolls_path
from saves.shared import roll_file
from saves.shared.lock import holding, lock_path
from saves.shared.rolls import KEEP_ROLLS, MAX_BYTES, TRIM_AT, RollLog
from tests.conftest import fixed_clock
from tests.quality.test_shared_files import check_rolls, run_workers

OLD = (
    "format = 2\nrolls = [\n"
    '  { at = 2026-11-29T10:00:00Z, expression = "d6", faces = [1], total = 1, source = "app" },\n'
    '  { at = 2026-11-29T10:01:00Z, expression = "d6", faces = [2], total = 2, source = "app" },\n'
    "]\n"
)


def faces(home: Path) -> list[tuple[int, ...]]:
    return [entry.roll.faces for entry in RollLog(home, fixed_clock).rolls]


def old_history(home: Path) -> Path:
    path = rolls_path(home)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(OLD)
    return path


def test_an_old_history_is_rewritten_once_in_the_new_form(companion_home: Path) -> None:
    path = old_history(companion_home)
    assert faces(companion_home) == [(1,), (2,)]
    text = path.read_text()
    assert text.startswith("format = 3\n") and "\nr1 = {" in text and "\nr2 = {" in text
    RollLog(companion_home, fixed_clock).add(dice.physical("d6", [3]))
    assert path.read_text().startswith(text) and faces(companion_home) == [(1,), (2,), (3,)]


def test_a_migration_keeps_the_rolls_of_a_window_that_read_the_old_file(
    companion_home: Path,
) -> None:
    path = old_history(companion_home)
    behind = RollLog(companion_home, fixed_clock, deadline=0.01)
    with holding(lock_path(path, locks_dir(companion_home))):  # it cannot migrate yet
        assert len(behind.rolls) == 2
    assert path.read_text() == OLD
    RollLog(companion_home, fixed_clock).add(dice.physical("d6", [3]))  # migrates, then adds
    assert behind.add(dice.physical("d6", [4])) is None
    assert faces(companion_home) == [(1,), (2,), (3,), (4,)]
    assert [entry.roll.faces for entry in behind.rolls] == [(1,), (2,), (3,), (4,)]


def test_a_damaged_old_history_is_never_rewritten(companion_home: Path) -> None:
    path = rolls_path(companion_home)
    path.parent.mkdir(parents=True)
    damaged = OLD.replace("total = 2", "total = 5")
    path.write_text(damaged)
    log = RollLog(companion_home, fixed_clock)
    notice = log.add(dice.physical("d6", [3]))  # as `companion roll` does: no read first
    assert notice is not None and "not kept" in notice and "roll 2" in notice
    assert path.read_text() == damaged


def test_a_torn_last_line_is_not_read_and_cut_by_the_next_roll(companion_home: Path) -> None:
    RollLog(companion_home, fixed_clock).add_many(dice.physical("d6", [n]) for n in (1, 2))
    path = rolls_path(companion_home)
    whole = path.read_bytes()
    with path.open("ab") as file:
        file.write(b'r3 = { at = 2026-11-29T12:00:00+00:00, expression = "d')  # then killed
    reader = RollLog(companion_home, fixed_clock)
    assert len(reader.rolls) == 2 and reader.problem is None
    RollLog(companion_home, fixed_clock).add(dice.physical("d6", [6]))
    assert path.read_bytes().startswith(whole) and faces(companion_home) == [(1,), (2,), (6,)]
    assert [entry.roll.faces for entry in reader.rolls] == [(1,), (2,), (6,)]


def test_a_complete_line_added_behind_the_lock_is_never_cut(companion_home: Path) -> None:
    log = RollLog(companion_home, fixed_clock)
    log.add(dice.physical("d6", [1]))
    position = roll_file.read_whole(rolls_path(companion_home), MAX_BYTES).position
    assert position is not None
    RollLog(companion_home, fixed_clock).add(dice.physical("d6", [2]))
    with pytest.raises(roll_file.Changed):  # a write from the old end is refused
        roll_file.append(rolls_path(companion_home), position, log.rolls[:1])
    assert faces(companion_home) == [(1,), (2,)]


def test_the_history_is_trimmed_at_its_cap_under_its_lock(companion_home: Path) -> None:
    follower = RollLog(companion_home, fixed_clock)
    follower.add_many(dice.physical("d6", [1 + n % 6]) for n in range(TRIM_AT - 1))
    adder = RollLog(companion_home, fixed_clock)  # reads only the first and last lines
    adder.add(dice.physical("d6", [6]))
    assert len(follower.rolls) == TRIM_AT
    adder.add(dice.physical("d4", [4]))
    text = rolls_path(companion_home).read_text()
    assert text.count("\nr") == KEEP_ROLLS and f"\nr{TRIM_AT + 1} = " in text
    assert f"\nr{TRIM_AT + 2 - KEEP_ROLLS} = " in text  # the kept rolls keep their numbers
    kept = follower.rolls  # the file was replaced: read whole again
    assert len(kept) == KEEP_ROLLS and kept[-1].roll.expression == "d4"
    follower.add(dice.physical("d6", [2]))
    assert len(RollLog(companion_home, fixed_clock).rolls) == KEEP_ROLLS + 1


def test_a_roll_parses_only_the_lines_added_since(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = RollLog(companion_home, fixed_clock)
    window.add_many(dice.physical("3d6", [1, 2, 3]) for _ in range(2000))
    assert len(window.rolls) == 2000
    other = RollLog(companion_home, fixed_clock)
    parsed: list[int] = []

    def counted(path: Path, raw: bytes) -> dict[str, Any]:
        parsed.append(len(raw))
        return parse_toml(path, raw)

    monkeypatch.setattr(roll_file, "parse_toml", counted)
    other.add(dice.physical("d6", [5]))  # a new process: its first and last lines only
    window.add(dice.physical("d6", [6]))  # after the other's roll: that one line
    assert len(window.rolls) == 2002
    line = len(rolls_path(companion_home).read_bytes().splitlines()[-1]) + 1
    assert 0 < sum(parsed) <= 4 * line  # of a file of 2,000 lines


def test_four_processes_appending_across_the_cap_keep_every_roll(companion_home: Path) -> None:
    RollLog(companion_home, fixed_clock).add_many(
        dice.physical("d6", [1]) for _ in range(TRIM_AT - 40)
    )
    names = ["a", "b", "c", "d"]
    run_workers(companion_home, "rolls", names, 25)
    labels = [entry.label for entry in RollLog(companion_home, fixed_clock).rolls]
    assert len(labels) == KEEP_ROLLS + 59  # trimmed once, to 10,000 with the 41st roll
    check_rolls_tail(companion_home, names, labels)


def check_rolls_tail(home: Path, names: list[str], labels: list[str]) -> None:
    """Every worker's roll once, each worker's in its order (the rolls before them unlabelled)."""
    mine = [label for label in labels if label]
    assert sorted(mine) == sorted(f"{name} {n}" for name in names for n in range(1, 26))
    for name in names:
        assert [label for label in mine if label.startswith(f"{name} ")] == [
            f"{name} {n}" for n in range(1, 26)
        ]


def test_four_processes_appending_at_once_keep_every_roll(companion_home: Path) -> None:
    names = ["a", "b", "c", "d"]
    run_workers(companion_home, "rolls", names, 30)
    check_rolls(companion_home, names, 30)
    text = rolls_path(companion_home).read_text()
    assert text.count("\nr") == 120 and text.endswith("}\n")

"""The roll history: kept between runs, oldest first, 10,000 at least, never written over when
damaged, and never a crash or a hang whatever the file holds."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion import dice
from saves.paths import rolls_path
from saves.shared import rolls as history
from saves.shared.rolls import KEEP_ROLLS, TRIM_AT, RollLog
from tests.conftest import fixed_clock


def test_rolls_survive_a_restart_in_order_with_their_labels(companion_home: Path) -> None:
    log = RollLog(companion_home, fixed_clock)
    for face in range(1, 4):
        assert log.add(dice.physical("d6", [face]), label=f"try {face}") is None
    log.add(dice.physical("2d6+1", [5, 1]))
    again = RollLog(companion_home, fixed_clock)
    assert [e.roll.faces for e in again.rolls] == [(1,), (2,), (3,), (5, 1)]
    assert [e.label for e in again.rolls] == ["try 1", "try 2", "try 3", ""]
    assert again.rolls[-1].roll.total == 7 and again.rolls[-1].at == fixed_clock()
    text = rolls_path(companion_home).read_text()
    assert text.startswith("format = 3\n") and text.count("\nr") == 4  # one roll a line
    assert "modifier = 1" in text and 'source = "physical"' in text


def test_at_least_ten_thousand_rolls_are_kept(companion_home: Path) -> None:
    log = RollLog(companion_home, fixed_clock)
    log.add_many(dice.physical("d6", [1 + n % 6]) for n in range(TRIM_AT))
    assert len(RollLog(companion_home, fixed_clock).rolls) == TRIM_AT
    log.add(dice.physical("d6", [6]))
    kept = RollLog(companion_home, fixed_clock).rolls
    assert len(kept) == KEEP_ROLLS and kept[-1].roll.faces == (6,)


def test_a_format_1_history_is_read_newest_first_and_migrated(companion_home: Path) -> None:
    path = rolls_path(companion_home)
    path.parent.mkdir(parents=True)
    path.write_text(
        "format = 1\n"
        '[[rolls]]\nat = 2026-11-29T11:00:00Z\nexpression = "d6"\nfaces = [2]\ntotal = 2\n'
        'source = "app"\n'
        '[[rolls]]\nat = 2026-11-29T10:00:00Z\nexpression = "d6"\nfaces = [1]\ntotal = 1\n'
        'source = "physical"\n'
    )
    log = RollLog(companion_home, fixed_clock)
    assert [e.roll.faces for e in log.rolls] == [(1,), (2,)]
    assert path.read_text().startswith("format = 3\n")  # rewritten once, when first read
    log.add(dice.physical("d6", [3]))
    assert [e.roll.faces for e in RollLog(companion_home, fixed_clock).rolls] == [(1,), (2,), (3,)]


def test_rolls_written_by_another_window_are_kept(companion_home: Path) -> None:
    first = RollLog(companion_home, fixed_clock)
    second = RollLog(companion_home, fixed_clock)
    first.add(dice.physical("d6", [1]))
    assert len(second.rolls) == 1
    first.add(dice.physical("d6", [2]))
    second.add(dice.physical("d6", [3]))
    faces = [e.roll.faces for e in RollLog(companion_home, fixed_clock).rolls]
    assert faces == [(1,), (2,), (3,)]


GOOD = 'at = 2026-11-29T10:00:00Z\nexpression = "2d6+1"\nfaces = [5, 1]\ntotal = 7\n'
GOOD += 'source = "physical"\n'

LINE = GOOD.strip().replace("\n", ", ")

DAMAGED = {
    "rolls is a number": "format = 2\nrolls = 5\n",
    "not dice": f"format = 2\n[[rolls]]\n{GOOD.replace('2d6+1', 'x')}",
    "extreme date": "format = 2\n[[rolls]]\n"
    + GOOD.replace("2026-11-29T10:00:00Z", "0001-01-01T00:00:00+23:59"),
    "date only": "format = 2\n[[rolls]]\n" + GOOD.replace("2026-11-29T10:00:00Z", "2026-11-29"),
    "faces are text": "format = 2\n[[rolls]]\n" + GOOD.replace("[5, 1]", '["5", "1"]'),
    "faces are booleans": "format = 2\n[[rolls]]\n"
    + GOOD.replace("[5, 1]", "[true, true]").replace("total = 7", "total = 3"),
    "face off the die": "format = 2\n[[rolls]]\n"
    + GOOD.replace("[5, 1]", "[9, 1]").replace("total = 7", "total = 11"),
    "wrong total": "format = 2\n[[rolls]]\n" + GOOD.replace("total = 7", "total = 8"),
    "total is text": "format = 2\n[[rolls]]\n" + GOOD.replace("total = 7", 'total = "7"'),
    "wrong modifier": f"format = 2\n[[rolls]]\n{GOOD}modifier = 3\n",
    "unknown source": "format = 2\n[[rolls]]\n" + GOOD.replace("physical", "magic"),
    "label is a number": f"format = 2\n[[rolls]]\n{GOOD}label = 5\n",
    "unknown roll key": f"format = 2\n[[rolls]]\n{GOOD}colour = 1\n",
    "unknown top key": f"format = 2\ncolour = 1\n[[rolls]]\n{GOOD}",
    "format is text": 'format = "2"\n',
    "future format": "format = 4\n",
    "rolls not a table": "format = 3\nrolls = [1]\n",
    "no rolls table": "format = 3\n",
    "an inline rolls table": f"format = 3\nrolls = {{ r1 = {{ {LINE} }} }}\n",
    "a key out of order": f"format = 3\n\n[rolls]\nr1 = {{ {LINE} }}\nr3 = {{ {LINE} }}\n",
    "a key that is no number": f"format = 3\n\n[rolls]\nroll = {{ {LINE} }}\n",
    "a bad roll line": f"format = 3\n\n[rolls]\nr1 = {{ {LINE.replace('= 7', '= 9')} }}\n",
    "a table after the rolls": f"format = 3\n\n[rolls]\nr1 = {{ {LINE} }}\n[more]\n",
    "roll is a number": "format = 2\nrolls = [1]\n",
    "missing faces": "format = 2\n[[rolls]]\n" + GOOD.replace("faces = [5, 1]\n", ""),
    "not toml": "format = 2\n[[rolls\n",
    "not utf-8": "format = 2\n# \xff\n",
}


@pytest.mark.parametrize("name", DAMAGED)
def test_a_damaged_history_runs_empty_is_told_once_and_kept(
    companion_home: Path, name: str
) -> None:
    path = rolls_path(companion_home)
    path.parent.mkdir(parents=True)
    raw = DAMAGED[name].encode("latin-1" if name == "not utf-8" else "utf-8")
    path.write_bytes(raw)
    log = RollLog(companion_home, fixed_clock)
    assert log.rolls == []
    notice = log.take_notice()
    assert notice is not None and str(path) in notice and "not kept" in notice
    assert log.take_notice() is None
    assert log.add(dice.physical("d6", [2])) is None  # said once only
    assert path.read_bytes() == raw


def test_the_sample_good_roll_is_read(companion_home: Path) -> None:
    path = rolls_path(companion_home)
    path.parent.mkdir(parents=True)
    path.write_text(f"format = 2\n[[rolls]]\n{GOOD}label = 'RISK at Fall of Troy'\n")
    (entry,) = RollLog(companion_home, fixed_clock).rolls
    assert entry.roll == dice.physical("2d6+1", [5, 1])
    assert entry.at == datetime(2026, 11, 29, 10, tzinfo=UTC)
    assert entry.label == "RISK at Fall of Troy"


def test_a_fifo_is_never_opened(companion_home: Path) -> None:
    companion_home.mkdir(parents=True)
    os.mkfifo(rolls_path(companion_home))
    log = RollLog(companion_home, fixed_clock)
    assert log.rolls == [] and log.problem is not None
    log.add(dice.physical("d6", [1]))
    assert rolls_path(companion_home).is_fifo()


def test_a_link_to_a_device_is_never_read_or_replaced(companion_home: Path) -> None:
    companion_home.mkdir(parents=True)
    rolls_path(companion_home).symlink_to("/dev/zero")
    log = RollLog(companion_home, fixed_clock)
    assert log.rolls == [] and log.problem is not None
    log.add(dice.physical("d6", [1]))
    assert rolls_path(companion_home).is_symlink()


def test_a_link_to_a_history_is_written_through(companion_home: Path, tmp_path: Path) -> None:
    companion_home.mkdir(parents=True)
    target = tmp_path / "shared-rolls.toml"
    target.write_text("format = 2\n")
    rolls_path(companion_home).symlink_to(target)
    RollLog(companion_home, fixed_clock).add(dice.physical("d6", [4]))
    assert rolls_path(companion_home).is_symlink() and "faces = [" in target.read_text()


def test_a_huge_file_is_reported_without_reading(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(history, "MAX_BYTES", 100)
    path = rolls_path(companion_home)
    path.parent.mkdir(parents=True)
    path.write_text("format = 2\n" + "# padding\n" * 20)
    log = RollLog(companion_home, fixed_clock)
    assert log.problem is not None and "larger than" in log.problem


def test_a_failed_write_is_one_notice_and_the_file_stays(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = RollLog(companion_home, fixed_clock)
    log.add(dice.physical("d6", [1]))
    before = rolls_path(companion_home).read_bytes()

    real_pwrite = os.pwrite  # a full disk takes part of the line

    monkeypatch.setattr(
        os, "pwrite", lambda descriptor, data, at: real_pwrite(descriptor, data[:9], at)
    )
    notice = log.add(dice.physical("d6", [2]))
    assert notice is not None and "the disk took only part of the roll" in notice
    assert "not kept" not in notice and "kept in this window" in notice
    assert rolls_path(companion_home).read_bytes() == before
    monkeypatch.undo()
    assert log.add(dice.physical("d6", [3])) is None  # the waiting roll is written with this one
    assert [e.roll.faces for e in RollLog(companion_home, fixed_clock).rolls] == [(1,), (2,), (3,)]


def test_the_documented_example_is_read(companion_home: Path) -> None:
    doc = (Path(__file__).resolve().parents[3] / "docs" / "save-format.md").read_text()
    section = doc.split("## `rolls.toml`, format 3", 1)[1]
    example = section.split("```toml\n", 1)[1].split("```", 1)[0]
    path = rolls_path(companion_home)
    path.parent.mkdir(parents=True)
    path.write_text(example)
    first, second = RollLog(companion_home, fixed_clock).rolls
    assert first.roll == dice.physical("d%", [10, 2]) and first.label == "RISK at Fall of Troy"
    assert second.roll.total == 7 and second.roll.source == "app"


def test_any_label_survives_the_file_as_typed(companion_home: Path) -> None:
    label = 'Ana [/] "Ben"\\ \n\x7f\x00 é 😀 \u202eright-to-left'
    RollLog(companion_home, fixed_clock).add(dice.physical("d6", [3]), label)
    (entry,) = RollLog(companion_home, fixed_clock).rolls
    assert entry.label == label

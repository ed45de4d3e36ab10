"""One roll with 10,000 rolls kept against one with 10 (issue 30): in the app, right after another
window's roll (which this window reads before writing its own), and as a `companion roll`
process. Each history's cost was its length before it became an appended file."""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from companion import dice
from saves.shared.rolls import KEEP_ROLLS, RollLog

ROOT = Path(__file__).resolve().parents[2]
SIZES = (10, KEEP_ROLLS)


def _clock() -> datetime:
    return datetime(2026, 11, 29, 12, tzinfo=UTC)


def _filled(home: Path, size: int) -> None:
    rng = random.Random(7)
    RollLog(home, _clock).add_many(dice.roll("2d6+1", rng) for _ in range(size))


def app_roll(size: int, reps: int) -> float:
    """Median seconds of one roll in a window, as the tray makes it (the roll, then the
    history it shows), each right after another window's roll."""
    rng = random.Random(11)
    with tempfile.TemporaryDirectory(prefix="companion-bench-rolls-") as folder:
        home = Path(folder)
        _filled(home, size)
        window, other = RollLog(home, _clock), RollLog(home, _clock)
        assert len(window.rolls) == size  # the tray's first opening: read whole once
        times = []
        for _ in range(reps):
            other.add(dice.roll("d6", rng))
            started = time.perf_counter()
            window.add(dice.roll("2d6", rng))
            shown = window.rolls
            times.append(time.perf_counter() - started)
            assert len(shown) <= size + 2 * reps
    return statistics.median(times)


def command_roll(size: int, reps: int) -> float:
    """Median seconds of `companion roll 2d6` as a whole process."""
    with tempfile.TemporaryDirectory(prefix="companion-bench-rolls-") as folder:
        home = Path(folder)
        _filled(home, size)
        env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_HOME": folder}
        command = [sys.executable, "-m", "companion", "roll", "2d6"]
        subprocess.run(command, env=env, cwd=ROOT, check=True, capture_output=True)  # warm up
        times = []
        for _ in range(reps):
            started = time.perf_counter()
            subprocess.run(command, env=env, cwd=ROOT, check=True, capture_output=True)
            times.append(time.perf_counter() - started)
    return statistics.median(times)


def roll_rows(reps: int) -> list[tuple[str, float, str, str, bool, str]]:
    """The two figures: the growth of one roll's cost from 10 to 10,000 rolls kept."""
    rows = []
    for where, measure, count in (
        ("in the app", app_roll, max(reps, 20)),
        ("companion roll", command_roll, max(3, reps // 4)),
    ):
        small, large = (measure(size, count) for size in SIZES)
        growth = large / small
        rows.append(
            (
                f"one roll {where} at 10,000 rolls vs at 10",
                growth,
                "x",
                "<= 1.3x",
                growth <= 1.3,
                f"{large * 1000:.1f} ms vs {small * 1000:.1f} ms",
            )
        )
    return rows

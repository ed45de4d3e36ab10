"""The cost of a command (issue 30): `companion --version` against a bare interpreter (`python
-c pass`), and `companion act` on a 5,000-action game against one on a 50-action game (it starts
from the game's checkpoint: saves/games/checkpoint.py), each a whole process, run in turn. Run
by `run.py`; `slow_open_rows` times the extreme saves of issue 30."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from bench_games import long_game

from saves.games.store import SaveStore

ROOT = Path(__file__).resolve().parents[2]
VERSION_TARGET = 3.0
"""`companion --version` within 3x of `python -c pass`: it imports no parser, saves or screen."""
ACT_TARGET = 1.3
"""`companion act` at 5,000 actions within 1.3x of one at 50 (issue 30)."""
ACT_REPS = 8
"""At most this many pairs of actions per size: each is a whole process of half a second."""
ACT_SIZES = (50, 5000)

Row = tuple[str, float, str, str, bool, str]
"""(name, value, unit, target, met, detail): one figure, as run.py's `Figure` takes it."""


def process_seconds(args: list[str], home: Path, root: Path = ROOT) -> float:
    """CPU time (s, user and system) of one whole process: what it costs, which a machine busy
    with other work sways less than the wall time (`root`: the source tree it runs)."""
    env = {**os.environ, "PYTHONPATH": str(root), "COMPANION_HOME": str(home)}
    process = subprocess.Popen(
        args, env=env, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _pid, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(args)} failed: run it by hand")
    return usage.ru_utime + usage.ru_stime


def command_rows(reps: int) -> list[Row]:
    """The median of `reps` runs of each, taken in turn so a busy moment falls on both."""
    bare = [sys.executable, "-c", "pass"]
    version = [sys.executable, "-m", "companion", "--version"]
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        home = Path(folder)
        process_seconds(version, home)  # compiled once, as an installed package is
        times: dict[str, list[float]] = {"bare": [], "version": []}
        for _ in range(reps):
            times["bare"].append(process_seconds(bare, home))
            times["version"].append(process_seconds(version, home))
    bare_ms = statistics.median(times["bare"]) * 1000
    version_ms = statistics.median(times["version"]) * 1000
    ratio = version_ms / bare_ms
    detail = f"CPU {version_ms:.0f} ms vs python -c pass {bare_ms:.0f} ms (median of {reps})"
    target = f"<= {VERSION_TARGET:.0f}x"
    row = ("python -m companion --version", ratio, "x", target, ratio <= VERSION_TARGET, detail)
    return [row, act_row(min(reps, ACT_REPS))]


def act_row(reps: int) -> Row:
    """`companion act` on the two games in turn, a Fear token taken then discarded (the game
    stays the same length and legal); the first pair of each, which writes the checkpoint, is
    not counted."""
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        home = Path(folder)
        store = SaveStore(home, workers=False)
        ids = {size: long_game(store, size).id for size in ACT_SIZES}
        times: dict[int, list[float]] = {size: [] for size in ACT_SIZES}
        for rep in range(reps + 1):
            for size, save_id in ids.items():
                act = [sys.executable, "-m", "companion", "act", save_id]
                spent = process_seconds([*act, "TakeFear", "agent=Amy", "count=1"], home)
                spent += process_seconds([*act, "DiscardFear", "agent=Amy", "count=1"], home)
                if rep:
                    times[size].append(spent / 2)
    small, large = (statistics.median(times[size]) * 1000 for size in ACT_SIZES)
    ratio = large / small
    detail = f"CPU {large:.0f} ms vs {small:.0f} ms (median of {reps} pairs)"
    target = f"<= {ACT_TARGET}x"
    return ("companion act at 5,000 vs 50 actions", ratio, "x", target, ratio <= ACT_TARGET, detail)


OPEN_TARGET = 5.0
"""Seconds to open a save (issue 30's limits)."""
EXTREME_TARGET = 10.0
"""Seconds for an extreme save: listed, or refused with its reason."""


def slow_open_rows() -> list[Row]:
    """The extreme saves of issue 30 (built as tests/quality/test_slow_opens.py builds them),
    each timed once in this process (CPU seconds): opened in full, from its checkpoint, listed
    with no listing cache, refused (an extreme: 10 s; an open: 5 s)."""
    from saves.games import checkpoint
    from saves.paths import listing_cache_path
    from tests.quality.hostile import hostile_save
    from tests.quality.test_slow_opens import (
        MARKS,
        crowded_save,
        first_change,
        long_save,
        many_keys_save,
    )

    rows: list[Row] = []

    def timed(name: str, target: float, work: Callable[[], object]) -> None:
        started = time.process_time()
        try:
            work()
        except Exception as error:  # a refusal is what some of them should give
            outcome = f"{type(error).__name__}: {str(error)[:60]}"
        else:
            outcome = "read"
        spent = time.process_time() - started
        rows.append((name, spent, "s", f"<= {target:.0f} s", spent <= target, outcome))

    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        home = Path(folder)
        store = SaveStore(home, workers=False)
        save_id = long_save(home)
        timed("open a save of 60,000 actions", OPEN_TARGET, lambda: store.load(save_id))
        timed("first listing with it", EXTREME_TARGET, store.listing)
        timed(
            "its first open to play, or command (replayed, checkpoint written)",
            OPEN_TARGET,
            lambda: checkpoint.load(store, save_id),
        )
        timed(
            "a command on it from its checkpoint",
            OPEN_TARGET,
            lambda: checkpoint.load(store, save_id),
        )
    for label, build in (
        ("700,000 players", crowded_save),
        ("200,000 combining marks", lambda home: hostile_save(home, "six-sojourns", MARKS)),
    ):
        with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
            home = Path(folder)
            store = SaveStore(home, workers=False)
            save_id = build(home)
            timed(f"refuse a save of {label}", EXTREME_TARGET, partial(store.load, save_id))
            listing_cache_path(home).unlink(missing_ok=True)
            timed(f"first listing with {label}", EXTREME_TARGET, store.listing)
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        home = Path(folder)
        store = SaveStore(home, workers=False)
        save_id = many_keys_save(home)
        timed(
            "first change of 400,000 unknown keys (format 1)",
            OPEN_TARGET,
            lambda: first_change(store, save_id),
        )
    return rows


HUNDRED_THOUSAND = 100_000
"""Issue 41: a save of 100,000 records lists and shows within `EXTREME_TARGET` seconds."""


def hundred_thousand_rows(root: Path = ROOT) -> list[Row]:
    """`companion list` and `companion show` on a save of 100,000 records, each a whole process
    (CPU seconds), in the order a player meets them: the first listing (no listing cache, no
    checkpoint), `show` after it, the listing after an `act`, `show` with no checkpoint, a
    listing with no listing cache but a checkpoint. `root`: the source tree to run (another
    commit's, to measure before a change)."""
    from tests.quality.test_slow_opens import long_save

    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        home = Path(folder)
        save_id = long_save(home, HUNDRED_THOUSAND)
        command = [sys.executable, "-m", "companion"]

        def timed(name: str, args: list[str]) -> None:
            spent = process_seconds([*command, *args], home, root)
            target = f"<= {EXTREME_TARGET:.0f} s"
            rows.append((name, spent, "s", target, spent <= EXTREME_TARGET, "CPU, one process"))

        def forget(path: Path) -> None:
            if path.is_dir():
                for item in path.iterdir():
                    item.unlink()
            else:
                path.unlink(missing_ok=True)

        timed("100,000 records: first `companion list`", ["list"])
        timed("100,000 records: `companion show` after it", ["show", save_id])
        process_seconds([*command, "act", save_id, "TakeFear", "agent=Amy", "count=1"], home, root)
        timed("100,000 records: `companion list` after an act", ["list"])
        forget(home / "checkpoints")
        timed("100,000 records: `companion show`, no checkpoint", ["show", save_id])
        forget(home / "listing-cache.json")
        timed("100,000 records: `companion list`, no listing cache", ["list"])
    return rows

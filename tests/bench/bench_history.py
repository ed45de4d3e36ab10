"""A long history: 2,000 saved games. The home screen's start against an empty data folder,
`companion stats --json` against `companion list --json` (issue 12), a listing without its
cache against the same replay in one process (issue 22), and an import of 100,000 BG Stats plays
with the `stats` that follows it (issue 32). Run by `run.py`."""

from __future__ import annotations

import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench_games import long_game

from saves.games.store import SaveStore
from tests.support.bgstats_plays import play_file

ROOT = Path(__file__).resolve().parents[2]
FIRST_FRAME = Path(__file__).with_name("first_frame.py")
COLD_LISTING = Path(__file__).with_name("cold_listing.py")
GAMES = 2000
IMPORTED = 100_000
NOON = datetime(2026, 11, 29, 12, 0, 0, tzinfo=UTC)

Row = tuple[str, float, str, str, bool, str]
"""(name, value, unit, target, met, detail): one figure, as run.py's `Figure` takes it."""


def many_games(home: Path, count: int = GAMES, actions: int = 12) -> None:
    """`count` saves: one Cavendish mission of `actions` written by the store, copied under new
    ids (the id inside a file must match its name), a minute apart, so each has its own bytes."""
    store = SaveStore(home, lambda: NOON)
    saved = long_game(store, actions, "Mission 0")
    text = store.path_for(saved.id).read_text(encoding="utf-8")
    for number in range(1, count):
        save_id = f"cavendish-{number:05d}"
        copy = text.replace(saved.id, save_id).replace("Mission 0", f"Mission {number}")
        later = NOON - timedelta(minutes=number)
        copy = copy.replace("updated = 2026-11-29 12:00:00", f"updated = {later:%Y-%m-%d %H:%M:%S}")
        (store.folder / f"{save_id}.toml").write_text(copy, encoding="utf-8")


def run_child(args: list[str], home: Path) -> float:
    """Wall time (s) of one child process on `home`."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_HOME": str(home)}
    started = time.perf_counter()
    subprocess.run(args, env=env, cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - started


def alternate(commands: dict[str, tuple[list[str], Path]], reps: int) -> dict[str, float]:
    """The median time of each command, run in turn `reps` times after one warm-up each."""
    for args, home in commands.values():
        run_child(args, home)  # warm the disk cache, and leave the listing cache
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(reps):
        for name, (args, home) in commands.items():
            times[name].append(run_child(args, home))
    return {name: statistics.median(values) for name, values in times.items()}


def cold_listing(home: Path, reps: int) -> dict[str, float]:
    """The median time of a listing without its cache (every save replayed, by the worker
    processes it starts), the median time of the same replay in one process, and the median of
    their ratios: each a fresh child process, the two in turn (a ratio per pair, as the machine's
    speed drifts between pairs)."""
    times: dict[str, list[float]] = {"workers": [], "one process": []}
    for _ in range(reps):
        for name, how in (("workers", "workers"), ("one process", "one")):
            args = [sys.executable, str(COLD_LISTING), str(home), how]
            env = {**os.environ, "PYTHONPATH": str(ROOT)}
            done = subprocess.run(args, env=env, cwd=ROOT, check=True, capture_output=True)
            times[name].append(float(done.stdout))
    ratios = [pool / one for pool, one in zip(times["workers"], times["one process"], strict=True)]
    return {
        **{name: statistics.median(values) for name, values in times.items()},
        "ratio": statistics.median(ratios),
    }


def import_rows() -> list[Row]:
    """`companion import` of 100,000 plays into an empty folder, then `companion stats --json`
    on it: one run each (the import is minutes of work on the old one-file-per-play store)."""
    python = sys.executable
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        home = Path(folder) / "home"
        home.mkdir()
        file = play_file(Path(folder) / "plays.json", IMPORTED)
        imported = run_child([python, "-m", "companion", "import", str(file)], home)
        stats = run_child([python, "-m", "companion", "stats", "--json"], home)
        files = len(list((home / "recorded").iterdir()))
    return [
        (
            "companion import of 100,000 BG Stats plays, two cores",
            imported,
            "s",
            "<= 30 s",
            imported <= 30,
            f"{files} files written (one per 10,000 plays, two fsyncs each)",
        ),
        (
            "companion stats --json after that import",
            stats,
            "s",
            "<= 30 s",
            stats <= 30,
            f"reads {files} files, not 100,000",
        ),
    ]


def history_rows(reps: int) -> list[Row]:
    """Both figures of a 2,000-game history.

    Our modules are byte-compiled first, as `pip install` does (see `run.py: bench_first_frame`):
    a shell with PYTHONDONTWRITEBYTECODE set would otherwise compile them again in every run, a
    cost both sides would share, which would flatter the ratio."""
    for package in ("companion", "saves", "widgets"):
        compileall.compile_dir(ROOT / package, quiet=1)
    python = sys.executable
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        full, empty = Path(folder) / "full", Path(folder) / "empty"
        many_games(full)
        empty.mkdir()
        start = alternate(
            {
                "empty": ([python, str(FIRST_FRAME), "companion", str(empty)], empty),
                "full": ([python, str(FIRST_FRAME), "companion", str(full)], full),
            },
            reps,
        )
        cli = alternate(
            {
                "list": ([python, "-m", "companion", "list", "--json"], full),
                "stats": ([python, "-m", "companion", "stats", "--json"], full),
            },
            reps,
        )
        cold = cold_listing(full, max(5, reps // 3))
    start_ratio, cli_ratio = start["full"] / start["empty"], cli["stats"] / cli["list"]
    cold_ratio = cold["ratio"]
    return [
        (
            "cold listing of 2,000 saves vs one process's full replay",
            cold_ratio,
            "x",
            "<= 0.6x",
            cold_ratio <= 0.6,
            f"listing {cold['workers'] * 1000:.0f} ms, one process "
            f"{cold['one process'] * 1000:.0f} ms (no cache: every save replayed)",
        ),
        (
            "start with 2,000 saved games vs an empty folder",
            start_ratio,
            "x",
            "<= 1.3x",
            start_ratio <= 1.3,
            f"2,000 games {start['full'] * 1000:.0f} ms, empty {start['empty'] * 1000:.0f} ms "
            "(once a start has seen the games)",
        ),
        (
            "companion stats --json vs list --json, 2,000 games",
            cli_ratio,
            "x",
            "<= 1.5x",
            cli_ratio <= 1.5,
            f"stats {cli['stats'] * 1000:.0f} ms, list {cli['list'] * 1000:.0f} ms",
        ),
        *import_rows(),
    ]

"""Benchmarks of Table Companion against baselines measured in the same run (issue 7).

`python tests/bench/run.py` prints a table; `--json` prints the figures; `--quick` runs fewer
repetitions. Every figure is the median of several repetitions (and the worst where the target
is about the worst case), so one slow moment on a shared machine does not decide a result.
Not collected by pytest: no file here starts with `test_`.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench_browser import browser_rows  # noqa: E402
from bench_cold_list import cold_list_rows  # noqa: E402
from bench_commands import command_rows, hundred_thousand_rows, slow_open_rows  # noqa: E402
from bench_follow import follow_rows  # noqa: E402
from bench_games import cavendish_action, long_game, sojourns_sheet  # noqa: E402
from bench_history import history_rows  # noqa: E402
from bench_rolls import roll_rows  # noqa: E402
from bench_terminal import start_rows, terminal_rows  # noqa: E402
from figures import Figure, table  # noqa: E402
from screen_keys import bench_keys  # noqa: E402

from companion import dice  # noqa: E402
from companion.six_sojourns.scoring import score  # noqa: E402
from saves.files import write_text  # noqa: E402
from saves.games.journal import Draft  # noqa: E402
from saves.games.store import SavedGame, SaveStore  # noqa: E402
from saves.shared.rolls import KEEP_ROLLS, RollLog  # noqa: E402
from saves.shared.settings import SettingsStore  # noqa: E402

FIRST_FRAME = Path(__file__).with_name("first_frame.py")


class Clock:
    """A save clock that moves one second per call, as a real game's saves would."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 12, 0, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@contextmanager
def data_home() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        yield Path(folder)


def timed(run: Callable[[], object]) -> float:
    """Seconds taken by one call."""
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def child(app: str, home: Path) -> tuple[float, int]:
    """Wall time (s) and the child's own peak RSS (KiB) of one headless start to first frame."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_HOME": str(home)}
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, str(FIRST_FRAME), app, str(home)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
    )
    _pid, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{app} exited with {process.returncode}: run first_frame.py by hand")
    return elapsed, usage.ru_maxrss


def lived_in(home: Path) -> None:
    """What a data folder holds after some weeks of use: a chosen theme and a full roll history."""
    SettingsStore(home).set_preference("theme", "nord")
    rolls, rng = RollLog(home, Clock()), random.Random(7)
    rolls.add_many(dice.roll("2d6+1", rng) for _ in range(KEEP_ROLLS))


def furnish(store: SaveStore) -> None:
    """The data folder a start is measured on: 4 saves on the home screen (1 of 1,000
    actions), a full roll history and a theme."""
    long_game(store, 1000, "Long mission")
    for size in (10, 60, 200):
        long_game(store, size)
    lived_in(store.home)


def bench_first_frame(reps: int) -> list[Figure]:
    """Companion (with saved games on the home screen) against one Static and a Footer.

    Our modules are byte-compiled first, as `pip install` does and Textual's already are: a
    shell with PYTHONDONTWRITEBYTECODE set would otherwise compile them again in every run.
    The warm-up runs also leave the saved-games list's cache, as any earlier start would.
    """
    for package in ("companion", "saves", "widgets"):
        compileall.compile_dir(ROOT / package, quiet=1)
    with data_home() as home:
        furnish(SaveStore(home, Clock()))
        times: dict[str, list[float]] = {"baseline": [], "companion": []}
        memory: dict[str, list[int]] = {"baseline": [], "companion": []}
        child("baseline", home)  # warm the disk cache and the bytecode of both
        child("companion", home)
        for _ in range(reps):
            for app in ("baseline", "companion"):
                elapsed, rss = child(app, home)
                times[app].append(elapsed)
                memory[app].append(rss)
    base_t, app_t = statistics.median(times["baseline"]), statistics.median(times["companion"])
    base_m, app_m = statistics.median(memory["baseline"]), statistics.median(memory["companion"])
    time_ratio, rss_ratio = app_t / base_t, app_m / base_m
    return [
        Figure(
            "start to first frame vs minimal Textual app",
            time_ratio,
            "x",
            "<= 1.25x",
            time_ratio <= 1.25,
            f"companion {app_t * 1000:.0f} ms, baseline {base_t * 1000:.0f} ms "
            f"(4 saves on the home screen, 1 of 1,000 actions; a full roll history; a theme)",
        ),
        Figure(
            "peak RSS at first frame vs minimal Textual app",
            rss_ratio,
            "x",
            "<= 1.3x",
            rss_ratio <= 1.3,
            f"companion {app_m / 1024:.1f} MiB, baseline {base_m / 1024:.1f} MiB",
        ),
    ]


def bench_autosave(reps: int) -> list[Figure]:
    """One action plus its autosave (one transaction appending its record) on a game with 1,000
    logged actions, and fsync alone."""
    with data_home() as home:
        store = SaveStore(home, Clock())
        saved = long_game(store, 1000)
        path = store.path_for(saved.id)
        samples = []
        for number in range(1000, 1000 + reps):
            action = cavendish_action(number)
            samples.append(
                timed(lambda a=action: store.transact(saved, lambda _theirs: [Draft("do", a)]))
            )
        probes = max(5, reps // 4)
        fsync = statistics.median(timed(lambda: fsync_only(path)) for _ in range(probes)) * 1000
        text = path.read_text(encoding="utf-8")
        probe = path.with_name("durable-probe.toml")
        durable = statistics.median(timed(lambda: write_text(probe, text)) for _ in range(probes))
    median, worst = statistics.median(samples) * 1000, max(samples) * 1000
    size = (
        f"floor: fsync of the file alone {fsync:.2f} ms, whole atomic write of the same bytes "
        f"(temp + fsync + replace + folder fsync) {durable * 1000:.2f} ms"
    )
    return [
        Figure(
            "action + autosave at 1,000 actions (median)",
            median,
            "ms",
            "< 16 ms",
            median < 16,
            size,
        ),
        Figure(
            "action + autosave at 1,000 actions (worst)",
            worst,
            "ms",
            "< 16 ms",
            worst < 16,
            f"worst of {len(samples)}",
        ),
    ]


def fsync_only(path: Path) -> None:
    """The unavoidable part of an autosave: write the same bytes to a temp file and fsync it."""
    data = path.read_bytes()
    temp = path.with_name(".fsync-probe.tmp")
    with open(temp, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    temp.unlink()


def bench_undo(reps: int) -> list[Figure]:
    """Undo at 5,000 logged actions against undo at 50: alone, and with its autosave.

    The two sizes alternate in one loop, so a burst of disk activity from elsewhere falls on
    both rather than on one of them.
    """
    sizes = (50, 5000)
    alone: dict[int, list[float]] = {size: [] for size in sizes}
    saving: dict[int, list[float]] = {size: [] for size in sizes}
    floor: dict[int, list[float]] = {size: [] for size in sizes}
    with data_home() as home:
        store = SaveStore(home, Clock())
        games = {size: long_game(store, size) for size in sizes}
        texts = {size: store.path_for(games[size].id).read_text("utf-8") for size in sizes}
        probe = home / "durable-probe.toml"
        for _ in range(reps):
            for size, saved in games.items():
                alone[size].append(timed(saved.session.undo))
                saved.session.redo()
                saving[size].append(timed(lambda s=saved: transact_undo(store, s)))
                store.transact(
                    saved, lambda _theirs, s=saved: [Draft("redo", target=s.undone[-1].number)]
                )
                floor[size].append(timed(lambda t=texts[size]: write_text(probe, t)))
    results = {
        size: (statistics.median(alone[size]), statistics.median(saving[size])) for size in sizes
    }
    floors = {size: statistics.median(floor[size]) for size in sizes}
    alone_ratio = results[5000][0] / results[50][0]
    saving_ratio = results[5000][1] / results[50][1]
    return [
        Figure(
            "undo + autosave at 5,000 vs at 50 actions",
            saving_ratio,
            "x",
            "<= 2x",
            saving_ratio <= 2,
            f"{results[5000][1] * 1000:.2f} ms vs {results[50][1] * 1000:.2f} ms; floor: atomic "
            f"write of the same bytes {floors[5000] * 1000:.2f} ms vs {floors[50] * 1000:.2f} ms",
        ),
        Figure(
            "undo alone at 5,000 vs at 50 actions",
            alone_ratio,
            "x",
            "<= 2x",
            alone_ratio <= 2,
            f"{results[5000][0] * 1e6:.1f} us vs {results[50][0] * 1e6:.1f} us",
        ),
    ]


def transact_undo(store: SaveStore, saved: SavedGame) -> None:
    """Undo the game's last action as a play screen does: one transaction appending it."""
    store.transact(saved, lambda _theirs: [Draft("undo", target=saved.origins[-1].number)])


def bench_load(reps: int) -> list[Figure]:
    """`store.load` of a 5,000-action save against a bare `tomllib` parse of the same file."""
    with data_home() as home:
        store = SaveStore(home, Clock())
        saved = long_game(store, 5000)
        path = store.path_for(saved.id)

        def parse() -> object:
            with open(path, "rb") as handle:
                return tomllib.load(handle)

        loads, parses = [], []
        for _ in range(reps):
            parses.append(timed(parse))
            loads.append(timed(lambda: store.load(saved.id)))
    load, bare = statistics.median(loads), statistics.median(parses)
    ratio = load / bare
    return [
        Figure(
            "load of a 5,000-action save vs tomllib parse",
            ratio,
            "x",
            "<= 3x",
            ratio <= 3,
            f"load {load * 1000:.0f} ms, tomllib {bare * 1000:.0f} ms",
        )
    ]


def bench_scoring(reps: int) -> list[Figure]:
    sheet = sojourns_sheet()
    score(sheet)
    samples = [timed(lambda: score(sheet)) for _ in range(reps * 5)]
    median, worst = statistics.median(samples) * 1000, max(samples) * 1000
    return [
        Figure(
            "Six Sojourns scoring, 4 players, 60 spaces",
            median,
            "ms",
            "< 5 ms",
            median < 5,
            f"worst {worst:.2f} ms of {len(samples)}",
        )
    ]


def bench_history(reps: int) -> list[Figure]:
    """2,000 saved games: the start of the home screen, and `companion stats --json`."""
    return [Figure(*row) for row in history_rows(reps)]


BENCHES: dict[str, Callable[[int], list[Figure]]] = {
    "first-frame": bench_first_frame,
    "autosave": bench_autosave,
    "undo": bench_undo,
    "load": bench_load,
    "scoring": bench_scoring,
    "keys": bench_keys,
    "history": bench_history,
    "follow": lambda reps: [Figure(*row) for row in follow_rows(reps)],
    "browser": lambda reps: [Figure(*row) for row in browser_rows(reps)],
    "terminal": lambda reps: [Figure(*row) for row in terminal_rows(reps, furnish)],
    "start": lambda reps: [Figure(*row) for row in start_rows(reps, furnish)],
    "cold-list": lambda reps: [Figure(*row) for row in cold_list_rows(reps)],
    "commands": lambda reps: [Figure(*row) for row in command_rows(reps)],
    "rolls": lambda reps: [Figure(*row) for row in roll_rows(reps)],
    "slow-opens": lambda reps: [Figure(*row) for row in slow_open_rows()],
    "hundred-thousand": lambda reps: [Figure(*row) for row in hundred_thousand_rows()],
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--only", choices=sorted(BENCHES), action="append", help="one benchmark")
    args = parser.parse_args(argv)
    reps = {"first-frame": 5, "other": 10} if args.quick else {"first-frame": 15, "other": 40}
    figures: list[Figure] = []
    for name in args.only or list(BENCHES):
        # processes started, or files built: fewer repetitions
        few = name in ("first-frame", "history", "browser", "terminal", "slow-opens", "start")
        few = few or name == "cold-list"
        few = few or name == "hundred-thousand"
        count = reps["first-frame"] if few else reps["other"]
        figures.extend(BENCHES[name](count))
    if args.json:
        print(json.dumps([asdict(f) for f in figures], indent=2))
    else:
        print(table(figures))
    return 0 if all(f.met for f in figures) else 1


if __name__ == "__main__":
    sys.exit(main())

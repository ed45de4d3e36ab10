"""`companion list --json` of 2,000 saves without the listing cache (cold) against the same
command with it (warm), issue 44. Every save is a game long enough to have a checkpoint (kept by
an earlier command), as a data folder has after some months: a cold listing may start each save
from its checkpoint, which the file proves, and replay only what follows it. Run by `run.py`
(`--only cold-list`).

The two commands take turns, each a fresh process; a ratio is taken per pair (the machine's speed
drifts between pairs) and the figure is the median of the ratios of wall time. The detail gives
the same ratio of the processes' CPU time (user and system), which other work on a shared
machine moves less."""

from __future__ import annotations

import compileall
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_history import many_games

from saves.games.checkpoint import checkpoint_path
from saves.games.store import SaveStore
from saves.paths import checkpoints_dir, listing_cache_path

ROOT = Path(__file__).resolve().parents[2]
GAMES = 2000
ACTIONS = 120
"""Each save's actions: past `checkpoint.SMALLEST_GAME`, so each has its checkpoint."""
AFTER = 3
"""Actions each save has after its checkpoint (a game played on since the checkpoint)."""
TARGET = 2.0

Row = tuple[str, float, str, str, bool, str]
"""(name, value, unit, target, met, detail): one figure, as run.py's `Figure` takes it."""


def furnish(home: Path) -> None:
    """2,000 saves, each with its checkpoint."""
    many_games(home, GAMES, ACTIONS)
    SaveStore(home, workers=False).listing(with_facts=False)  # replays each, keeps checkpoints
    missing = [p for p in (home / "games").glob("*.toml") if not checkpoint_path(home, p.stem)]
    if missing:
        raise SystemExit(f"{len(missing)} saves have no checkpoint: the bench measures nothing")


def extend(home: Path) -> None:
    """Append `AFTER` records to each save after its checkpoint, copied from one save played on
    (the checkpoint then covers only the file's first part)."""
    from bench_games import cavendish_action

    from saves.games.journal import Draft

    store = SaveStore(home, workers=False)
    first = sorted((home / "games").glob("*.toml"))[0]
    before = first.read_bytes()
    saved = store.load(first.stem)
    for number in range(ACTIONS, ACTIONS + AFTER):
        action = cavendish_action(number)
        store.transact(saved, lambda _theirs, a=action: [Draft("do", a)])
    tail = first.read_bytes()[len(before) :]
    for path in (home / "games").glob("*.toml"):
        if path != first:
            with open(path, "ab") as handle:
                handle.write(tail)


def listed(home: Path, cold: bool, checkpoints: Path | None = None) -> tuple[float, float]:
    """Wall and CPU time (s) of one `companion list --json` in a fresh process (cold: cache
    removed, and the `checkpoints` kept put back, as a cold listing writes them again for the
    whole file)."""
    if cold:
        listing_cache_path(home).unlink(missing_ok=True)
    if cold and checkpoints is not None:
        shutil.rmtree(checkpoints_dir(home))
        shutil.copytree(checkpoints, checkpoints_dir(home))
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_HOME": str(home)}
    started = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "companion", "list", "--json"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _pid, status, usage = os.wait4(child.pid, 0)
    if status != 0:
        raise SystemExit(f"companion list failed (status {status})")
    return time.perf_counter() - started, usage.ru_utime + usage.ru_stime


def cold_list_rows(reps: int) -> list[Row]:
    """The figure for saves whose checkpoints cover every line (as a listing that replayed them
    leaves them), then for the same saves played on past their checkpoints."""
    for package in ("companion", "saves", "widgets"):
        compileall.compile_dir(ROOT / package, quiet=1)
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        home = Path(folder) / "home"
        home.mkdir()
        furnish(home)
        rows = [_row(home, reps, "its checkpoint covering every line")]
        extend(home)
        kept = Path(folder) / "checkpoints-kept"
        shutil.copytree(checkpoints_dir(home), kept)
        rows.append(_row(home, reps, f"its checkpoint then {AFTER} more actions", kept))
    return rows


def _row(home: Path, reps: int, saves: str, checkpoints: Path | None = None) -> Row:
    listed(home, cold=True, checkpoints=checkpoints)  # warm the disk cache and the bytecode
    listed(home, cold=False)
    times: dict[str, list[tuple[float, float]]] = {"cold": [], "warm": []}
    for _ in range(reps):
        for name in ("cold", "warm"):
            times[name].append(listed(home, cold=name == "cold", checkpoints=checkpoints))
    pairs = list(zip(times["cold"], times["warm"], strict=True))
    ratio = statistics.median(c[0] / w[0] for c, w in pairs)
    cpu = statistics.median(c[1] / w[1] for c, w in pairs)
    cold, warm = (statistics.median(t[0] for t in times[name]) for name in ("cold", "warm"))
    return (
        f"companion list --json of {GAMES:,} saves, cold vs warm ({saves})",
        ratio,
        "x",
        f"<= {TARGET}x",
        ratio <= TARGET,
        f"cold {cold * 1000:.0f} ms, warm {warm * 1000:.0f} ms, median of {reps} pairs' ratios "
        f"({ACTIONS} actions a save); CPU {cpu:.2f}x",
    )

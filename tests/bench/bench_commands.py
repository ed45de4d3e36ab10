"""The cost of starting a command (issue 30): `companion --version` against a bare interpreter
(`python -c pass`), each a whole process, run in turn. Run by `run.py`."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VERSION_TARGET = 3.0
"""`companion --version` within 3x of `python -c pass`: it imports no parser, saves or screen."""

Row = tuple[str, float, str, str, bool, str]
"""(name, value, unit, target, met, detail): one figure, as run.py's `Figure` takes it."""


def process_seconds(args: list[str], home: Path) -> float:
    """CPU time (s, user and system) of one whole process: what it costs, which a machine busy
    with other work sways less than the wall time."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_HOME": str(home)}
    process = subprocess.Popen(
        args, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
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
    return [("python -m companion --version", ratio, "x", target, ratio <= VERSION_TARGET, detail)]

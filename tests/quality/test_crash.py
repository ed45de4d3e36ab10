"""Kill a process that autosaves in a loop at random moments: every save must still load whole."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from saves.games.store import SaveStore
from tests.quality.autosave_worker import action_number
from tests.support.toy import TALLY

ROOT = Path(__file__).resolve().parents[2]


def kill_at_random(
    home: Path,
    rng: random.Random,
    module: str = "tests.quality.autosave_worker",
    most: float = 0.05,
) -> int:
    """Start the worker, let it save for a random moment (up to `most` seconds), SIGKILL it; the
    last count it reported."""
    worker = subprocess.Popen(
        [sys.executable, "-m", module, str(home)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert worker.stdout is not None
    first = worker.stdout.readline()  # wait until it is saving
    assert first.strip().isdigit(), worker.stderr.read() if worker.stderr else first
    time.sleep(rng.uniform(0, most))
    worker.send_signal(signal.SIGKILL)
    rest = worker.stdout.read()  # through the reader's buffer: `readline` may have taken more
    worker.communicate()  # (its own reads skip that buffer: counts in it were lost)
    reported = [int(line) for line in [first, *rest.splitlines()] if line.strip().isdigit()]
    return reported[-1]


def check_saves(home: Path, reported: int) -> int:
    store = SaveStore(home, games={TALLY.id: TALLY})
    entries, unreadable = store.listing()
    assert unreadable == []
    assert len(entries) == 1
    actions = store.load(entries[0].id).session.actions
    assert reported <= len(actions) <= reported + 1  # at most the action in flight is missing
    assert actions == [action_number(n) for n in range(1, len(actions) + 1)]
    leftovers = [p.name for p in store.folder.iterdir() if p.suffix != ".toml"]
    assert all(name.startswith(".") and name.endswith(".tmp") for name in leftovers)
    return len(actions)


def run_kills(home: Path, kills: int, seed: int) -> None:
    rng = random.Random(seed)
    saved = 0
    for _ in range(kills):
        reported = kill_at_random(home, rng)
        assert reported > saved  # it resumed from the file and went on
        saved = check_saves(home, reported)


def test_sigkill_during_autosave_loses_at_most_the_action_in_flight(tmp_path: Path) -> None:
    run_kills(tmp_path / "home", kills=20, seed=2026)


@pytest.mark.slow
def test_sigkill_two_hundred_times(tmp_path: Path) -> None:
    run_kills(tmp_path / "home", kills=200, seed=7)

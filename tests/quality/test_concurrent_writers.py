"""Several processes autosave one game in a loop: no action any of them saved is ever lost.

Each process either saves (its action is then in the file for good, whatever the others do
afterwards) or is told the file changed, and reloads. Before the one-writer rule, two processes
saving 100 actions each left a file with 100 of the 200, and both said they had saved.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from saves.games.store import SaveStore
from tests.support.toy import TALLY, Add, TallySetup

ROOT = Path(__file__).resolve().parents[2]


def race(home: Path, seats: int, count: int) -> tuple[list[Add], dict[int, list[int]], int]:
    """Run `seats` rival processes on one new game; the file's actions at the end, the actions
    each process reported saved, and how many conflicts they reported."""
    store = SaveStore(home, games={TALLY.id: TALLY})
    players = tuple(f"P{seat}" for seat in range(seats))
    save_id = store.create(TALLY, TallySetup(players=players, limit=10**9)).id
    worker = [sys.executable, "-m", "tests.quality.rival_worker", str(home), save_id]
    workers = [
        subprocess.Popen(
            [*worker, str(seat), str(count)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        for seat in range(seats)
    ]
    saved: dict[int, list[int]] = {}
    conflicts = 0
    for seat, process in enumerate(workers):
        out, err = process.communicate(timeout=600)
        assert process.returncode == 0, err
        lines = [line.split() for line in out.splitlines()]
        assert len(lines) == count  # every action ended in a word: saved or conflict
        saved[seat] = [int(n) for word, n in lines if word == "saved"]
        conflicts += sum(word == "conflict" for word, _n in lines)
    entries, unreadable = store.listing()
    assert unreadable == [] and len(entries) == 1
    return store.load(save_id).session.actions, saved, conflicts


def check_nothing_lost(home: Path, seats: int, count: int) -> None:
    actions, saved, _conflicts = race(home, seats, count)
    for seat, numbers in saved.items():
        assert numbers, f"process {seat} never saved"
        in_file = [action.amount for action in actions if action.player == seat]
        missing = sorted(set(numbers) - set(in_file))
        assert missing == [], f"process {seat} said it saved {missing}, but they are gone"
        assert in_file == sorted(in_file)  # each process's actions in the order it made them


def test_two_processes_autosaving_one_game_lose_nothing_silently(tmp_path: Path) -> None:
    check_nothing_lost(tmp_path / "home", seats=2, count=60)


@pytest.mark.slow
def test_three_processes_autosaving_one_game_for_long(tmp_path: Path) -> None:
    check_nothing_lost(tmp_path / "home", seats=3, count=600)

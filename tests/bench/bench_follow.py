"""Several devices on one game (issue 21): following another device, and one transaction, on a
long game against a short one.

Following: a second `SavedGame` on the same file catches up on one record the first appended
(what every other window does at each change); it reads and applies only the appended line,
so a game of 5,000 actions must follow as fast as one of 50 (target within 1.3x). A
transaction: lock, catch up (nothing new), check and append one record, fsync; its cost must
not grow with the game either (within 1.3x). The two sizes alternate in one loop, so a burst
of disk activity from elsewhere falls on both. Run by `run.py`.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from bench_games import cavendish_action, long_game

from saves.games.journal import Draft
from saves.games.store import SavedGame, SaveStore

SIZES = (50, 5000)
Row = tuple[str, float, str, str, bool, str]
"""(name, value, unit, target, met, detail): one figure, as run.py's `Figure` takes it."""


def transaction(store: SaveStore, saved: SavedGame) -> float:
    """Seconds of one transaction appending the game's next action."""
    action = cavendish_action(len(saved.session.steps))
    started = time.perf_counter()
    store.transact(saved, lambda _theirs: [Draft("do", action)], by="tbench")
    return time.perf_counter() - started


def follow_rows(reps: int) -> list[Row]:
    follows: dict[int, list[float]] = {size: [] for size in SIZES}
    transactions: dict[int, list[float]] = {size: [] for size in SIZES}
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        home = Path(folder)
        store = SaveStore(home, workers=False)
        writers = {size: long_game(store, size) for size in SIZES}
        other = SaveStore(home, workers=False)
        followers = {size: other.load(writers[size].id) for size in SIZES}
        for size in SIZES:  # a warm-up of each: the first catch-up decodes its action
            transaction(store, writers[size])
            other.catch_up(followers[size])
        for _ in range(reps):
            for size in SIZES:
                transactions[size].append(transaction(store, writers[size]))
                started = time.perf_counter()
                caught = other.catch_up(followers[size])
                follows[size].append(time.perf_counter() - started)
                assert len(caught) == 1
    follow = {size: statistics.median(follows[size]) for size in SIZES}
    transact = {size: statistics.median(transactions[size]) for size in SIZES}
    follow_ratio = follow[5000] / follow[50]
    transact_ratio = transact[5000] / transact[50]
    return [
        (
            "follow one record at 5,000 vs at 50 actions",
            follow_ratio,
            "x",
            "<= 1.3x",
            follow_ratio <= 1.3,
            f"{follow[5000] * 1e6:.0f} us vs {follow[50] * 1e6:.0f} us (a second window's "
            "catch-up on one appended record)",
        ),
        (
            "transaction at 5,000 vs at 50 actions",
            transact_ratio,
            "x",
            "<= 1.3x",
            transact_ratio <= 1.3,
            f"{transact[5000] * 1000:.2f} ms vs {transact[50] * 1000:.2f} ms (lock, catch up, "
            "append one record, fsync)",
        ),
    ]

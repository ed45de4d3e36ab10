"""The first save after loading a long game against the next save of the same game (issue 20).

A game just loaded takes its own file's rows as the rendering of its actions, so its first
autosave renders nothing but what is new, like every save after it. Both are timed on the same
game in the same run, at 1,000, 10,000 and 100,000 actions (the largest near 6 MiB, under the
8 MiB a save may have); the figure is their ratio, the target within 2x.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from bench_games import cavendish_action, long_game

from saves.store import SaveStore

SIZES = {1_000: 5, 10_000: 3, 100_000: 1}
"""Actions -> how many loads are timed (a load of 100,000 actions replays for some 30 s)."""
LATER_SAVES = 5


def first_save_rows(reps: int) -> list[tuple[str, float, str, str, bool, str]]:
    """One figure per size: the first save after a load over the median of the saves after it."""
    rows = []
    for actions, loads in SIZES.items():
        firsts, laters = [], []
        with tempfile.TemporaryDirectory() as folder:
            home = Path(folder)
            save_id = long_game(SaveStore(home), actions).id
            for _ in range(min(loads, reps)):
                store = SaveStore(home)
                saved = store.load(save_id)
                for number in range(LATER_SAVES + 1):
                    started = time.perf_counter()
                    store.save(saved)
                    (laters if number else firsts).append(time.perf_counter() - started)
                    saved.session.do(cavendish_action(len(saved.session.steps)))
            size = (home / "games" / f"{save_id}.toml").stat().st_size
        first, later = statistics.median(firsts) * 1000, statistics.median(laters) * 1000
        ratio = first / later
        rows.append(
            (
                f"first save after load / next save, {actions:,} actions",
                ratio,
                "x",
                "<= 2x",
                ratio <= 2,
                f"first {first:.1f} ms, next {later:.1f} ms (median), file {size / 2**20:.1f} MiB",
            )
        )
    return rows

"""A key on each play screen, to the screen redrawn, against a minimal Textual app (issue 15).

Every sample is one Pilot press followed by a pause until the app is idle: the app's own work
for a key, without a terminal (bench_terminal.py measures the same keys in a real one). The keys
are undo and redo in turn (each applies or takes back one logged action, autosave included); the
minimal app's key updates a `Static` and shows a notification, as undo and redo do.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench_games import long_game, sample_game
from figures import Figure
from terminal_apps import Minimal
from textual.app import App

from saves.games.store import SaveStore

SIZES = (50, 1000, 5000)
GAMES = ("cavendish", "six-sojourns", "sojourn", "time-bastards")
SHORT_ONLY = {"time-bastards": 50}
"""Time Bastards' clock ends a game after 24 rounds (about 100 actions): only 50 is measured."""
KEYS = ("ctrl+z", "ctrl+y")
WARM_UP = 2


@dataclass
class Timing:
    """Seconds from each press to the app idle again."""

    samples: list[float]

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def worst(self) -> float:
        return max(self.samples)


async def _presses(app: App[None], save_id: str | None, count: int) -> list[float]:
    samples: list[float] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if save_id is not None:
            app.open_saved(save_id)  # type: ignore[attr-defined]
            await pilot.pause()
        for number in range(WARM_UP + count):
            started = time.perf_counter()
            await pilot.press(KEYS[number % len(KEYS)])
            await pilot.pause()
            if number >= WARM_UP:
                samples.append(time.perf_counter() - started)
    return samples


def _run(app: App[None], save_id: str | None, count: int) -> list[float]:
    return asyncio.run(_presses(app, save_id, count))


def measure(home: Path, presses: int, rounds: int = 2) -> dict[str, Timing]:
    """Timings keyed `minimal` and `<game>@<actions>`; each is `presses` presses in all.

    The apps take turns in `rounds` rounds, so a busy moment on the machine falls on several.
    """
    from widgets.app import make_app

    store = SaveStore(home)
    saves: dict[str, str | None] = {"minimal": None}
    for game in GAMES:
        for size in SIZES:
            if size > SHORT_ONLY.get(game, size):
                continue
            if game == "cavendish":
                saved = long_game(store, size)
            else:
                saved = sample_game(store, game, size)
            saves[f"{game}@{size}"] = saved.id
    timings = {name: Timing([]) for name in saves}
    per_round = max(1, presses // rounds)
    for _ in range(rounds):
        for name, save_id in saves.items():
            app = Minimal() if save_id is None else make_app(home=home, rng=random.Random(1))
            timings[name].samples.extend(_run(app, save_id, per_round))
    return timings


def bench_keys(reps: int) -> list[Figure]:
    """Undo and redo on each game's play screen, to the screen redrawn, against a minimal app."""
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        timings = measure(Path(folder), reps)
    base = timings["minimal"]

    def ms(timing: Timing) -> str:
        return f"{timing.median * 1000:.0f} ms (worst {timing.worst * 1000:.0f})"

    figures = []
    for game in GAMES:
        if game in SHORT_ONLY:
            size = SHORT_ONLY[game]
            at = timings[f"{game}@{size}"]
            ratio = at.median / base.median
            figures.append(
                Figure(
                    f"{game}: key at {size} actions vs minimal app",
                    ratio,
                    "x",
                    "<= 1.5x",
                    ratio <= 1.5,
                    f"{ms(at)} vs {ms(base)}; the clock ends a game after about 100 actions",
                )
            )
            continue
        small, middle, large = (timings[f"{game}@{size}"] for size in (50, 1000, 5000))
        versus_base, growth = middle.median / base.median, large.median / small.median
        figures += [
            Figure(
                f"{game}: key at 1,000 actions vs minimal app",
                versus_base,
                "x",
                "<= 1.5x",
                versus_base <= 1.5,
                f"{ms(middle)} vs {ms(base)}",
            ),
            Figure(
                f"{game}: key at 5,000 vs at 50 actions",
                growth,
                "x",
                "<= 1.3x",
                growth <= 1.3,
                f"{ms(large)} vs {ms(small)}",
            ),
        ]
    return figures

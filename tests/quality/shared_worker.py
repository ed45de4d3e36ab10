"""One of several processes changing the shared files at once (the rolls and the settings).

Run by tests/quality/test_shared_files.py:
`python -m tests.quality.shared_worker HOME rolls|settings NAME COUNT`.
- `rolls`: adds COUNT rolls labelled `NAME n`, one write each, as the dice tray does.
- `settings`: sets COUNT preferences of its own (`NAME-n`), and at each step adds `NAME n` to
  a table shared by every worker (`player_colours`) and to a list (`known_players`).
Each change waits for the others as the command line does (2 s), and what still waits is tried
again as the app does (every 50 ms here); a roll or a setting not written within `PATIENCE`
seconds is printed as `lost`.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from companion import dice
from saves.shared.rolls import RollLog
from saves.shared.roster import set_colour
from saves.shared.settings import SettingsStore

PATIENCE = 60.0


def written(retry: Callable[[], object], waiting: Callable[[], bool]) -> bool:
    """Try again what waits, as the app's timer does, until it is written or `PATIENCE` ends."""
    give_up = time.monotonic() + PATIENCE
    while waiting() and time.monotonic() < give_up:
        time.sleep(0.05)
        retry()
    return not waiting()


def rolls(home: Path, name: str, count: int) -> None:
    log = RollLog(home, lambda: datetime.now(UTC))
    for number in range(1, count + 1):
        log.add(dice.physical("d6", [number % 6 + 1]), f"{name} {number}")
        if not written(log.retry, lambda: bool(log.pending)):
            print("lost", number, log.failure, log.problem, flush=True)


def settings(home: Path, name: str, count: int) -> None:
    store = SettingsStore(home)
    for number in range(1, count + 1):
        store.set_preference(f"{name}-{number}", number)
        set_colour(store, f"{name} {number}", "red")
        known = store.preference("known_players", [])
        store.set_preference("known_players", [f"{name} {number}", *known])
        if store.problem or not written(store.retry, lambda: bool(store.file.pending)):
            print("lost", number, store.file.failure, store.problem, flush=True)


if __name__ == "__main__":
    work = {"rolls": rolls, "settings": settings}[sys.argv[2]]
    work(Path(sys.argv[1]), sys.argv[3], int(sys.argv[4]))

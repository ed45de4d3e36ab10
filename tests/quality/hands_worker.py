"""One of several devices playing one game at once (issue 21), as a process of its own.

Run by tests/quality/test_many_hands.py:
`python -m tests.quality.hands_worker HOME SAVE_ID PLAYER COUNT PAUSE`.
Waits for the file `HOME/go`, then makes COUNT transactions on the game, PAUSE seconds apart
(so a window's fall between them), each giving PLAYER one coin (Six Sojourns `AdjustCoins`,
which applies at any count), as device `wPLAYER` (lowercase) with the seat `PLAYER n`: the tag
that must be in the file exactly once. A transaction refused because another device held the
lock is tried again, as the app does; one not made within `PATIENCE` seconds is printed as
`lost`.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from companion.six_sojourns.actions import AdjustCoins
from saves.games.journal import Draft
from saves.games.store import SaveStore
from saves.shared.lock import Busy

PATIENCE = 60.0


def device(player: str) -> str:
    """The device id a worker writes beside its records."""
    return f"w{player.lower()}"


def play(home: Path, save_id: str, player: str, count: int, pause: float) -> None:
    store = SaveStore(home, workers=False)
    saved = store.load(save_id)
    give_up = time.monotonic() + PATIENCE
    while not (home / "go").exists() and time.monotonic() < give_up:
        time.sleep(0.01)
    for number in range(1, count + 1):
        time.sleep(pause)
        while True:
            try:
                store.transact(
                    saved,
                    lambda _theirs: [Draft("do", AdjustCoins(player, 1))],
                    by=device(player),
                    seat=f"{player} {number}",
                )
                break
            except Busy:
                if time.monotonic() > give_up:
                    print("lost", number, flush=True)
                    break


if __name__ == "__main__":
    play(Path(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4]), float(sys.argv[5]))

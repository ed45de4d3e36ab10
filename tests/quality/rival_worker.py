"""One of several processes playing the same game at once, each saving after every action.

Run by the concurrent-writers test: `python -m tests.quality.rival_worker HOME ID SEAT COUNT`.
It resumes the game, then adds `Add(SEAT, n)` for n = 1..COUNT and saves each time, printing
`saved n` or, when another process saved first, `conflict n`: then it reloads the game (as the
app's "reload" does) and goes on, its action n dropped with that word.
"""

from __future__ import annotations

import sys
from pathlib import Path

from saves.games.store import SaveStore
from saves.games.writers import SaveConflict
from tests.support.saving import record_played
from tests.support.toy import TALLY, Add


def main(home: Path, save_id: str, seat: int, count: int) -> None:
    store = SaveStore(home, games={TALLY.id: TALLY})
    saved = store.load(save_id)
    for number in range(1, count + 1):
        saved.session.do(Add(seat, number))
        try:
            record_played(store, saved)
        except SaveConflict:
            print("conflict", number, flush=True)
            saved = store.load(save_id)
        else:
            print("saved", number, flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))

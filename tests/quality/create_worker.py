"""A process that sets up new games in a loop, forever, until it is killed.

Run by tests/quality/test_issue20_faults.py: `python -m tests.quality.create_worker HOME`. Each
game is published whole (a temp file, then a hard link to its id), so a kill at any instant
leaves the finished games and at most a temp file, never an empty save.
"""

from __future__ import annotations

import sys
from pathlib import Path

from saves.games.store import SaveStore
from tests.support.toy import TALLY, TallySetup


def main(home: Path) -> None:
    store = SaveStore(home, games={TALLY.id: TALLY})
    count = 0
    while True:
        store.create(TALLY, TallySetup())
        count += 1
        print(count, flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]))

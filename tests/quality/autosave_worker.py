"""A process that autosaves a game after every action, forever, until it is killed.

Run by the crash test: `python -m tests.quality.autosave_worker HOME`. It resumes the game in HOME
if one exists, then keeps adding the next action of a fixed sequence and saving, printing the
number of actions on disk after each save completes.
"""

from __future__ import annotations

import sys
from pathlib import Path

from saves.games.store import SaveStore
from tests.support.saving import record_played
from tests.support.toy import TALLY, Add, TallySetup

SAVE_TITLE = "crash test"
LIMIT = 10**9


def action_number(n: int) -> Add:
    """The n-th action of the fixed sequence (1-based), so the test can check every saved action."""
    return Add(n % 2, n % 5 + 1)


def main(home: Path) -> None:
    store = SaveStore(home, games={TALLY.id: TALLY})
    entries, _unreadable = store.listing()
    saved = store.load(entries[0].id) if entries else store.create(TALLY, TallySetup(limit=LIMIT))
    count = len(saved.session.actions)
    while True:
        count += 1
        saved.session.do(action_number(count))
        record_played(store, saved)
        print(count, flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]))

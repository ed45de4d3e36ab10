"""A test process's garbage collected once for all before pytest's last collections.

When a test process ends, pytest runs five full collections (`gc_collect_harder`): the
finalizers of whatever is left run, and an exception raised in one fails the run. Each walks the
whole heap of a worker that held the suite's imports and collected tests, 0.2-0.6 s of CPU, and
all but the first or second find nothing. `collect_then_freeze` collects until a collection
finds nothing, which leaves nothing for pytest's five to find, and freezes what is left
(`gc.freeze`), so that they walk only what was made afterwards. The finalizers run, and their
exceptions reach pytest's hook, as before.
"""

from __future__ import annotations

import gc

MOST_COLLECTIONS = 5
"""At most as many collections as pytest's own."""


def collect_then_freeze(most: int = MOST_COLLECTIONS) -> int:
    """Collect until nothing is found (at most `most` times), then freeze the survivors; returns
    how many collections ran."""
    ran = 0
    while ran < most:
        ran += 1
        if not gc.collect():
            break
    gc.freeze()
    return ran

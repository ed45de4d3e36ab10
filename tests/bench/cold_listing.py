"""One listing of a data folder without its cache, in a process of its own (run by the
benchmark): `python tests/bench/cold_listing.py HOME workers|one` prints the listing's wall time
in seconds. `workers` lists as `companion list` does (worker processes for many saves, their fork
server started afresh, as every command starts it); `one` replays every save in this process.
The listing cache is removed first, so every save is replayed."""

from __future__ import annotations

import sys
import time
from pathlib import Path


def main() -> None:
    home, how = Path(sys.argv[1]), sys.argv[2]
    from saves.games.store import SaveStore
    from saves.listing import pool as replay_pool
    from saves.paths import listing_cache_path

    listing_cache_path(home).unlink(missing_ok=True)
    if how == "one":
        replay_pool.MIN_SAVES = sys.maxsize
    started = time.perf_counter()
    SaveStore(home).listing()
    print(f"{time.perf_counter() - started:.4f}")


if __name__ == "__main__":
    main()

"""Replaying many saves at once in worker processes, for a listing without its cache (the first
start after an upgrade, a new data folder copied in): every save is still replayed through the
rules, to find damage, but on every core.

Workers are started by a fork server (or spawned where there is none), never forked from the
caller: the Textual app runs threads, and a fork of a threaded process can deadlock. The fork
server imports this module once, so each worker starts with the rules already imported.
"""

from __future__ import annotations

import os
from pathlib import Path

from companion import registry
from saves.files import SaveError, parse_toml

MIN_SAVES = 400
"""Fewer saves to replay than this are replayed in the caller: starting workers costs more."""
SAVES_PER_WORKER = 100
"""A worker more for each this many saves, up to the cores there are."""


def replay_one(job: tuple[str, bytes]) -> object:
    """One save's listing line, or (line, problem) when it cannot be used (a worker's task)."""
    from saves.store import entry_of, from_document

    where, content = job
    path = Path(where)
    try:
        return entry_of(from_document(path, parse_toml(path, content)))
    except SaveError as error:
        return (error.line, error.problem)


def workers_for(count: int) -> int:
    """How many workers `count` saves are worth (0: replay them in the caller)."""
    if count < MIN_SAVES or set(registry.GAMES) - set(registry.RULES):
        return 0  # a game added at run time (a test's) exists only in this process
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(0, min(cores or 1, count // SAVES_PER_WORKER))


def replay_in_workers(jobs: list[tuple[Path, bytes]]) -> list[object] | None:
    """Each job's `replay_one` result in order, from worker processes; None when the saves are
    too few for workers to pay, or when workers cannot be started (the caller replays them)."""
    workers = workers_for(len(jobs))
    if workers < 2:
        return None
    import multiprocessing  # only now: the app's start never pays for it
    from concurrent.futures import ProcessPoolExecutor

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    if context.get_start_method() == "forkserver":  # each worker starts with the rules imported
        context.set_forkserver_preload(
            [__name__, *(module for module, _ in registry.RULES.values())]
        )
    chunk = max(1, len(jobs) // (workers * 4))
    try:
        with ProcessPoolExecutor(workers, mp_context=context) as pool:
            return list(pool.map(replay_one, [(str(p), c) for p, c in jobs], chunksize=chunk))
    except (OSError, RuntimeError, ValueError):  # no processes to be had (a limit, a sandbox,
        return None  # a standard stream with no file behind it for the resource tracker)

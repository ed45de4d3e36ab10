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
PIECES_PER_WORKER = 16
"""The saves go to the workers in pieces, this many per worker: small enough that this process,
replaying pieces from the back meanwhile, shares the work evenly."""


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


def replay_many(jobs: list[tuple[str, bytes]]) -> list[object]:
    """`replay_one` of each job, in order (one task of a worker: a piece of the saves)."""
    return [replay_one(job) for job in jobs]


def replay_in_workers(jobs: list[tuple[Path, bytes]]) -> list[object] | None:
    """Each job's `replay_one` result in order, from worker processes; None when the saves are
    too few for workers to pay, or when workers cannot be started (the caller replays them).

    The saves go in pieces; while the workers start (a fork server imports the rules first)
    and then take pieces from the front, this process replays pieces from the back that no
    worker has taken yet: it would only wait otherwise."""
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
    tasks = [(str(path), content) for path, content in jobs]
    size = max(1, len(tasks) // (workers * PIECES_PER_WORKER))
    pieces = [tasks[start : start + size] for start in range(0, len(tasks), size)]
    done: list[list[object] | None] = [None] * len(pieces)
    try:
        with ProcessPoolExecutor(workers, mp_context=context) as pool:
            futures = [pool.submit(replay_many, piece) for piece in pieces]
            for number in reversed(range(len(pieces))):
                if not futures[number].cancel():
                    break  # the workers have come this far: the rest is theirs
                done[number] = replay_many(pieces[number])
            for number, future in enumerate(futures):
                if done[number] is None:
                    done[number] = future.result()
    except (OSError, RuntimeError, ValueError):  # no processes to be had (a limit, a sandbox,
        return None  # a standard stream with no file behind it for the resource tracker)
    return [result for piece in done if piece is not None for result in piece]

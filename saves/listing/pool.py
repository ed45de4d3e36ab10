"""Replaying many saves at once in worker processes, for a listing without its cache (the first
start after an upgrade, a new data folder copied in): every save is still replayed through the
rules, to find damage, but on every core.

Workers are started by a fork server (or spawned where there is none), never forked from the
caller: the Textual app runs threads, and a fork of a threaded process can deadlock. The fork
server imports this module once, so each worker starts with the rules already imported.

Starting them takes as long as the fork server takes to import the rules (about a third of a
second), so the listing starts them as soon as it sees how many saves it does not know, before it
reads them, and replays saves itself until the workers are there. Then it only waits for them:
three processes sharing two cores measured slower than two.
"""

from __future__ import annotations

import contextlib
import os
import threading
from pathlib import Path

from companion import registry
from companion.guard import GameFault
from saves.files import SaveError, said
from saves.listing.entries import listed_entry

MIN_SAVES = 400
"""Fewer saves to replay than this are replayed in the caller: starting workers costs more."""
SAVES_PER_WORKER = 100
"""A worker more for each this many saves, up to the cores there are."""
PIECES_PER_WORKER = 16
"""The saves go to the workers in pieces, this many per worker: small enough that the workers
finish together."""


def preload() -> list[str]:
    """What the fork server imports once, so that no worker imports it again. `__main__` first:
    a worker otherwise runs the caller's main script again itself (multiprocessing's preparation
    of a child), and a script that imports the app would cost each worker its import."""
    return ["__main__", "saves.listing.pool", *registry.rules_modules()]


Job = tuple[str, bytes]
"""A save to replay: where it is, and its bytes as read."""


def replay_one(job: Job) -> object:
    """One save's listing line, or (line, problem) when it cannot be used (a worker's task)."""
    where, content = job
    path = Path(where)
    try:
        return listed_entry(path, content)
    except SaveError as error:
        return (error.line, error.problem)
    except GameFault as fault:  # the game's `summary` or `facts` failed: listed as unreadable
        return (None, said(fault))


def replay_many(jobs: list[Job]) -> list[object]:
    """`replay_one` of each job, in order (one task of a worker: a piece of the saves)."""
    return [replay_one(job) for job in jobs]


def workers_for(count: int) -> int:
    """How many workers `count` saves are worth (0: replay them in the caller)."""
    if count < MIN_SAVES or registry.ADDED:
        return 0  # a game added at run time (a test's) exists only in this process
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(0, min(cores or 1, count // SAVES_PER_WORKER))


def _answer() -> bool:
    """A worker's first task: that it is there."""
    return True


def start_workers(count: int) -> Workers | None:
    """Worker processes for replaying about `count` saves, starting from now on; None when the
    saves are too few for workers to pay (the caller replays them)."""
    workers = workers_for(count)
    if workers < 2:
        return None
    try:
        return Workers(workers)
    except Exception:  # no pipes, semaphores or threads to be had (a limit, a sandbox): the
        return None  # caller replays every save itself


class Workers:
    """Worker processes, started by a thread (starting them blocks), that replay saves."""

    def __init__(self, count: int) -> None:
        import multiprocessing  # only now: the app's start never pays for it
        from concurrent.futures import ProcessPoolExecutor

        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        if context.get_start_method() == "forkserver":  # each worker starts with the rules
            context.set_forkserver_preload(preload())
        self.count = count
        self.ready = threading.Event()
        """Set once the first worker has answered, or the workers could not be started."""
        self._usable = False
        self.replayed_here = 0
        """How many saves the last `replay` replayed in this process rather than in a worker."""
        self._executor = ProcessPoolExecutor(count, mp_context=context)
        self._thread = threading.Thread(target=self._start, daemon=True)
        try:
            self._thread.start()
        except BaseException:
            self._executor.shutdown(wait=False)
            raise

    def _start(self) -> None:
        try:
            self._usable = self._executor.submit(_answer).result()  # the fork server, a worker
        except Exception:  # no processes to be had (a limit, a sandbox, a standard stream with
            self._usable = False  # no file behind it): this process replays every save
        finally:
            self.ready.set()

    def replay(self, jobs: list[tuple[Path, bytes]]) -> list[object]:
        """`replay_one` of each job, in order: saves from the back replayed here until the
        workers are ready, the rest by them. A worker that cannot be started, or dies, leaves
        its piece to this process: the result is always whole."""
        tasks = [(str(path), content) for path, content in jobs]
        left = len(tasks)  # tasks[left:] are replayed here
        here: list[object] = []
        while left and not self.ready.is_set():
            left -= 1
            here.append(replay_one(tasks[left]))
        here.reverse()
        size = max(1, left // (self.count * PIECES_PER_WORKER))
        pieces = [tasks[start : min(start + size, left)] for start in range(0, left, size)]
        self.replayed_here = len(here)
        futures = []
        with contextlib.suppress(Exception):  # see `_start`
            for piece in pieces if self._usable else []:
                futures.append(self._executor.submit(replay_many, piece))
        done: list[object] = []
        for number, piece in enumerate(pieces):
            # A piece no worker could replay (none started, one died) is replayed here, where a
            # fault of the rules themselves is raised as it would be without workers.
            from_worker = None
            with contextlib.suppress(Exception):
                from_worker = futures[number].result() if number < len(futures) else None
            if from_worker is None:
                from_worker = replay_many(piece)
                self.replayed_here += len(piece)
            done.extend(from_worker)
        return done + here

    def close(self) -> None:
        """Let the workers go."""
        self._thread.join()
        self._executor.shutdown(wait=True, cancel_futures=True)

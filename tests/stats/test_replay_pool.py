"""A listing without its cache replays many saves in worker processes (started by a fork server,
never forked): the same lines, and the same refusals, as one process gives; a pool that cannot
start leaves every save to this process, and the listing is whole all the same."""

from __future__ import annotations

import concurrent.futures
import json
import multiprocessing
from pathlib import Path
from typing import Any

import pytest

from saves.games.store import SaveStore
from saves.listing import pool as replay_pool
from saves.paths import listing_cache_path


def jobs_of(home: Path) -> list[tuple[Path, bytes]]:
    return [(path, path.read_bytes()) for path in sorted((home / "games").glob("*.toml"))]


def test_workers_give_what_one_process_gives(games: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (games / "games" / "broken.toml").write_text('format = 1\nid = "broken"\n', "utf-8")
    serial = SaveStore(games).listing()
    listing_cache_path(games).unlink()
    monkeypatch.setattr(replay_pool, "workers_for", lambda count: 2)
    used: list[str] = []
    real = multiprocessing.get_context

    def context(method: str | None = None) -> multiprocessing.context.BaseContext:
        used.append(str(method))
        return real(method)

    monkeypatch.setattr(multiprocessing, "get_context", context)
    parallel = SaveStore(games).listing()
    assert used and used[0] in ("forkserver", "spawn")  # never fork
    assert parallel == serial
    assert [bad.path.name for bad in parallel[1]] == ["broken.toml"]


def test_once_the_workers_are_ready_they_replay_every_save(games: Path) -> None:
    (games / "games" / "broken.toml").write_text('format = 1\nid = "broken"\n', "utf-8")
    jobs = jobs_of(games) * 5
    workers = replay_pool.Workers(2)
    try:
        assert workers.ready.wait(60)
        lines = workers.replay(jobs)
    finally:
        workers.close()
    assert workers.replayed_here == 0
    assert lines == [replay_pool.replay_one((str(path), content)) for path, content in jobs]
    assert sum(isinstance(line, tuple) for line in lines) == 5  # the broken file, each time


class NoProcesses:
    """An executor on a machine that gives no processes (a limit, a sandbox)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    def submit(self, *args: Any) -> concurrent.futures.Future[Any]:
        raise OSError("Resource temporarily unavailable")

    def shutdown(self, *args: Any, **kwargs: Any) -> None:
        pass


def test_workers_that_cannot_start_leave_every_save_here(
    games: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", NoProcesses)
    jobs = jobs_of(games)
    workers = replay_pool.Workers(2)
    try:
        lines = workers.replay(jobs)
    finally:
        workers.close()
    assert workers.replayed_here == len(jobs)
    assert lines == [replay_pool.replay_one((str(path), content)) for path, content in jobs]


def test_the_saves_replayed_here_while_the_workers_start_keep_their_own_lines(
    games: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three saves replayed here before the workers are ready, the rest in pieces that do not
    divide evenly: each line is still its own save's (the last piece once reached into the
    saves replayed here, and every line after it was another save's)."""
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", NoProcesses)
    jobs = jobs_of(games) * 10
    workers = replay_pool.Workers(2)
    assert workers.ready.wait(60)
    workers.ready.clear()  # as if still starting
    replay_one, here = replay_pool.replay_one, []

    def one(job: replay_pool.Job) -> object:
        here.append(job)
        if len(here) == 3:
            workers.ready.set()
        return replay_one(job)

    monkeypatch.setattr(replay_pool, "replay_one", one)
    try:
        lines = workers.replay(jobs)
    finally:
        workers.close()
    monkeypatch.undo()
    assert len(lines) == len(jobs)
    assert lines == [replay_one((str(path), content)) for path, content in jobs]
    assert len(here) == len(jobs) == workers.replayed_here


def test_the_workers_are_asked_for_by_the_saves_the_cache_cannot_give(
    games: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Asked before the files are read with what the cache does not hold under today's rules
    (none, once listed; every save, once their game's rules changed), and again after the files
    are read if that count gave no workers but more saves must be replayed."""
    asked: list[int] = []

    def start(count: int) -> None:
        asked.append(count)

    store = SaveStore(games)
    saves = len(list((games / "games").glob("*.toml")))
    cache = listing_cache_path(games)
    cache.unlink(missing_ok=True)
    store.listing()
    monkeypatch.setattr("saves.games.store.start_workers", start)
    store.listing()
    assert asked == [0]  # every line from the cache: none asked for again
    data = json.loads(cache.read_text("utf-8"))
    data["games"] = {game: "made by other rules" for game in data["games"]}
    cache.write_text(json.dumps(data), "utf-8")
    asked.clear()
    store.listing()
    assert asked == [saves, saves]  # before reading, and with the saves to replay


def test_a_pool_that_cannot_be_made_leaves_the_listing_whole(
    games: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    serial = SaveStore(games).listing()
    listing_cache_path(games).unlink()

    def no_semaphores(*args: Any, **kwargs: Any) -> None:
        raise OSError("Function not implemented")  # sem_open in some sandboxes

    monkeypatch.setattr(replay_pool, "workers_for", lambda count: 2)
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_semaphores)
    assert replay_pool.start_workers(10) is None
    assert SaveStore(games).listing() == serial


def test_a_few_saves_or_a_game_of_this_process_only_stay_here() -> None:
    assert replay_pool.workers_for(replay_pool.MIN_SAVES - 1) == 0
    assert replay_pool.start_workers(replay_pool.MIN_SAVES - 1) is None

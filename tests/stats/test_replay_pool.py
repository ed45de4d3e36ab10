"""A listing without its cache replays many saves in worker processes (started by a fork server,
never forked): the same lines, and the same refusals, as one process gives."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest

from saves import replay_pool
from saves.paths import listing_cache_path
from saves.store import SaveStore


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


def test_a_few_saves_or_a_game_of_this_process_only_stay_here() -> None:
    assert replay_pool.workers_for(replay_pool.MIN_SAVES - 1) == 0

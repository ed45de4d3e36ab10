"""An import keeps each play once, whatever runs at the same time (issue 41, item 2): the check
of what is already imported and the write happen under one lock, so two imports of one BG Stats
file at once (two threads, two processes) keep one copy of each play, and an import beside an
edit of an imported play loses neither."""

from __future__ import annotations

import multiprocessing
import threading
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from saves.games.store import utc_now
from saves.history import batches, recorded
from saves.history.bgstats import import_file
from saves.history.recorded import RecordedStore
from saves.shared import lock
from tests.support.bgstats_plays import play_file

WAIT_SECONDS = 30.0
"""The most a test waits for the other import (a limit that only catches a hang)."""
PLAYS = 40


def sources(home: Path) -> Counter[str]:
    """How many times each BG Stats play is kept."""
    entries, unreadable = RecordedStore(home, utc_now).listing()
    assert unreadable == []
    return Counter(entry.play.source for entry in entries)


def test_an_import_that_runs_while_another_checks_keeps_each_play_once(
    companion_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second import starts between the first one's check and its write: it either waits
    for the first one's lock, or (the fault) writes every play before the first one does."""
    file = play_file(tmp_path / "in.json", PLAYS)
    real_sources, real_importing = RecordedStore.sources, getattr(RecordedStore, "importing", None)
    second_waits_or_ended = threading.Event()
    results: list[int] = []

    def second_import() -> None:
        try:
            results.append(import_file(companion_home, file)[1])
        finally:
            second_waits_or_ended.set()

    second = threading.Thread(target=second_import)

    def checked_then_second_starts(store: RecordedStore) -> set[str]:
        found = real_sources(store)
        if threading.current_thread() is not second and not second.is_alive():
            second.start()
            assert second_waits_or_ended.wait(WAIT_SECONDS), "the second import hung"
        return found

    def importing(store: RecordedStore) -> Any:
        if threading.current_thread() is second:
            second_waits_or_ended.set()  # it asks for the lock the first import holds
        assert real_importing is not None
        return real_importing(store)

    monkeypatch.setattr(RecordedStore, "sources", checked_then_second_starts)
    monkeypatch.setattr(RecordedStore, "importing", importing, raising=False)
    first = import_file(companion_home, file)[1]
    second.join(WAIT_SECONDS)
    assert not second.is_alive()
    assert sorted([first, *results]) == [0, PLAYS]
    kept = sources(companion_home)
    assert len(kept) == PLAYS and set(kept.values()) == {1}


def _import_at_the_barrier(home: str, file: str, barrier: Any, written: Any) -> None:
    barrier.wait()
    written.put(import_file(Path(home), Path(file))[1])


def test_two_processes_importing_one_file_at_once_keep_each_play_once(
    companion_home: Path, tmp_path: Path
) -> None:
    file = play_file(tmp_path / "in.json", PLAYS)
    context = multiprocessing.get_context("fork")
    barrier, written = context.Barrier(2), context.Queue()
    processes = [
        context.Process(
            target=_import_at_the_barrier, args=(str(companion_home), str(file), barrier, written)
        )
        for _ in range(2)
    ]
    for process in processes:
        process.start()
    for process in processes:
        process.join(WAIT_SECONDS)
        assert process.exitcode == 0
    assert sorted(written.get(timeout=WAIT_SECONDS) for _ in processes) == [0, PLAYS]
    kept = sources(companion_home)
    assert len(kept) == PLAYS and set(kept.values()) == {1}


def test_an_edit_of_an_imported_play_during_an_import_loses_neither(
    companion_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An edit made between an import's check and its write: it takes only its own file's lock
    (it never waits for the import), and both the edit and the new plays are kept."""
    import_file(companion_home, play_file(tmp_path / "first.json", 3))
    store = RecordedStore(companion_home, utc_now)
    target = store.listing()[0][0]
    real_sources = RecordedStore.sources
    edited: list[str] = []

    def edit_during_the_import(self: RecordedStore) -> set[str]:
        found = real_sources(self)
        if not edited:
            details = replace(target.play.details, location="Train")
            edited.append(store.replace(target, replace(target.play, details=details)).id)
        return found

    monkeypatch.setattr(RecordedStore, "sources", edit_during_the_import)
    written = import_file(companion_home, play_file(tmp_path / "second.json", 5, first=3))[1]
    assert written == 5 and edited == [target.id]
    assert store.load(target.id).play.details.location == "Train"
    kept = sources(companion_home)
    assert len(kept) == 8 and set(kept.values()) == {1}


def test_an_import_during_an_edit_of_an_imported_play_loses_neither(
    companion_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An import run while an edit holds its file's lock: it does not wait for that lock, and
    the edit, checked against the file, is written after it."""
    import_file(companion_home, play_file(tmp_path / "first.json", 3))
    store = RecordedStore(companion_home, utc_now)
    target = store.listing()[0][0]
    imported: list[int] = []

    def import_while_locked(path: Path, change: Any, **options: Any) -> Any:
        def changed(content: bytes | None, mark: Any) -> str:
            if not imported:
                file = play_file(tmp_path / "second.json", 5, first=3)
                imported.append(import_file(companion_home, file)[1])
            return str(change(content, mark))

        return lock.update(path, changed, **options)

    monkeypatch.setattr(batches, "update", import_while_locked)
    details = replace(target.play.details, location="Train")
    store.replace(target, replace(target.play, details=details))
    assert imported == [5]
    assert store.load(target.id).play.details.location == "Train"
    kept = sources(companion_home)
    assert len(kept) == 8 and set(kept.values()) == {1}


def test_an_import_that_waits_too_long_for_another_says_so_in_one_line(
    companion_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    file = play_file(tmp_path / "in.json", 3)
    monkeypatch.setattr(recorded, "IMPORT_WAIT_SECONDS", 0.0)
    folder = companion_home / "recorded"
    held = lock.lock_path(folder / recorded.IMPORTS_LOCK, companion_home / "locks")
    with lock.holding(held):
        assert main(["import", str(file)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "another import is still running" in err
    assert sources(companion_home) == Counter()

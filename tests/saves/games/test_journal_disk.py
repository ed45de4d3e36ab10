"""A game's record on a disk that fails: a full disk (refused, half written, a failed sync) leaves
the file's bytes and the game as they were, and a transaction returns once its record is synced."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from tests.saves.games.test_journal import coins, file_bytes, new_game, seen


def test_a_full_disk_leaves_the_file_and_the_game_as_they_were(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, saved = new_game(companion_home)
    coins(store, saved, 1)
    before, window = file_bytes(store, saved), seen(saved)
    real_pwrite = os.pwrite

    def refused(descriptor: int, data: bytes, offset: int) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def half(descriptor: int, data: bytes, offset: int) -> int:
        return real_pwrite(descriptor, data[: len(data) // 2], offset)

    def half_then_refused(descriptor: int, data: bytes, offset: int) -> int:
        half(descriptor, data, offset)
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def no_sync(descriptor: int) -> None:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    for name, fault in (
        ("pwrite", refused),
        ("pwrite", half),
        ("pwrite", half_then_refused),
        ("fsync", no_sync),
    ):
        with monkeypatch.context() as patch:
            patch.setattr(os, name, fault)
            with pytest.raises(OSError) as caught:
                coins(store, saved, 2, 3)
        assert caught.value.errno in (errno.ENOSPC, errno.EIO)
        assert file_bytes(store, saved) == before, fault.__name__
        assert seen(saved) == window, fault.__name__
    coins(store, saved, 2)
    assert seen(store.load(saved.id)) == seen(saved)
    assert saved.record_count == 2


def test_a_transaction_returns_once_its_record_is_on_the_disk(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One fsync, of the game's file (its data and its new size); the folder's names are
    unchanged by an append, so it is not synced."""
    store, saved = new_game(companion_home)
    synced: list[str] = []
    real_fsync = os.fsync

    def spying(descriptor: int) -> None:
        synced.append(os.readlink(f"/proc/self/fd/{descriptor}"))
        real_fsync(descriptor)

    monkeypatch.setattr(os, "fsync", spying)
    coins(store, saved, 1)
    assert synced == [str(store.path_for(saved.id))]

"""Locks between processes on one data folder, held with `fcntl.flock` on small files in `locks/`.

The operating system drops a flock when its process ends, however it ends, so a crash never
leaves a game locked. Two kinds:

- `GameLock`: one window plays a game, any other only watches it (read-only). Taken without
  waiting; kept as long as the game is open.
- `writing`: held for the few milliseconds of a save's check-and-replace, so that two writers
  never both find the file unchanged and then both replace it.

Lock files are never deleted (deleting one while another process holds it would let a third take
a second lock on a new file of the same name); they are empty and one per game.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path


class GameLock:
    """An exclusive claim on one lock file, for as long as the holder keeps it.

    `GameLock.take(path)` returns the lock, or None when another open file holds it (another
    window, or another process). Release it with `release()` (or by leaving a `with` block); the
    OS releases it anyway if the process dies.
    """

    def __init__(self, path: Path, descriptor: int) -> None:
        self.path = path
        self._descriptor: int | None = descriptor

    @classmethod
    def take(cls, path: Path) -> GameLock | None:
        """The lock if nobody holds it now (never waits); OSError if the file cannot be made."""
        descriptor = _open(path)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(descriptor)
            return None
        except BaseException:
            os.close(descriptor)
            raise
        return cls(path, descriptor)

    @property
    def held(self) -> bool:
        return self._descriptor is not None

    def release(self) -> None:
        """Let another window take the game; releasing twice is harmless."""
        if self._descriptor is not None:
            descriptor, self._descriptor = self._descriptor, None
            os.close(descriptor)  # closing the only descriptor drops the flock

    def __enter__(self) -> GameLock:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.release()


@contextlib.contextmanager
def writing(path: Path) -> Iterator[None]:
    """Hold the lock file `path` exclusively (waiting for it) for the duration of the block."""
    descriptor = _open(path)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)


def _open(path: Path) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    return os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)

"""The one way to change a file that several processes share (the settings; the rolls are
appended under the same lock, saves/shared/roll_file.py).

Every browser tab of `companion serve` is its own app, the command line runs beside the app, and
two terminals may be open on one data folder: between this process's read and its write, another
may have written the file. So a change is never a rewrite of an old copy. `update(path, change)`:

1. takes an exclusive `flock` on the file's own lock file in `locks/` (`locks/<name>.lock`: never
   the data file, whose inode each `os.replace` changes), on a descriptor opened for this change
   alone (`O_CLOEXEC`: no child process inherits it; `O_NOFOLLOW`: a link put there is never
   followed out of the folder), without blocking, trying again until a deadline; then proves
   that the path still names the file it locked (a tidy user may delete `locks/`): if not, it
   locks the file the path names now;
2. reads what the file holds now;
3. applies this process's change to that content;
4. writes the result atomically (temp file, fsync, replace) and releases the lock.

Readers never lock: an atomic replace means a reader sees the old file or the new one, whole.
A lock not had by the deadline raises `Busy` ("another window is saving"): the caller keeps its
change in memory and tries again later, so a screen never freezes behind another process.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from companion.phrases import phrase
from saves.files import FileMark, read_file, write_text

DEADLINE_SECONDS = 2.0
"""How long a change waits for another process's change of the same file (a change holds the
lock for the milliseconds of one read and one write)."""
RETRY_SECONDS = 0.01


class Busy(OSError):
    """Another process held the file's lock until the deadline: nothing was written."""

    def __init__(self, path: Path) -> None:
        super().__init__(phrase("another window is saving {file}", file=path.name))
        self.path = path


class Waiting:
    """How long a change has waited for another process: a caller that tries with a short
    deadline (a screen must not freeze) and again in a moment says nothing of a wait shorter than
    `DEADLINE_SECONDS`, then one line."""

    def __init__(self) -> None:
        self._since: float | None = None

    def long_enough(self, tried: float) -> bool:
        """Note one more refused try, which waited `tried` seconds; whether the whole wait has
        now reached the deadline."""
        now = time.monotonic()
        if self._since is None:
            self._since = now - tried
        return tried >= DEADLINE_SECONDS or now - self._since >= DEADLINE_SECONDS

    def done(self) -> None:
        self._since = None


def lock_path(path: Path, locks: Path) -> Path:
    """The lock file that belongs to the shared file `path`."""
    return locks / f"{path.name}.lock"


@contextlib.contextmanager
def holding(lock_file: Path, deadline: float = DEADLINE_SECONDS) -> Iterator[None]:
    """Hold `lock_file` exclusively for the block, or raise `Busy` after `deadline` seconds.

    The lock held is the file the path names once it is locked: a lock file deleted or replaced
    between the open and the lock is let go and the new one locked (at most `RELOCKS` times).
    A link at the path is refused (OSError), never followed."""
    lock_file.parent.mkdir(parents=True, exist_ok=True)
    give_up = time.monotonic() + deadline
    for _attempt in range(RELOCKS):
        descriptor = _open_lock(lock_file)
        try:
            flock_until(descriptor, lock_file, give_up)
            if _names(lock_file, descriptor):
                yield
                return
        finally:
            os.close(descriptor)  # closing the only descriptor drops the flock
    raise Busy(lock_file)


RELOCKS = 20
"""How many times a lock is taken again when its file keeps being deleted or replaced."""


def _open_lock(lock_file: Path) -> int:
    try:
        return os.open(lock_file, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o600)
    except OSError as error:
        if error.errno == errno.ELOOP:  # O_NOFOLLOW refused a link
            raise OSError(
                errno.ELOOP, phrase("{file} is a link: not followed", file=str(lock_file))
            ) from None
        raise


def flock_until(descriptor: int, path: Path, give_up: float) -> None:
    """An exclusive `flock` on `descriptor`, tried until `give_up` (a `time.monotonic()`
    reading; one already past: tried once), then `Busy` naming `path`."""
    while True:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= give_up:
                raise Busy(path) from None
            time.sleep(RETRY_SECONDS)


def _names(lock_file: Path, descriptor: int) -> bool:
    """Whether `lock_file` names the file open on `descriptor` now (same device, same inode)."""
    held = os.fstat(descriptor)
    try:
        named = os.stat(lock_file, follow_symlinks=False)
    except FileNotFoundError:
        return False
    return (held.st_dev, held.st_ino) == (named.st_dev, named.st_ino)


def update(
    path: Path,
    change: Callable[[bytes | None, FileMark | None], str],
    *,
    locks: Path,
    limit: int,
    links_within: Path | None = None,
    deadline: float = DEADLINE_SECONDS,
) -> FileMark:
    """Apply `change` to what `path` holds now and its mark (both None: no file yet) and write
    its result, all under the file's lock. `change` may raise (a damaged file: `SaveError`) to
    write nothing; the mark lets it skip parsing bytes it wrote itself.

    Raises `Busy` when the lock is not had in time, `SaveError` for a file that cannot be read
    (a folder, a FIFO, too large), OSError when the write fails; the file is then unchanged."""
    with holding(lock_path(path, locks), deadline):
        current: bytes | None = None
        mark: FileMark | None = None
        if path.exists() or path.is_symlink():
            current, mark = read_file(path, limit)
        return write_text(path, change(current, mark), links_within=links_within)

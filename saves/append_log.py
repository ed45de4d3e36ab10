"""The one append log: a file that is only ever added to, one line a change, by several processes
(the games' journal, saves/games/journal.py, and the roll history, saves/shared/roll_file.py).

A process reads such a file whole once, then only the bytes after where it left off (`End`):
a change costs its own line whatever the file's length. Every read after the first and every
write proves first that the file is still the one it read up to there: the path names the same
inode, the file is at least that long, and the `CHECKED_BYTES` before the end and the file's head
are the bytes read (`NotAsRead` says which of these failed; the caller reads the file whole
again, or refuses to write over it). A write, made under the file's lock (saves/shared/lock.py)
right after catching up, appends its lines with one `pwrite` at the proven end and an fsync,
holding the file's own `flock` (waited for until a deadline); it cuts only a torn last line (no
newline: a process that died writing it), never a complete one (`Later`: lines were appended
since the end it caught up to). A failed write cuts off whatever part of it reached the file.

The lines are written by `one_line`, the one writer of a TOML key and its inline table on a
single line, which both files use.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import date
from datetime import time as time_of_day
from pathlib import Path
from typing import Any

from companion.phrases import phrase
from saves.shared.lock import flock_until

CHECKED_BYTES = 64
"""How many bytes before the end read must be as they were read: a file edited or rewritten in
place shows there (a replace shows as a new inode, a cut as a smaller size)."""


@dataclass(frozen=True)
class End:
    """How far this process has read an append log, and what it found there."""

    offset: int
    """Bytes read: the end of the last complete line."""
    inode: int
    tail: bytes
    """The `CHECKED_BYTES` bytes before `offset`."""
    head: bytes = b""
    """The file's first bytes, before its appended lines: checked too (a head edited in place)."""

    def after(self, lines: bytes) -> End:
        """The end once `lines` (complete lines) are read or written after this one."""
        tail = (self.tail + lines)[-CHECKED_BYTES:]
        return End(self.offset + len(lines), self.inode, tail, self.head)


def end_of(content: bytes, inode: int, head_length: int = 0) -> End:
    """The end after reading `content` whole: at its last complete line."""
    offset = content.rfind(b"\n") + 1
    tail = content[max(0, offset - CHECKED_BYTES) : offset]
    return End(offset, inode, tail, content[: min(head_length, offset)])


class NotAsRead(Exception):
    """The file is no longer what was read up to `End` plus appended lines (`why`, in words)."""

    def __init__(self, path: Path, why: str) -> None:
        super().__init__(phrase("{file} {why}", file=str(path), why=why))
        self.path = path
        self.why = why


class Later(NotAsRead):
    """Complete lines were appended after the end caught up to: nothing was written."""


class PastLimit(Exception):
    """The file has grown past the largest this app reads."""


REMOVED = phrase("was removed or moved since this window read it")
REPLACED = phrase("was replaced by another program since this window read it")
CUT = phrase("was cut short since this window read it")
EDITED = phrase("was edited since this window read it")
ADDED = phrase("was added to by another window after this one caught up")


def took_part(what: str) -> str:
    """A write the disk took only part of: a record, a roll or a line."""
    if what == "record":
        return phrase("the disk took only part of the record")
    if what == "roll":
        return phrase("the disk took only part of the roll")
    return phrase("the disk took only part of the line")


def complete_lines(added: bytes) -> bytes:
    """The complete lines of bytes read after an end (a line still being written waits)."""
    return added[: added.rfind(b"\n") + 1]


def read_after(path: Path, end: End, limit: int) -> bytes:
    """The bytes after `end`, once the file is proven to be what was read plus them.

    `NotAsRead` when it is not, `PastLimit` past `limit` bytes, OSError when it cannot be read."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise NotAsRead(path, REMOVED) from None
    try:
        size = _same_file(path, descriptor, end)
        if size > limit:
            raise PastLimit(path)
        start = end.offset - len(end.tail)
        content = os.pread(descriptor, size - start, start)  # the checked bytes and what follows
        head = os.pread(descriptor, len(end.head), 0) if end.head else b""
    finally:
        os.close(descriptor)
    if content[: len(end.tail)] != end.tail or head != end.head:
        raise NotAsRead(path, EDITED)
    return content[len(end.tail) :]


def append(path: Path, end: End, data: bytes, deadline: float, what: str = "line") -> End:
    """Write `data` (complete lines) at `end`, once it is proven to be the file's end (a torn
    last line after it is cut off), with one `pwrite` and an fsync, holding the file's own
    lock for the write (`Busy` when it is not had within `deadline` seconds; 0: tried once).
    Call under the file's lock, right after catching up. `NotAsRead` when the file is not what
    was read, `Later` when whole lines follow `end`; OSError when the write fails (whatever
    part of `data` reached the file is cut off again; `what` names a line in its words).
    Returns the end after `data`."""
    try:
        descriptor = os.open(path, os.O_RDWR | os.O_CLOEXEC)
    except FileNotFoundError:
        raise NotAsRead(path, REMOVED) from None
    try:
        if not _held_here(descriptor):
            lock_for_write(path, descriptor, deadline)
        size = _proven(path, descriptor, end)
        if size > end.offset:
            after = os.pread(descriptor, size - end.offset, end.offset)
            if b"\n" in after:
                raise Later(path, ADDED)
            os.ftruncate(descriptor, end.offset)  # a crash's torn line: never read
        try:
            if os.pwrite(descriptor, data, end.offset) != len(data):
                raise OSError(errno.ENOSPC, took_part(what))
            os.fsync(descriptor)
        except BaseException:
            with contextlib.suppress(OSError):  # the write's own error is the one to say
                os.ftruncate(descriptor, end.offset)
            raise
    finally:
        os.close(descriptor)
    # No fsync of the folder: an append changes no name in it (the file's own fsync keeps its
    # new size), and a folder's failed fsync after the line is kept would say "not saved".
    return end.after(data)


def _proven(path: Path, descriptor: int, end: End) -> int:
    """The open file's size, once it is the file read up to `end`, the path names it still,
    and its bytes before `end` and its head are as they were read."""
    size = _same_file(path, descriptor, end)
    start = end.offset - len(end.tail)
    if os.pread(descriptor, len(end.tail), start) != end.tail:
        raise NotAsRead(path, EDITED)
    if end.head and os.pread(descriptor, len(end.head), 0) != end.head:
        raise NotAsRead(path, EDITED)
    return size


def _same_file(path: Path, descriptor: int, end: End) -> int:
    """The open file's size, once it is the file read up to `end` (its inode, still named by
    the path) and at least as long."""
    status = os.fstat(descriptor)
    if status.st_ino != end.inode:
        raise NotAsRead(path, REPLACED)
    try:
        named = os.stat(path)
    except FileNotFoundError:
        raise NotAsRead(path, REMOVED) from None
    if (named.st_dev, named.st_ino) != (status.st_dev, status.st_ino):
        raise NotAsRead(path, REPLACED)  # replaced since it was opened
    if status.st_size < end.offset:
        raise NotAsRead(path, CUT)
    return status.st_size


def lock_for_write(path: Path, descriptor: int, deadline: float) -> None:
    """The file's own `flock` on `descriptor`, dropped when it is closed; `Busy` when it is not
    had within `deadline` seconds (0: tried once, as a screen does)."""
    flock_until(descriptor, path, time.monotonic() + deadline)


def until_writable(path: Path, deadline: float) -> None:
    """Wait until no other process holds the file's own lock (`Busy` after `deadline`
    seconds); a file that cannot be opened is left to the next change."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return
    try:
        lock_for_write(path, descriptor, deadline)
    finally:
        os.close(descriptor)  # and with it the lock, at once


_HELD = threading.local()
"""The files whose own lock this thread holds for a whole change (`holding_file`)."""


@contextlib.contextmanager
def holding_file(path: Path, deadline: float) -> Iterator[None]:
    """Hold the file's own lock for a whole change (catch-up, decide, append), not only for its
    write: a writer whose lock file in `locks/` was deleted or replaced under another (a tidy
    user clearing the folder) still waits for this one. `Busy` after `deadline` seconds. A file
    that cannot be opened is held by no one: the change finds why when it reads it."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        yield
        return
    held: set[tuple[int, int]] = _held_set()
    try:
        lock_for_write(path, descriptor, deadline)
        status = os.fstat(descriptor)
        key = (status.st_dev, status.st_ino)
        held.add(key)
        try:
            yield
        finally:
            held.discard(key)
    finally:
        os.close(descriptor)


def _held_set() -> set[tuple[int, int]]:
    held = getattr(_HELD, "files", None)
    if held is None:
        held = _HELD.files = set()
    return held


def _held_here(descriptor: int) -> bool:
    """Whether this thread holds the lock of the file open on `descriptor` (`holding_file`)."""
    status = os.fstat(descriptor)
    return (status.st_dev, status.st_ino) in _held_set()


def one_line(key: str, table: Mapping[str, Any]) -> str:
    """`key = { ... }` and its newline: a table as one TOML line (tables inline, arrays and
    strings never split), as tomli-w writes each of its values."""
    return f"{_key(key)} = {literal(table)}\n"


def literal(value: Any) -> str:
    """One value as TOML on one line: tables inline, arrays and strings never split."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float | date):  # a datetime too: each as TOML reads it back
        return str(value)
    if isinstance(value, time_of_day):
        if value.tzinfo is not None:
            raise ValueError("TOML has no time of day with an offset")
        return str(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{_key(k)} = {literal(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(literal(item) for item in value) + "]"
    raise TypeError(f"a {type(value).__name__} is not written in a line")


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPED = re.compile(r'[\x00-\x08\x0a-\x1f\x7f"\\]')
"""What a basic string escapes: quote, backslash and control characters but tab."""
_ESCAPES = {"\b": "\\b", "\n": "\\n", "\f": "\\f", "\r": "\\r", '"': '\\"', "\\": "\\\\"}


def _key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _string(key)


def _string(text: str) -> str:
    return '"' + _ESCAPED.sub(_escape, text) + '"'


def _escape(found: re.Match[str]) -> str:
    char = found.group()
    return _ESCAPES.get(char) or f"\\u{ord(char):04x}"

"""Crash-safe TOML files: write to a temp file, fsync, replace; read with the line of any error.

Every reader goes through `read_file`: only a regular file (a FIFO, a device or a link to one is
never opened), only up to a size limit, and TOML only once it is known to parse in bounded time.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import tempfile
import time
import tomllib
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.phrases import phrase
from saves.codec import CodecError, bounded

MAX_FILE_BYTES = 8 * 1024 * 1024
"""The largest save read: a game of 5,000 actions is about 300 KB. A larger file is reported
from its size alone, never parsed."""

MAX_KEY_PARTS = 64
"""A dotted key (`a.b.c`) with more parts than this is refused before parsing: Python's TOML
reader takes time growing with the square of the parts (30,000 parts: 15 s)."""

STALE_TEMP_SECONDS = 3600
"""A temp file this old is what a crash left mid-write (the file beside it is intact)."""

_TEMP_FILE = re.compile(r"^\..+\.[A-Za-z0-9_]+\.tmp$")
"""The name `write_text` and `write_temp` give a temp file: `.<name>.<random>.tmp`."""

_LONG_KEY = re.compile(
    r"""(?<![A-Za-z0-9_."'\-])(?:(?:[A-Za-z0-9_-]++|"[^"\n]*+"|'[^'\n]*+')[ \t]*+\.[ \t]*+)"""
    + f"{{{MAX_KEY_PARTS}}}"
)
"""The start of a dotted key of more than `MAX_KEY_PARTS` parts (linear: each run is tried from
its first part only)."""


class SaveError(Exception):
    """A file that cannot be used: which file, where in it (when known), and what is wrong."""

    def __init__(self, path: Path, problem: str, line: int | None = None) -> None:
        if line:
            said = phrase(
                "{file}, line {line}: {problem}", file=str(path), line=line, problem=problem
            )
        else:
            said = phrase("{file}: {problem}", file=str(path), problem=problem)
        super().__init__(said)
        self.path = path
        self.line = line
        self.problem = problem


class LinkRefused(SaveError, OSError):
    """A write to a symbolic link whose target is outside the data folder: the link is left as it
    is. An OSError too, so that every caller that reports a failed write reports this one."""


@dataclass(frozen=True)
class FileMark:
    """Which bytes a file held when last read or written: if any of these differ now, someone
    else has written it since (a replace makes a new inode; a write in place moves the time)."""

    size: int
    mtime_ns: int
    inode: int

    @classmethod
    def of(cls, status: os.stat_result) -> FileMark:
        return cls(status.st_size, status.st_mtime_ns, status.st_ino)


def mark_of(path: Path) -> FileMark | None:
    """The mark of the file now at `path` (through links), or None if there is none."""
    try:
        return FileMark.of(os.stat(path))
    except OSError:
        return None


def write_text(
    path: Path, text: str, durable: bool = True, links_within: Path | None = None
) -> FileMark:
    """Write `text` atomically: temp file, flush, fsync, replace, then fsync the folder.

    The new file keeps the old one's permission bits (a new file is private to its owner). A
    symbolic link is written through only to a target inside `links_within`; any other link is
    refused with `SaveError` and left as it is. `durable=False` skips the two fsyncs, for files
    that can be rebuilt (a cache): a crash can then leave the old file, the new one or an empty
    one, never a mix of the two. Returns the mark of the file written.
    """
    target = write_target(path, links_within)
    try:
        mode: int | None = stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mode = None
    created = _make_folder(target.parent)
    try:
        descriptor, temp_name = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".tmp", dir=target.parent
        )
    except OSError:
        _remove_empty(created)
        raise
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="\n") as handle:
            if mode is not None:
                os.fchmod(handle.fileno(), mode)
            handle.write(text)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
            written = FileMark.of(os.fstat(handle.fileno()))
        os.replace(temp_name, target)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        _remove_empty(created)
        raise
    if durable:
        fsync_folder(target.parent)
    return written


def write_temp(beside: Path, text: str) -> Path:
    """`text` written and fsynced to a new temp file beside `beside` (private to its owner),
    named as `write_text` names its own, so a crash's leftover is cleaned up the same way."""
    beside.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temp_name = tempfile.mkstemp(
        prefix=f".{beside.name}.", suffix=".tmp", dir=beside.parent
    )
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
    return Path(temp_name)


def write_target(path: Path, links_within: Path | None) -> Path:
    """The file to replace: `path`, or the target of a link to a file inside `links_within`."""
    if not path.is_symlink():
        return path
    target = Path(os.path.realpath(path))
    inside = links_within is not None and target.is_relative_to(os.path.realpath(links_within))
    if inside and not target.is_symlink() and (target.is_file() or not target.exists()):
        return target
    problem = phrase(
        "is a link to {target}, not a file inside the data folder: not replaced", target=str(target)
    )
    raise LinkRefused(path, problem)


def _make_folder(folder: Path) -> Path | None:
    """Create `folder` (and its parents) if missing; returns the top folder created, if any."""
    missing = None
    for candidate in (folder, *folder.parents):
        if candidate.exists():
            break
        missing = candidate
    folder.mkdir(parents=True, exist_ok=True)
    return missing


def _remove_empty(created: Path | None) -> None:
    """Take back the folders a failed write created (a failed export leaves nothing behind)."""
    if created is None:
        return
    with contextlib.suppress(OSError):
        for folder in sorted(created.rglob("*"), reverse=True):
            folder.rmdir()
        created.rmdir()


def remove_stale_temp_files(folder: Path) -> None:
    """Delete what killed writes left in `folder`: only regular files named as a temp file
    (`.<name>.<random>.tmp`) older than `STALE_TEMP_SECONDS`, each by its name in the folder
    (a link is removed as a link, never followed)."""
    limit = time.time() - STALE_TEMP_SECONDS
    try:
        descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return
    try:
        with os.scandir(descriptor) as entries:
            candidates = [entry.name for entry in entries if _TEMP_FILE.match(entry.name)]
        for name in candidates:
            with contextlib.suppress(OSError):
                status = os.stat(name, dir_fd=descriptor, follow_symlinks=False)
                if stat.S_ISREG(status.st_mode) and status.st_mtime < limit:
                    os.unlink(name, dir_fd=descriptor)
    except OSError:
        return
    finally:
        os.close(descriptor)


def read_toml(path: Path, limit: int = MAX_FILE_BYTES) -> dict[str, Any]:
    """Parse a TOML file, or raise `SaveError` with the line and the problem; never changes it."""
    return parse_toml(path, read_bytes(path, limit))


def read_bytes(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """A file's bytes, or `SaveError` for a folder, a missing, huge or unreadable file."""
    return read_file(path, limit)[0]


def read_file(
    path: Path | str, limit: int = MAX_FILE_BYTES, identified: bool = False
) -> tuple[bytes, FileMark]:
    """A regular file's bytes and its mark, or `SaveError` saying why not (the path may be text).

    Anything but a regular file (a folder, a FIFO, a device, a link to one) is refused from its
    `os.stat` alone, and so is a file over `limit` bytes (`identified`: the caller has just done
    that check with `identify`, and it is not done twice). The file is opened without blocking (a
    FIFO put in its place meanwhile cannot hang the reader) and checked again once open."""
    content, status = b"", None
    try:
        refusal = None if identified else _refusal(os.stat(path), limit)
        if refusal is None:
            descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
            try:
                status = os.fstat(descriptor)
                refusal = _refusal(status, limit)
                if refusal is None:
                    content = _read_up_to(descriptor, min(status.st_size, limit) + 1, limit + 1)
            finally:
                os.close(descriptor)
    except FileNotFoundError:
        refusal = phrase("no such file")
    except OSError as error:
        refusal = cannot_be_read(error)
        if error.errno == errno.ELOOP:
            refusal = phrase("a link that leads back to itself")
    if refusal is None and len(content) > limit:
        refusal = phrase("larger than {size}", size=_size(limit))
    if refusal is not None or status is None:
        raise SaveError(Path(path), refusal or phrase("cannot be read"))
    return content, FileMark.of(status)


def _read_up_to(descriptor: int, expected: int, most: int) -> bytes:
    """At most `most` bytes of an open file, asking first for the `expected` bytes its size
    promised: a read of `most` (8 MiB) at once would allocate and clear that much for every
    small save (30 ms over 2,000 saves). A file that grew meanwhile is read on, 64 KiB at a time."""
    chunks = [os.read(descriptor, expected)]
    total = len(chunks[0])
    while chunks[-1] and total < most:
        chunks.append(os.read(descriptor, min(most - total, 64 * 1024)))
        total += len(chunks[-1])
    return b"".join(chunks)


def identify(path: Path | str, limit: int = MAX_FILE_BYTES) -> tuple[FileMark | None, str | None]:
    """A file's mark, and why it cannot be read if that shows without opening it."""
    try:
        status = os.stat(path)
    except FileNotFoundError:
        return None, phrase("no such file")
    except OSError as error:
        return None, cannot_be_read(error)
    return FileMark.of(status), _refusal(status, limit)


def cannot_be_read(error: OSError) -> str:
    """A file the system refused to read, with the system's own words (never translated)."""
    return phrase("cannot be read ({reason})", reason=os_reason(error))


def os_reason(error: OSError) -> str:
    """What the system said of a failed read or write: its words, or our phrase it carries."""
    reason = error.strerror
    return reason if isinstance(reason, str) and reason else said(error)


def _refusal(status: os.stat_result, limit: int) -> str | None:
    if stat.S_ISDIR(status.st_mode):
        return phrase("not a file (a folder)")
    if not stat.S_ISREG(status.st_mode):
        return phrase("not a file (a pipe, a device or a socket): not opened")
    if status.st_size > limit:
        return phrase("larger than {size}: not read", size=_size(limit))
    return None


def _size(limit: int) -> str:
    if limit >= 1024 * 1024:
        return phrase("{n} MiB", n=limit // (1024 * 1024))
    return phrase("{n} KiB", n=limit // 1024)


def parse_toml(path: Path, raw: bytes) -> dict[str, Any]:
    """Parse the bytes read from `path`, or raise `SaveError` with the line and the problem."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise SaveError(path, phrase("not UTF-8 text"), line) from None
    long_key = _LONG_KEY.search(text)
    if long_key:
        line = text.count("\n", 0, long_key.start()) + 1
        problem = phrase("a dotted key of more than {most} parts: not read", most=MAX_KEY_PARTS)
        raise SaveError(path, problem, line)
    try:
        return typing.cast(dict[str, Any], bounded(tomllib.loads(text)))
    except tomllib.TOMLDecodeError as error:
        return _raise_toml(path, error)
    except CodecError as error:  # a number or a date no file may hold
        raise SaveError(path, error.args[0]) from None
    except ValueError as error:  # Python's own limit on an integer's digits
        raise SaveError(path, not_toml(str(error))) from None
    except RecursionError:
        raise SaveError(path, phrase("nested too deeply to be a save file")) from None


def _raise_toml(path: Path, error: tomllib.TOMLDecodeError) -> dict[str, Any]:
    message = str(error)
    found = re.search(r"\(at line (\d+), column \d+\)", message)
    line = int(found.group(1)) if found else None
    problem = re.sub(r"\s*\(at line \d+, column \d+\)", "", message) or phrase("not TOML")
    raise SaveError(path, not_toml(problem), line) from None


def not_toml(problem: str) -> str:
    """A file TOML cannot read, with what the parser said (its words, never translated)."""
    return phrase("not valid TOML ({problem})", problem=problem)


def fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def said(error: BaseException) -> str:
    """What an exception says, as it was said: a phrase stays one (it is shown in the reader's
    language), any other message is its text."""
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, str) else str(error)


def on_line(line: int | None, problem: str) -> str:
    """A problem at a line of a file ("line 5: not valid TOML"), or the problem alone."""
    return phrase("line {line}: {problem}", line=str(line), problem=problem) if line else problem

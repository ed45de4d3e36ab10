"""The roll history's file (format 3): a head, then one roll a line, appended at its end.

    format = 3

    [rolls]
    r1 = { at = 2026-11-29T10:00:00+00:00, expression = "d6", faces = [4], ... }
    r2 = { ... }

The keys count up by one; the first is above r1 once the oldest rolls were trimmed. A process
reads the file whole once, then only the bytes after where it left off (checked to still end
as it read them): a roll costs its own line, whatever the history's length. Appends are made
under the file's lock (saves/shared/lock.py) by one `pwrite` at the proven end; only a torn last
line (no newline: a process that died while writing) is ever cut. Anything else that changed
the file (a trim or a migration by another process, an edit) makes the reader read it whole.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from companion.phrases import phrase
from saves import append_log
from saves.append_log import CHECKED_BYTES, End, NotAsRead, PastLimit, complete_lines
from saves.files import SaveError, cannot_be_read, parse_toml, read_file, write_text
from saves.shared.lock import DEADLINE_SECONDS
from saves.shared.roll_lines import (
    LoggedRoll,
    RollHistoryError,
    decode_roll,
    parse_old_history,
    roll_line,
)

FORMAT = 3
"""Format 1 kept 200 rolls newest first; format 2 an array of every roll, rewritten whole."""
HEAD = f"format = {FORMAT}\n\n[rolls]\n"
LAST_LINE_BYTES = 4096
"""How much of the file's end is read first to find its last roll (more if a line is longer)."""


class Changed(Exception):
    """The file is no longer what was read plus appended lines: read it whole again."""


class Damaged(SaveError):
    """What the file holds is not a history this app reads: said with the line, when known,
    and never written after (a roll appended there would be as unreadable)."""


@dataclass(frozen=True)
class Position:
    """How far this process has read the file, and the numbers of the rolls it holds."""

    end: End
    """The end of the last complete line read (saves/append_log.py)."""
    first: int
    """The number of the file's first roll (one past `last` when it holds none)."""
    last: int

    @property
    def count(self) -> int:
        return self.last - self.first + 1


@dataclass(frozen=True)
class Whole:
    """A history read whole: its rolls, and where appending goes on (None: an older format,
    which is rewritten in this one before anything is added)."""

    entries: list[LoggedRoll]
    position: Position | None


def _position(content: bytes, inode: int, first: int, last: int) -> Position:
    return Position(append_log.end_of(content, inode, len(HEAD)), first, last)


def read_whole(path: Path, limit: int) -> Whole:
    """Every roll in the file, oldest first; `Damaged` naming the first problem and its line,
    or `SaveError` when the file cannot be read at all (a folder, a FIFO, too large)."""
    content, mark = read_file(path, limit)
    try:
        return _whole(path, content, mark.inode)
    except Damaged:
        raise
    except SaveError as error:
        raise Damaged(path, error.problem, error.line) from None


def _whole(path: Path, content: bytes, inode: int) -> Whole:
    current = _is_current(content)
    complete = content[: content.rfind(b"\n") + 1]  # a torn last line is never read
    text = complete if current else content
    if current:
        stray = _table_after_rolls(complete)
        if stray is not None:
            problem = phrase("a table follows the rolls: a roll added after it would not be read")
            raise Damaged(path, problem, stray)
    try:
        data = parse_toml(path, text)
    except SaveError as error:
        raise Damaged(path, error.problem, error.line or _unreadable_line(path, text)) from None
    version = data.get("format")
    if type(version) is not int or version not in (1, 2, FORMAT):
        raise SaveError(
            path,
            phrase(
                "unknown format {format} (this app reads 1 to {reads})",
                format=repr(version),
                reads=FORMAT,
            ),
        )
    if version != FORMAT:
        return Whole(parse_old_history(path, data, version), None)
    unknown = sorted(set(data) - {"format", "rolls"})
    if unknown:
        raise SaveError(path, phrase("unknown key {key}", key=repr(unknown[0])))
    tables = data.get("rolls")
    if not isinstance(tables, dict) or not _appendable(complete):
        raise SaveError(
            path, phrase("the rolls must be a last table `[rolls]`, r1 = { ... } a line")
        )
    first = _first_number(path, tables)
    entries = _decoded(path, tables, first, complete)
    return Whole(entries, _position(complete, inode, first, first + len(entries) - 1))


def _unreadable_line(path: Path, text: bytes) -> int | None:
    """The first line that does not read alone (a number past Python's digits, which the
    whole file's parse names without its line); None when each line reads."""
    for number, line in enumerate(text.split(b"\n"), start=1):
        if line.strip() and not line.lstrip().startswith((b"[", b"#")):
            try:
                parse_toml(path, line)
            except SaveError:
                return number
    return None


_ROLLS_LINE = re.compile(rb"^[ \t]*\[[ \t]*rolls[ \t]*\][ \t]*(?:#[^\r\n]*)?\r?\n", re.M)
_TABLE_LINE = re.compile(rb"^[ \t]*\[", re.M)


def _appendable(content: bytes) -> bool:
    """Whether a line added at the end lands in the `[rolls]` table: its header is there and
    no other table follows it."""
    found = _ROLLS_LINE.search(content)
    return found is not None and _TABLE_LINE.search(content, found.end()) is None


def _table_after_rolls(content: bytes) -> int | None:
    """The line of a table that follows the `[rolls]` table, if one does."""
    found = _ROLLS_LINE.search(content)
    after = None if found is None else _TABLE_LINE.search(content, found.end())
    return None if after is None else content.count(b"\n", 0, after.start()) + 1


def _is_current(content: bytes) -> bool:
    """Whether the file starts as this format's head does (a torn line may then end it)."""
    return content.startswith(f"format = {FORMAT}".encode())


def _first_number(path: Path, tables: dict[str, object]) -> int:
    if not tables:
        return 1
    key = next(iter(tables))
    if not key.startswith("r") or not key[1:].isdigit() or len(key) > 12 or key[1:2] == "0":
        raise SaveError(path, phrase("roll '{key}': keys are r1, r2, ... in order", key=key))
    return int(key[1:])


def _decoded(
    path: Path, tables: dict[str, object], first: int, content: bytes = b""
) -> list[LoggedRoll]:
    """The rolls of `tables` (`r<first>`, `r<first + 1>`, ...); `Damaged` at the first one
    that is not (its line in `content`, the file read whole, when given)."""
    entries = []
    for number, (key, raw) in enumerate(tables.items(), start=first):
        if key != f"r{number}":
            problem = phrase(
                "roll '{key}' where r{number} was expected", key=key, number=str(number)
            )
            raise Damaged(path, problem, _line_of(content, key))
        try:
            entries.append(decode_roll(raw))
        except RollHistoryError as error:
            raise Damaged(
                path,
                phrase("roll {key}: {problem}", key=key, problem=error),
                _line_of(content, key),
            ) from None
    return entries


def _line_of(content: bytes, key: str) -> int | None:
    """The line of the roll `key` in a file's bytes (None: not found, or no bytes given)."""
    found = re.search(rb"^[ \t]*" + re.escape(key.encode()) + rb"[ \t]*=", content, re.M)
    return None if found is None else content.count(b"\n", 0, found.start()) + 1


def catch_up(path: Path, position: Position, limit: int) -> tuple[list[LoggedRoll], Position]:
    """The rolls appended since `position` and the position after them. `Changed` when the
    file is not what was read plus appended lines, or an appended line is not the next roll
    (read whole, the damage is said with its line); `SaveError` when it cannot be read."""
    try:
        added = append_log.read_after(path, position.end, limit)
    except NotAsRead:
        raise Changed(path) from None
    except PastLimit:
        raise SaveError(path, phrase("has grown past the largest history this app reads")) from None
    except OSError as error:
        raise SaveError(path, cannot_be_read(error)) from None
    complete = complete_lines(added)
    if not complete:
        return [], position
    try:
        entries = _decoded(path, parse_toml(path, complete), position.last + 1)
    except SaveError:  # read whole, the problem is said with its line in the file
        raise Changed(path) from None
    last = position.last + len(entries)
    return entries, Position(position.end.after(complete), position.first, last)


def reach_end(path: Path, limit: int) -> Position | None:
    """Where to append to a file of this format, from its first and last lines only (a process
    that only adds a roll, `companion roll`, never reads the history between them); None when
    the file must be read whole to be used (an older format, no roll yet, a head edited) or
    its end is not proven: the last line must be a roll that reads, numbered one past the roll
    on the line before it (or the first roll, right under the head). A damaged last line (not
    a roll, a roll that does not fit its dice, a number out of turn, a table before it) is
    then found, with its line, by the whole read: nothing is appended after it."""
    descriptor = _open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode) or status.st_size > limit:
            return None
        start = os.pread(descriptor, min(status.st_size, LAST_LINE_BYTES), 0)
        size, reach = status.st_size, LAST_LINE_BYTES
        while True:
            end = os.pread(descriptor, min(size, reach), max(0, size - reach))
            if end.count(b"\n") >= 3 or reach >= size:
                break
            reach *= 4
    finally:
        os.close(descriptor)
    head = HEAD.encode()
    if not start.startswith(head) or b"\n" not in start[len(head) :]:
        return None
    complete = end[: end.rfind(b"\n") + 1]
    offset = size - len(end) + len(complete)
    last_start = complete.rfind(b"\n", 0, len(complete) - 1) + 1
    last = _roll_number(path, complete[last_start:])
    if last is None or offset - len(complete) + last_start < len(head):
        return None
    if offset - len(complete) + last_start == len(head):  # the only roll: right under the head
        first = last
    else:
        before_start = complete.rfind(b"\n", 0, last_start - 1) + 1
        if before_start == 0 and size > len(end):  # the line before was not read whole
            return None
        if _roll_number(path, complete[before_start:last_start]) != last - 1:
            return None
        found = _FIRST_KEY.match(start, len(head))  # its number only: the roll is not added to
        if found is None:
            return None
        first = int(found.group(1))
    end_here = append_log.End(offset, status.st_ino, complete[-CHECKED_BYTES:], head)
    return Position(end_here, first, last)


_FIRST_KEY = re.compile(rb"r([1-9][0-9]{0,10})[ \t]*=")


def _roll_number(path: Path, line: bytes) -> int | None:
    """The number of the roll on `line` (`r7 = { ... }` and its newline), once it reads as
    a roll that fits its dice; None for anything else."""
    try:
        tables = parse_toml(path, line)
    except SaveError:
        return None
    if len(tables) != 1:
        return None
    key, raw = next(iter(tables.items()))
    if not key.startswith("r") or not key[1:].isdigit() or len(key) > 12 or key[1:2] == "0":
        return None
    try:
        decode_roll(raw)
    except RollHistoryError:
        return None
    return int(key[1:])


def append(
    path: Path,
    position: Position,
    entries: Sequence[LoggedRoll],
    deadline: float = DEADLINE_SECONDS,
) -> Position:
    """Add `entries` after `position` (saves/append_log.py: at the proven end, a torn last
    line cut off, one write and an fsync, the file's own lock had within `deadline` seconds or
    `Busy`); call under the file's lock, right after catching up. `Changed` when the file is
    not what was caught up to; OSError when the write fails (what reached the file is cut off
    again)."""
    data = "".join(
        roll_line(number, entry) for number, entry in enumerate(entries, start=position.last + 1)
    ).encode("utf-8")
    try:
        end = append_log.append(path, position.end, data, deadline, "roll")
    except NotAsRead:
        raise Changed(path) from None
    return Position(end, position.first, position.last + len(entries))


def rewrite(
    path: Path, first: int, entries: Sequence[LoggedRoll], links_within: Path | None
) -> Position:
    """Write the whole file in this format (a new history, a migration, a trim), atomically:
    the old file stays whole until the new one replaces it."""
    lines = [roll_line(number, entry) for number, entry in enumerate(entries, start=first)]
    content = (HEAD + "".join(lines)).encode("utf-8")
    mark = write_text(path, content.decode("utf-8"), links_within=links_within)
    return _position(content, mark.inode, first, first + len(entries) - 1)


def _open(path: Path, flags: int) -> int:
    try:
        return os.open(path, flags | os.O_CLOEXEC)
    except FileNotFoundError:
        raise Changed(path) from None

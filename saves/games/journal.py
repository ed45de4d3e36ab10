"""Several writers on one game: each brings itself up to date from the records appended since it
last read, and appends its own under the game's lock.

A writer never rewrites a game's file. `catch_up` reads only the bytes after what this process has
read (checked to still end as it saw them), parses the complete lines and applies their records;
a line still being written (no newline yet) waits for the next look. `append`, under the game's
lock (`locks/<id>.lock`, see saves/shared/lock.py), catches up, checks each new record against that
newest state (a `RuleError` writes nothing), cuts off a torn last line a crash left (no writer
can be in the middle of one while the lock is held), and appends the lines with one `write` and
an fsync. A crash at any instant loses at most the record being written.

Anything else that happened to the file (replaced, truncated, edited, damaged) is `Rewritten`:
the caller offers to reload it or keep its game as a copy, and never writes over it.
"""

from __future__ import annotations

import errno
import os
import tomllib
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from companion.core import Game, Replaced, RuleError
from companion.session import check_numbers
from saves.files import MAX_FILE_BYTES, SaveError
from saves.games.document import DETAILS_KEY, SavedGame, apply_record
from saves.games.records import Record, RecordReader, record_line
from saves.games.writers import SaveConflict

CHECKED_BYTES = 64
"""How many bytes before the read position must be as they were read: a file edited or
rewritten in place shows there (a replace shows as a new inode, a cut as a smaller size)."""


class Rewritten(SaveConflict):
    """The file changed in a way that is not an appended record: never written over."""


@dataclass(frozen=True)
class Position:
    """How far this process has read a game's file, and what it found there."""

    offset: int
    """Bytes read: the end of the last complete line."""
    inode: int
    tail: bytes
    """The `CHECKED_BYTES` bytes before `offset`."""
    head: bytes = b""
    """The file up to its `[records]` line: checked too (a title or setup edited in place)."""


RECORDS_LINE = b"\n[records]\n"


def position_of(content: bytes, inode: int) -> Position:
    """The position after reading `content` whole: at its last complete line."""
    offset = content.rfind(b"\n") + 1
    found = content.find(RECORDS_LINE)
    head = content[: found + len(RECORDS_LINE)] if found >= 0 else b""
    return Position(offset, inode, content[max(0, offset - CHECKED_BYTES) : offset], head)


@dataclass(frozen=True)
class Draft:
    """A record to append, before it has its number, time, device and seat."""

    kind: str
    action: Any = None
    target: int = 0
    was: str | None = None
    details: dict[str, Any] | None = None


def stale(game: Game[Any, Any], seen: Replaced | None, state: Any, action: Any) -> str | None:
    """Why an action that sets a value must not be written on `state`: another device changed
    the value since its device saw `seen` (both values said); None when it may."""
    if seen is None:
        return None
    now = game.replaced(state, action)
    if now is None or now.value == seen.value:
        return None
    return (
        f"{now.what} was changed on another device meanwhile: it is now {now.value}, you saw "
        f"{seen.value}. Nothing was changed: set it again if you still mean it."
    )


def catch_up(path: Path, saved: SavedGame) -> list[Record]:
    """Apply the records appended since `saved` was last brought up to date; returns them.

    `Rewritten` when the file is no longer what was read plus appended lines; `SaveError` when
    an appended line cannot be used (the game is then left as it was)."""
    position = _position(path, saved)
    complete = _complete_lines(_appended(path, position))
    if not complete:
        return []
    records = _parse(path, saved, complete)
    # One record is applied whole or not at all; of several, a refused one must leave the
    # others unapplied too: they are tried on a copy (which costs the game's length).
    trial = saved if len(records) == 1 else saved.trial()
    for record in records:
        try:
            apply_record(trial, record)
        except RuleError as error:
            problem = f"record {record.number} is refused by the rules: {error}"
            raise Rewritten(path, problem) from None
    if trial is not saved:
        saved.adopt(trial)
    offset = position.offset + len(complete)
    tail = (position.tail + complete)[-CHECKED_BYTES:]
    saved.position = Position(offset, position.inode, tail, position.head)
    return records


def _appended(path: Path, position: Position) -> bytes:
    """The bytes after `position`, once the file is known to be what was read plus them."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise Rewritten(path, "was removed or moved since this window read it") from None
    except OSError as error:
        raise SaveError(path, f"cannot be read ({error.strerror or error})") from None
    try:
        status = os.fstat(descriptor)
        if status.st_ino != position.inode:
            raise Rewritten(path, "was replaced by another program since this window read it")
        if status.st_size < position.offset:
            raise Rewritten(path, "was cut short since this window read it")
        if status.st_size > MAX_FILE_BYTES:
            raise SaveError(path, "has grown past the largest save this app reads")
        start = position.offset - len(position.tail)
        content = os.pread(descriptor, status.st_size - start, start)
        head = os.pread(descriptor, len(position.head), 0) if position.head else b""
    finally:
        os.close(descriptor)
    if content[: len(position.tail)] != position.tail or head != position.head:
        raise Rewritten(path, "was edited since this window read it")
    return content[len(position.tail) :]


def _complete_lines(added: bytes) -> bytes:
    return added[: added.rfind(b"\n") + 1]


def append(
    path: Path, saved: SavedGame, drafts: list[Draft], by: str, seat: str, now: datetime
) -> list[Record]:
    """Append `drafts` as records made now by device `by` (sitting as `seat`) and apply them.

    Call under the game's lock, right after `catch_up`. Each draft is checked against the state
    the ones before it reach: a `RuleError` appends nothing and leaves the game as it was, and
    so does an OSError (a full disk: whatever part of a line reached the file is cut off)."""
    records = _numbered(saved, drafts, by, seat, now)
    if len(records) == 1:  # the usual change: checked on the game itself, not on a copy of it
        check_alone(saved, records[0])
        _write(path, saved, records)
        apply_record(saved, records[0])  # checked: the rules take it as they just did
        return records
    trial = saved.trial()
    for record in records:
        apply_record(trial, record)  # a RuleError: nothing written, nothing changed
    _write(path, saved, records)
    saved.adopt(trial)
    return records


def check_alone(saved: SavedGame, record: Record) -> None:
    """`RuleError` unless `record` applies to the game as it is (nothing is changed): what
    `apply_record` checks, without copying a long game to try it on."""
    if record.kind == "do":
        check_numbers(record.action)
        saved.game.apply(saved.session.state, record.action)
    elif record.kind in ("undo", "redo"):
        stack = saved.origins if record.kind == "undo" else saved.undone
        if not stack or stack[-1].number != record.target:
            top = f"record {stack[-1].number}" if stack else "nothing"
            verb = "undoes" if record.kind == "undo" else "redoes"
            raise RuleError(
                f"record {record.number} {verb} record {record.target}, but {top} is last"
            )
    elif not isinstance(saved.extra.get(DETAILS_KEY, []), list):
        raise RuleError("play details are added to a 'play_details' key that is not a list")


def write_records(
    path: Path, saved: SavedGame, drafts: list[Draft], now: datetime | None
) -> list[Record]:
    """Append `drafts` as records without applying them: the caller's game already is where
    they lead (`SaveStore.save`). Under the game's lock, with nothing new in the file."""
    records = _numbered(saved, drafts, "", "", now)
    _write(path, saved, records)
    return records


def has_news(path: Path, saved: SavedGame) -> bool:
    """Whether lines were appended after what `saved` has read (`Rewritten` if the file changed
    in any other way)."""
    return bool(_complete_lines(_appended(path, _position(path, saved))))


def _numbered(
    saved: SavedGame, drafts: list[Draft], by: str, seat: str, now: datetime | None
) -> list[Record]:
    first = saved.record_count + 1
    return [
        Record(
            number,
            draft.kind,
            draft.action,
            draft.target,
            by=by,
            seat=seat,
            at=now,
            was=draft.was,
            details=draft.details or {},
        )
        for number, draft in enumerate(drafts, start=first)
    ]


def _write(path: Path, saved: SavedGame, records: list[Record]) -> None:
    position = _position(path, saved)
    data = "".join(record_line(record) for record in records).encode("utf-8")
    if position.offset + len(data) > MAX_FILE_BYTES:
        limit = MAX_FILE_BYTES // (1024 * 1024)
        raise OSError(errno.EFBIG, f"the game has grown past {limit} MiB, the most a save holds")
    _write_at_end(path, position, data)
    tail = (position.tail + data)[-CHECKED_BYTES:]
    saved.position = Position(position.offset + len(data), position.inode, tail, position.head)


def _write_at_end(path: Path, position: Position, data: bytes) -> None:
    """Write `data` right after the last complete line (a torn line after it is cut off)."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CLOEXEC)
    try:
        status = os.fstat(descriptor)
        if status.st_ino != position.inode:
            raise Rewritten(path, "was replaced by another program since this window read it")
        if status.st_size != position.offset:
            os.ftruncate(descriptor, position.offset)  # a crash's torn line: never read
        try:
            written = os.pwrite(descriptor, data, position.offset)
            if written != len(data):
                raise OSError(errno.ENOSPC, "the disk took only part of the record")
            os.fsync(descriptor)
        except BaseException:
            os.ftruncate(descriptor, position.offset)
            raise
    finally:
        os.close(descriptor)
    # No fsync of the folder: an append changes no name in it (the file's own fsync keeps its
    # new size), and a folder's failed fsync after the record is kept would say "not saved".


def _position(path: Path, saved: SavedGame) -> Position:
    position = saved.position
    if not isinstance(position, Position):
        why = saved.cannot_add or "it was not read in format 2 by this window"
        raise SaveError(path, f"cannot be added to: {why}")
    return position


def _parse(path: Path, saved: SavedGame, complete: bytes) -> list[Record]:
    try:
        tables = tomllib.loads(complete.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise Rewritten(path, f"an added line is not a record ({error})") from None
    reader = RecordReader(path, saved.game)
    try:
        return reader.records(tables, saved.record_count + 1)
    except SaveError as error:
        raise Rewritten(path, error.problem) from None

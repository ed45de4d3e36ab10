"""Several writers on one game: each brings itself up to date from the records appended since it
last read, and appends its own under the game's lock.

A writer never rewrites a game's file. `catch_up` reads only the bytes after what this process has
read (checked to still end as it saw them), parses the complete lines with the bounds of a whole
file and applies their records; a line still being written (no newline yet) waits for the next
look. `append`, under the game's lock (`locks/<id>.lock`, see saves/shared/lock.py), after the
caller caught up, checks each new record against that newest state with every check the rules
make (a `RuleError` writes nothing), then writes the lines with one `pwrite` and an fsync, holding
the game file's own `flock` for that write. The write proves what it appends to: the same inode,
the end it caught up to and the bytes before it as read. It cuts only a torn last line (no
newline: a crash's), never a complete one: a record appended since is `Behind`, and the caller
catches up and decides again. A crash at any instant loses at most the record being written.

Anything else that happened to the file (replaced, truncated, edited, damaged) is `Rewritten`:
the caller offers to reload it or keep its game as a copy, and never writes over it.
"""

from __future__ import annotations

import errno
import fcntl
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from companion.core import Game, Replaced, RuleError
from companion.session import check_numbers
from saves.files import MAX_FILE_BYTES, SaveError
from saves.games.document import DETAILS_KEY, SavedGame, apply_record
from saves.games.record_lines import parse_records
from saves.games.records import Record, RecordReader, record_line, records_start
from saves.games.writers import SaveConflict
from saves.shared.lock import DEADLINE_SECONDS, RETRY_SECONDS, Busy

CHECKED_BYTES = 64
"""How many bytes before the read position must be as they were read: a file edited or
rewritten in place shows there (a replace shows as a new inode, a cut as a smaller size)."""


class Rewritten(SaveConflict):
    """The file changed in a way that is not an appended record: never written over."""


class Behind(Rewritten):
    """Records were appended after the end this game caught up to (or this process could not
    apply its own): nothing was written. Catch up and decide again; a caller that cannot is
    told, as for any `Rewritten`, that the file changed outside this window."""


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


def position_of(content: bytes, inode: int) -> Position:
    """The position after reading `content` whole: at its last complete line."""
    offset = content.rfind(b"\n") + 1
    start = records_start(content)
    head = content[:start] if start is not None else b""
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

    `Rewritten` when the file is no longer what was read plus appended lines, or an appended
    line cannot be used, whatever is wrong with it (the game is then left as it was);
    `SaveError` when the file cannot be read now. Nothing else: a follower that catches these
    two sees every appended line it cannot use as a file changed outside the app."""
    position = _position(path, saved)
    try:
        complete = _complete_lines(_appended(path, position))
    except OSError as error:  # a read that fails once open (EIO)
        raise SaveError(path, f"cannot be read ({error.strerror or error})") from None
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
        except Exception as error:  # the rules failed on it: a line this app never wrote
            problem = f"record {record.number} cannot be played ({type(error).__name__})"
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
    path: Path,
    saved: SavedGame,
    drafts: list[Draft],
    by: str,
    seat: str,
    now: datetime,
    deadline: float = DEADLINE_SECONDS,
) -> list[Record]:
    """Append `drafts` as records made now by device `by` (sitting as `seat`) and apply them.

    Call under the game's lock, right after `catch_up`. Each draft is checked against the state
    the ones before it reach, by every check the rules make: a `RuleError` (or any failure of
    the rules) appends nothing and leaves the game as it was, and so does an OSError (a full
    disk: whatever part of a line reached the file is cut off). `Behind`: records were appended
    since the catch-up; nothing was written. Should applying fail once the record is written,
    the game is read again from its file before its next change (`SavedGame.unapplied`).
    `Busy` when the file's own lock is not had within `deadline` seconds: nothing written."""
    if saved.unapplied:
        raise Behind(path, "this window must read the file again before it adds to it")
    records = _numbered(saved, drafts, by, seat, now)
    if len(records) == 1:  # the usual change: checked on the game itself, not on a copy of it
        check_alone(saved, records[0])
        _write(path, saved, records, deadline)
        _apply_written(saved, records, lambda: apply_record(saved, records[0]))
        return records
    trial = saved.trial()
    for record in records:
        apply_record(trial, record)  # a RuleError: nothing written, nothing changed
    trial.game.describe(trial.session.state)  # as `check_alone` asks of one record
    _write(path, saved, records, deadline)
    _apply_written(saved, records, lambda: saved.adopt(trial))
    return records


def _apply_written(saved: SavedGame, records: list[Record], apply: Callable[[], None]) -> None:
    """Apply records already in the file; if that fails, the game is marked to be read again
    (its count in memory is behind the file's: the next number is taken from the file)."""
    try:
        apply()
    except BaseException:
        saved.unapplied = list(records)
        raise


def check_alone(saved: SavedGame, record: Record) -> None:
    """`RuleError` unless `record` applies to the game as it is (nothing is changed): every
    check `apply_record` makes (the rules' `apply` and `narrate` included, and the new state's
    `describe`: a game's faulty answer is a `GameFault`), without copying a long game to try
    it on."""
    if record.kind == "do":
        check_numbers(record.action)
        state = saved.session.state
        after = saved.game.apply(state, record.action)
        saved.game.narrate(state, record.action, after)
        saved.game.describe(after)  # through the guard: an answer no file can hold is refused
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


def has_news(path: Path, saved: SavedGame) -> bool:
    """Whether lines were appended after what `saved` has read (`Rewritten` if the file changed
    in any other way, `SaveError` if it cannot be read)."""
    if saved.unapplied:
        return True
    try:
        return bool(_complete_lines(_appended(path, _position(path, saved))))
    except OSError as error:
        raise SaveError(path, f"cannot be read ({error.strerror or error})") from None


def _numbered(
    saved: SavedGame, drafts: list[Draft], by: str, seat: str, now: datetime
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


def _write(path: Path, saved: SavedGame, records: list[Record], deadline: float) -> None:
    position = _position(path, saved)
    data = "".join(record_line(record) for record in records).encode("utf-8")
    if position.offset + len(data) > MAX_FILE_BYTES:
        limit = MAX_FILE_BYTES // (1024 * 1024)
        raise OSError(errno.EFBIG, f"the game has grown past {limit} MiB, the most a save holds")
    _write_at_end(path, position, data, deadline)
    tail = (position.tail + data)[-CHECKED_BYTES:]
    saved.position = Position(position.offset + len(data), position.inode, tail, position.head)


def _write_at_end(path: Path, position: Position, data: bytes, deadline: float) -> None:
    """Write `data` at `position`, once it is proven to be the file's end (a torn line after it
    is cut off), holding the file's own lock for the write: two writers that both hold the
    game's lock (its lock file was deleted meanwhile) still write one after the other, and the
    second finds the first's record and is `Behind`."""
    descriptor = os.open(path, os.O_RDWR | os.O_CLOEXEC)
    try:
        _lock_for_write(path, descriptor, deadline)
        _prove_end(path, descriptor, position)
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


def until_writable(path: Path, deadline: float) -> None:
    """Wait until no other process holds the file's own lock for a write (`Busy` after
    `deadline` seconds); a file that cannot be opened is left to the next transaction."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return
    try:
        _lock_for_write(path, descriptor, deadline)
    finally:
        os.close(descriptor)  # and with it the lock, at once


def _lock_for_write(path: Path, descriptor: int, deadline: float) -> None:
    """The game file's own `flock`, held for one write (milliseconds), dropped when closed;
    `Busy` when it is not had within `deadline` seconds (0: tried once, as a screen does)."""
    give_up = time.monotonic() + deadline
    while True:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= give_up:
                raise Busy(path) from None
            time.sleep(RETRY_SECONDS)


def _prove_end(path: Path, descriptor: int, position: Position) -> None:
    """`Rewritten` unless the open file is the one caught up to and ends at `position` but for
    a torn last line (no newline), which is cut off; `Behind` when whole lines follow it."""
    status = os.fstat(descriptor)
    if status.st_ino != position.inode:
        raise Rewritten(path, "was replaced by another program since this window read it")
    if status.st_size < position.offset:
        raise Rewritten(path, "was cut short since this window read it")
    start = position.offset - len(position.tail)
    if os.pread(descriptor, len(position.tail), start) != position.tail:
        raise Rewritten(path, "was edited since this window read it")
    if status.st_size == position.offset:
        return
    after = os.pread(descriptor, status.st_size - position.offset, position.offset)
    if b"\n" in after:
        raise Behind(path, "another window added to it after this one caught up")
    os.ftruncate(descriptor, position.offset)  # a crash's torn line: never read


def _position(path: Path, saved: SavedGame) -> Position:
    position = saved.position
    if not isinstance(position, Position):
        why = saved.cannot_add or "it was not opened for play (SaveStore.open_for_play)"
        raise SaveError(path, f"cannot be added to: {why}")
    return position


def _parse(path: Path, saved: SavedGame, complete: bytes) -> list[Record]:
    """The records of appended lines, read with the bounds of a whole file (`parse_records`,
    as `parse_toml` reads them: no huge integer, deep nesting or long dotted key); any problem
    is `Rewritten`."""
    try:
        tables = parse_records(path, complete)
    except SaveError as error:
        raise Rewritten(path, f"an added line is not a record ({error.problem})") from None
    reader = RecordReader(path, saved.game)
    try:
        return reader.records(tables, saved.record_count + 1)
    except SaveError as error:
        raise Rewritten(path, error.problem) from None
    except Exception as error:  # decoding a value no record holds
        raise Rewritten(path, f"an added line is not a record ({type(error).__name__})") from None

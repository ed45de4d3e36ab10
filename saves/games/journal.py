"""Several writers on one game: each brings itself up to date from the records appended since it
last read, and appends its own under the game's lock.

A writer never rewrites a game's file: it is an append log (saves/append_log.py, as the roll
history is). `catch_up` reads only the bytes after what this process has read (proven to still
be the file it read), parses the complete lines with the bounds of a whole file and applies
their records; a line still being written (no newline yet) waits for the next look. `append`,
under the game's lock (`locks/<id>.lock`, see saves/shared/lock.py) and the game file's own lock
(`append_log.holding_file`, held for the whole transaction), after the caller caught up, checks
the new record against that newest state with the one check of a record (`check_record`: the
device's own step when it was made on that very state, else the rules there; a `RuleError`
writes nothing), then appends its line at the proven end with one `pwrite` and an fsync. It cuts
only a torn last line (no newline: a crash's), never a complete one: a record appended since is
`Behind`, and the caller catches up and decides again. A crash at any instant loses at most
the record being written.

Anything else that happened to the file (replaced, truncated, edited, damaged) is `Rewritten`:
the caller offers to reload it or keep its game as a copy, and never writes over it.
"""

from __future__ import annotations

import errno
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from companion.core import Game, Replaced, RuleError
from companion.phrases import phrase
from companion.session import Step
from saves import append_log
from saves.append_log import End, Later, NotAsRead, PastLimit, complete_lines
from saves.files import MAX_FILE_BYTES, SaveError, cannot_be_read
from saves.games.document import SavedGame, apply_record, check_record
from saves.games.record_lines import parse_records
from saves.games.records import Record, RecordReader, record_line, records_start
from saves.games.writers import SaveConflict
from saves.shared.lock import DEADLINE_SECONDS


class Rewritten(SaveConflict):
    """The file changed in a way that is not an appended record: never written over."""


class Behind(Rewritten):
    """Records were appended after the end this game caught up to (or this process could not
    apply its own): nothing was written. Catch up and decide again; a caller that cannot is
    told, as for any `Rewritten`, that the file changed outside this window."""


def position_of(content: bytes, inode: int) -> End:
    """The position after reading a game's file whole: at its last complete line, its head
    (the file up to its `[records]` line: a title or setup edited in place) checked too."""
    start = records_start(content)
    return append_log.end_of(content, inode, start if start is not None else 0)


@dataclass(frozen=True)
class Draft:
    """A record to append, before it has its number, time, device and seat."""

    kind: str
    action: Any = None
    target: int = 0
    was: str | None = None
    details: dict[str, Any] | None = None
    step: Step | None = None
    """The step of a `do` draft as its device made it (`Session.step`), and the state it was
    made `on`: used when that is still the game's state, so the rules are not asked again."""
    on: Any = None

    def made_on(self, state: Any) -> Step | None:
        """The step made beforehand, if it was made on `state` itself."""
        return self.step if self.step is not None and self.on is state else None


def stale(game: Game[Any, Any], seen: Replaced | None, state: Any, action: Any) -> str | None:
    """Why an action that sets a value must not be written on `state`: another device changed
    the value since its device saw `seen` (both values said); None when it may."""
    if seen is None:
        return None
    now = game.replaced(state, action)
    if now is None or now.value == seen.value:
        return None
    return phrase(
        "{what} was changed on another device meanwhile: it is now {now}, you saw {seen}. "
        "Nothing was changed: set it again if you still mean it.",
        what=now.what,
        now=now.value,
        seen=seen.value,
    )


def catch_up(path: Path, saved: SavedGame) -> list[Record]:
    """Apply the records appended since `saved` was last brought up to date; returns them.

    `Rewritten` when the file is no longer what was read plus appended lines, or an appended
    line cannot be used, whatever is wrong with it (the game is then left as it was);
    `SaveError` when the file cannot be read now. Nothing else: a follower that catches these
    two sees every appended line it cannot use as a file changed outside the app."""
    position = _position(path, saved)
    complete = complete_lines(_appended(path, position))
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
            problem = phrase(
                "record {number} is refused by the rules: {reason}",
                number=str(record.number),
                reason=error,
            )
            raise Rewritten(path, problem) from None
        except Exception as error:  # the rules failed on it: a line this app never wrote
            problem = phrase(
                "record {number} cannot be played ({error})",
                number=str(record.number),
                error=type(error).__name__,
            )
            raise Rewritten(path, problem) from None
    if trial is not saved:
        saved.adopt(trial)
    saved.file.position = position.after(complete)
    return records


def _appended(path: Path, position: End) -> bytes:
    """The bytes after `position`, once the file is known to be what was read plus them."""
    try:
        return append_log.read_after(path, position, MAX_FILE_BYTES)
    except NotAsRead as error:
        raise Rewritten(path, error.why) from None
    except PastLimit:
        raise SaveError(path, phrase("has grown past the largest save this app reads")) from None
    except OSError as error:  # a read that fails once open (EIO)
        raise SaveError(path, cannot_be_read(error)) from None


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

    Call under the game's lock, right after `catch_up`. Each record is checked (`check_record`,
    the one check) on the state the ones before it reach: a `RuleError` (or any failure of the
    rules, or a `GameFault` of its `describe` of the state reached) appends nothing and leaves
    the game as it was, and so does an OSError (a full disk: whatever part of a line reached
    the file is cut off). A `do` draft's step made on the very
    state it is appended to is used as it is: the rules run once per change. `Behind`: records
    were appended since the catch-up; nothing was written. Should applying fail once the record
    is written, the game is read again from its file before its next change
    (`saved.file.unapplied`). `Busy` when the file's own lock is not had within `deadline`
    seconds: nothing written."""
    if saved.file.unapplied:
        raise Behind(path, phrase("this window must read the file again before it adds to it"))
    records = _numbered(saved, drafts, by, seat, now)
    # An action appends one record, checked on the game itself; several (`companion act ID
    # undo --to N`, a test's replay) are tried on a copy, each on the state the ones before reach.
    trying = saved if len(records) == 1 else saved.trial()
    steps = []
    for record, draft in zip(records, drafts, strict=True):
        steps.append(check_record(trying, record, draft.made_on(trying.session.state)))
        if trying is not saved:
            apply_record(trying, record, steps[-1])
    # The state reached, through the game's guard: an answer no file can hold is a `GameFault`
    # (companion/guard.py), and nothing is written.
    if trying is not saved:
        trying.game.describe(trying.session.state)
    elif steps[0] is not None:
        saved.game.describe(steps[0].state)
    _write(path, saved, records, deadline)
    try:
        if trying is saved:
            apply_record(saved, records[0], steps[0])
        else:
            saved.adopt(trying)
    except BaseException:  # its count in memory is behind the file's: read again
        saved.file.unapplied = list(records)
        raise
    return records


def has_news(path: Path, saved: SavedGame) -> bool:
    """Whether lines were appended after what `saved` has read (`Rewritten` if the file changed
    in any other way, `SaveError` if it cannot be read)."""
    if saved.file.unapplied:
        return True
    return bool(complete_lines(_appended(path, _position(path, saved))))


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
    """Append the records' lines at the end caught up to (saves/append_log.py); the file's own
    lock is had for the write (`Busy` after `deadline` seconds)."""
    position = _position(path, saved)
    data = "".join(record_line(record) for record in records).encode("utf-8")
    if position.offset + len(data) > MAX_FILE_BYTES:
        raise OSError(errno.EFBIG, grown_past(MAX_FILE_BYTES))
    try:
        saved.file.position = append_log.append(path, position, data, deadline, "record")
    except Later as error:
        raise Behind(path, error.why) from None
    except NotAsRead as error:
        raise Rewritten(path, error.why) from None


def grown_past(limit: int) -> str:
    """Why a game cannot be written longer: its file would pass the largest save read."""
    return phrase(
        "the game has grown past {limit} MiB, the most a save holds", limit=limit // (1024 * 1024)
    )


def _position(path: Path, saved: SavedGame) -> End:
    position = saved.file.position
    if not isinstance(position, End):
        why = saved.file.cannot_add or phrase(
            "it was not opened for play (SaveStore.open_for_play)"
        )
        raise SaveError(path, phrase("cannot be added to: {why}", why=why))
    return position


def _parse(path: Path, saved: SavedGame, complete: bytes) -> list[Record]:
    """The records of appended lines, read with the bounds of a whole file (`parse_records`,
    as `parse_toml` reads them: no huge integer, deep nesting or long dotted key); any problem
    is `Rewritten`."""
    try:
        tables = parse_records(path, complete)
    except SaveError as error:
        raise Rewritten(
            path, phrase("an added line is not a record ({problem})", problem=error.problem)
        ) from None
    reader = RecordReader(path, saved.game)
    try:
        return reader.records(tables, saved.record_count + 1)
    except SaveError as error:
        raise Rewritten(path, error.problem) from None
    except Exception as error:  # decoding a value no record holds
        raise Rewritten(
            path, phrase("an added line is not a record ({problem})", problem=type(error).__name__)
        ) from None

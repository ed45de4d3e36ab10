"""A game's records: every change to a game, one line each, appended to the end of its file.

A save of format 2 is its head (ids, title, times, setup) followed by a `[records]` table whose
keys are `r1`, `r2`, ... in order, each an inline table on one line:

    r7 = { at = 2026-12-01T14:31:05Z, by = "t3f9a01c2d4e", seat = "Ana", do = { action =
    "EnterCount", player = "Ana", what = "ships", value = 5 }, was = "3" }     (one line)
    r8 = { at = 2026-12-01T14:31:09Z, by = "b5a0e2c41f7d", undo = 7 }

`do` is an action exactly as format 1 wrote it in `[[actions]]`; `by` (the device) and `seat`
(who sat at it) are beside it, never inside it. `undo = N` / `redo = N` take back or put back the
step record N applied; `details` is a play's details (docs/save-format.md). Because each record
is one line and the table is last, appending a line keeps the file valid TOML, and a process
brings itself up to date by parsing only the lines added since it last read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from companion.core import Game
from companion.phrases import phrase
from saves.append_log import one_line
from saves.codec import CodecError, from_plain, to_plain
from saves.files import SaveError, said

RECORDS_KEY = "records"
ACTION_KEY = "action"
"""The key naming an action's class inside each action table."""
KINDS = ("do", "undo", "redo", "details")

_RECORDS_LINE = re.compile(rb"^[ \t]*\[[ \t]*records[ \t]*\][ \t]*(?:#[^\r\n]*)?\r?\n", re.M)
"""The `[records]` line, whatever its line ending (a Windows editor writes CRLF) or comment."""
_TABLE_LINE = re.compile(rb"^[ \t]*\[", re.M)
"""A table's line (`[name]` or `[[name]]`): after the records, every line is a record's."""


def records_start(content: bytes) -> int | None:
    """Where the record lines of a file's bytes begin (right after its `[records]` line); None
    when its records are not a `[records]` table (nothing can be appended to it)."""
    found = _RECORDS_LINE.search(content)
    return found.end() if found else None


def table_after_records(content: bytes, start: int) -> int | None:
    """The line number of a table that follows the records (from `start`, their first line):
    a record appended there, or written after it, lands in that table and is never read."""
    found = _TABLE_LINE.search(content, start)
    return None if found is None else content.count(b"\n", 0, found.start()) + 1


@dataclass(frozen=True)
class Record:
    """One change to a game: an action done, a step undone or redone, or a play's details."""

    number: int
    kind: str
    action: Any = None
    """The action of a `do` record."""
    target: int = 0
    """The number of the `do` record whose step an `undo` or `redo` takes back or puts back."""
    by: str = ""
    """The public id of the device that made it (saves/shared/devices.py); "" in a migrated save."""
    seat: str = ""
    """Who sat at that device, if anyone said so."""
    at: datetime | None = None
    was: str | None = None
    """For an action that sets a value: the value it replaced, as its device saw it."""
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def whose(self) -> str:
        """Who made it, in words: the seat's name, else which kind of device."""
        if self.seat:
            return self.seat
        if self.by.startswith("b"):
            return phrase("a browser")
        return phrase("a terminal") if self.by else phrase("an earlier version")


def action_table(action: Any) -> dict[str, Any]:
    return {ACTION_KEY: type(action).__name__, **to_plain(action)}


def record_line(record: Record) -> str:
    """The record as the one line appended to its file (newline included)."""
    table: dict[str, Any] = {}
    if record.at is not None:
        table["at"] = record.at
    if record.by:
        table["by"] = record.by
    if record.seat:
        table["seat"] = record.seat
    if record.kind == "do":
        table["do"] = action_table(record.action)
        if record.was is not None:
            table["was"] = record.was
    elif record.kind == "details":
        table["details"] = dict(record.details)
    else:
        table[record.kind] = record.target
    return one_line(f"r{record.number}", table)


class RecordReader:
    """Decodes a game's record tables in order, each distinct action once (a long game repeats
    a few: every action is still applied through the rules)."""

    def __init__(self, path: Path, game: Game[Any, Any]) -> None:
        self.path = path
        self.game = game
        self._decoded: dict[str, Any] = {}

    def records(self, tables: Mapping[str, Any], first: int) -> list[Record]:
        """The records of `tables` (`r<first>`, `r<first + 1>`, ... and nothing else)."""
        found = []
        for number, (key, table) in enumerate(tables.items(), start=first):
            if key != f"r{number}":
                raise SaveError(
                    self.path,
                    phrase(
                        "record '{key}' where r{number} was expected", key=key, number=str(number)
                    ),
                )
            found.append(self.record(number, table))
        return found

    def record(self, number: int, table: Any) -> Record:
        where = f"records.r{number}"
        if not isinstance(table, dict):
            raise SaveError(self.path, phrase("{where}: expected a table", where=where))
        kinds = [kind for kind in KINDS if kind in table]
        if len(kinds) != 1:
            raise SaveError(
                self.path,
                phrase(
                    "{where}: needs exactly one of {kinds}", where=where, kinds=", ".join(KINDS)
                ),
            )
        kind = kinds[0]
        at, by, seat, was = (table.get(key) for key in ("at", "by", "seat", "was"))
        if at is not None and (not isinstance(at, datetime) or at.tzinfo is None):
            raise SaveError(
                self.path,
                phrase("{where}.at: expected a date and time with its zone", where=where),
            )
        for key, value in (("by", by), ("seat", seat), ("was", was)):
            if value is not None and not isinstance(value, str):
                raise SaveError(
                    self.path, phrase("{where}.{key}: expected text", where=where, key=key)
                )
        by, seat, body = by or "", seat or "", table[kind]
        if kind == "do":
            action = self.action(body, where)
            return Record(number, kind, action, by=by, seat=seat, at=at, was=was)
        if kind == "details":
            if not isinstance(body, dict):
                raise SaveError(self.path, phrase("{where}.details: expected a table", where=where))
            return Record(number, kind, by=by, seat=seat, at=at, details=body)
        if type(body) is not int or not 1 <= body < number:
            raise SaveError(
                self.path,
                phrase(
                    "{where}.{kind}: expected an earlier record's number", where=where, kind=kind
                ),
            )
        return Record(number, kind, target=body, by=by, seat=seat, at=at)

    def action(self, raw: Any, where: str) -> Any:
        key = repr(raw)
        action = self._decoded.get(key)
        if action is None:
            action = self._decoded[key] = decode_action(self.path, self.game, raw, where)
        return action


def decode_action(path: Path, game: Game[Any, Any], raw: Any, where: str) -> Any:
    """An action table (`action = "Name"` and its fields) as the game's action, type-checked."""
    if not isinstance(raw, dict):
        raise SaveError(path, phrase("{where}: expected a table", where=where))
    fields = dict(raw)
    name = fields.pop(ACTION_KEY, None)
    if not isinstance(name, str):
        raise SaveError(path, phrase("{where}: no '{key}' name", where=where, key=ACTION_KEY))
    action_type = game.action_type(name)
    if action_type is None:
        raise SaveError(
            path,
            phrase(
                "{where}: '{name}' is not an action of {game}",
                where=where,
                name=name,
                game=game.title,
            ),
        )
    try:
        return from_plain(action_type, fields, where)
    except CodecError as error:
        raise SaveError(path, said(error)) from None

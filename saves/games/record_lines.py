"""A save's plain lines read in a fraction of what `tomllib` takes over them, with the very result
`parse_toml` gives: a game of 60,000 actions is mostly its record lines, and an older save may
hold 400,000 keys of its own before its first table.

A record line as this app writes it (`records.record_line`) is a bare key, ` = `, and one inline
table of bare keys, plain strings, whole numbers, booleans, dates and times with their offset,
nested tables and arrays; the keys before a save's first table are lines of the same form.
`plain_records` reads lines of exactly that form (and empty ones) and nothing else: the first
thing it does not know for certain how TOML reads (an escape in a string, a float, a comment, a
quoted or dotted key, a CRLF, a key given twice, a number past 64 bits, a date that does not
exist...) sends the whole text back to `parse_toml`, so any file that is not plain gets the same
result, or the same error with its line, as before. The bounds of a whole file hold: no integer
past 64 bits, no nesting past `MAX_DEPTH`, no dotted key, dates in UTC.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from saves.files import SaveError, parse_toml
from saves.games.records import RECORDS_KEY, records_start

MAX_DEPTH = 16
"""Deeper tables and arrays are left to `parse_toml` (no record of ours nests past 4)."""

_KEY = re.compile(r"[ \t]*([A-Za-z0-9_-]+)[ \t]*=[ \t]*")
"""A bare key and its `=`, with the spaces around them."""
_STRING = re.compile(r'"([^"\\\x00-\x08\x0a-\x1f\x7f]*)"')
"""A basic string without escapes (a tab is allowed in one, as TOML allows it)."""
_END = r"(?=[ \t,}\]]|$)"
_INTEGER = re.compile(r"-?(?:0|[1-9][0-9]{0,17})" + _END)
"""Up to 18 digits: always within 64 bits (a longer number is left to `parse_toml`)."""
_DATETIME = re.compile(
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt ]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]{1,6}))?"
    r"(?:[Zz]|([+-])([01][0-9]|2[0-3]):([0-5][0-9]))" + _END
)
_AFTER_FIELD = re.compile(r"[ \t]*([,}])")
_AFTER_ITEM = re.compile(r"[ \t]*(?:(\])|,[ \t]*(\])?)")
_EMPTY_ARRAY = re.compile(r"[ \t]*\]")
_SPACES = re.compile(r"[ \t]*")
_EMPTY_TABLE = re.compile(r"[ \t]*\}")
_LINE_END = re.compile(r"[ \t]*$")
_TABLE_LINE = re.compile(rb"^[ \t]*\[", re.M)


class _NotPlain(Exception):
    """Something the fast reading does not know for certain: `parse_toml` reads the text."""


def parse_document(path: Path, content: bytes) -> dict[str, Any]:
    """A save's bytes as `parse_toml(path, content)` reads them, in parts: the run of plain keys
    right before its first table (an older save may hold 400,000 of its own there) and its
    record lines read fast, the rest by `parse_toml`. Should any part not read so, or two parts
    share a key, the whole is read by `parse_toml`, whose error names the file's line."""
    first_table = _TABLE_LINE.search(content)
    tables_start = first_table.start() if first_table else len(content)
    start = records_start(content)
    records = plain_records(content[start:]) if start is not None else None
    if start is not None and records is None:
        return parse_toml(path, content)
    try:
        before, keys = _plain_run(content[:tables_start].decode("utf-8"))
        tables = content[tables_start:start]
        parts = [
            parse_toml(path, before.encode("utf-8")) if before else {},
            keys,
            parse_toml(path, tables) if tables else {},
        ]
    except (UnicodeDecodeError, SaveError):  # (a `[` line inside a text of many lines...)
        return parse_toml(path, content)
    if sum(len(part) for part in parts) != len(set().union(*parts)):  # a key given twice
        return parse_toml(path, content)
    document = {key: value for part in parts for key, value in part.items()}
    if records is not None:
        if document.get(RECORDS_KEY) != {}:
            return parse_toml(path, content)
        document[RECORDS_KEY] = records
    return document


def parse_records(path: Path, data: bytes) -> dict[str, Any]:
    """The key/value lines of `data` (lines appended to a save, or the records after its
    checkpoint), read as `parse_toml(path, data)` reads them, as fast as their form allows."""
    plain = plain_records(data)
    return parse_toml(path, data) if plain is None else plain


def plain_records(data: bytes) -> dict[str, Any] | None:
    """The key/value lines of `data` as `parse_toml` reads them, when every line is in the
    plain form this app writes; else None (the caller parses the text with `parse_toml`)."""
    try:
        return _plain_lines(data.decode("utf-8"))
    except (_NotPlain, UnicodeDecodeError, IndexError, ValueError, OverflowError):
        return None


def _plain_lines(text: str) -> dict[str, Any]:
    if text and not text.endswith("\n"):
        raise _NotPlain
    tables: dict[str, Any] = {}
    for line in text.split("\n")[:-1]:
        if line:
            key, value = _line(line)
            if key in tables:
                raise _NotPlain
            tables[key] = value
    return tables


def _plain_run(text: str) -> tuple[str, dict[str, Any]]:
    """The text before the last run of plain lines of `text` (whole lines), and that run read."""
    run: dict[str, Any] = {}
    end, run_start = 0, 0
    for line in text.split("\n")[:-1]:
        end += len(line) + 1
        if not line:
            continue
        try:
            key, value = _line(line)
            if key in run:
                raise _NotPlain
            run[key] = value
        except (_NotPlain, IndexError, ValueError, OverflowError):
            run, run_start = {}, end  # this line and all before it: `parse_toml`'s
    if end != len(text):  # a last line without its newline: all of it is `parse_toml`'s
        return text, {}
    return text[:run_start], run


def _line(line: str) -> tuple[str, Any]:
    """A plain `key = value` line (without its newline): its key and value."""
    found = _KEY.match(line)
    if found is None or found.start(1) != 0:
        raise _NotPlain
    value, at = _value(line, found.end(), 0)
    if _LINE_END.match(line, at) is None:
        raise _NotPlain
    return found.group(1), value


def _value(line: str, at: int, depth: int) -> tuple[Any, int]:
    """The value that starts at `at`, and where it ends."""
    first = line[at]
    if first == '"':
        found = _STRING.match(line, at)
        if found is None:
            raise _NotPlain
        return found.group(1), found.end()
    if first == "{":
        return _table(line, at + 1, depth + 1)
    if first == "[":
        return _array(line, at + 1, depth + 1)
    if first == "t" and line.startswith("true", at):
        return True, at + 4
    if first == "f" and line.startswith("false", at):
        return False, at + 5
    found = _INTEGER.match(line, at)
    if found is not None:
        return int(found.group()), found.end()
    found = _DATETIME.match(line, at)
    if found is None:
        raise _NotPlain
    return _moment(found), found.end()


def _table(line: str, at: int, depth: int) -> tuple[dict[str, Any], int]:
    if depth > MAX_DEPTH:
        raise _NotPlain
    table: dict[str, Any] = {}
    empty = _EMPTY_TABLE.match(line, at)
    if empty is not None:
        return table, empty.end()
    while True:
        found = _KEY.match(line, at)
        if found is None or found.group(1) in table:
            raise _NotPlain
        table[found.group(1)], at = _value(line, found.end(), depth)
        after = _AFTER_FIELD.match(line, at)
        if after is None:
            raise _NotPlain
        if after.group(1) == "}":
            return table, after.end()
        at = after.end()


def _array(line: str, at: int, depth: int) -> tuple[list[Any], int]:
    if depth > MAX_DEPTH:
        raise _NotPlain
    items: list[Any] = []
    empty = _EMPTY_ARRAY.match(line, at)
    if empty is not None:
        return items, empty.end()
    spaces = _SPACES.match(line, at)
    at = spaces.end() if spaces is not None else at
    while True:
        item, at = _value(line, at, depth)
        items.append(item)
        after = _AFTER_ITEM.match(line, at)
        if after is None:
            raise _NotPlain
        if after.group(1) or after.group(2):  # `]`, or `, ]` (TOML allows the comma)
            return items, after.end()
        at = after.end()


def _moment(found: re.Match[str]) -> datetime:
    """A date and time with its offset, in UTC (as `parse_toml` gives it)."""
    year, month, day, hour, minute, second = (int(part) for part in found.groups()[:6])
    fraction, sign, offset_hours, offset_minutes = found.groups()[6:]
    micro = int(fraction.ljust(6, "0")) if fraction else 0
    zone = UTC
    if sign is not None:
        offset = timedelta(hours=int(offset_hours), minutes=int(offset_minutes))
        zone = timezone(-offset if sign == "-" else offset)
    moment = datetime(year, month, day, hour, minute, second, micro, tzinfo=zone)
    return moment.astimezone(UTC)

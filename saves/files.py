"""Crash-safe TOML files: write to a temp file, fsync, replace; read with the line of any error."""

from __future__ import annotations

import operator
import os
import re
import tempfile
import time
import tomllib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import tomli_w
from tomli_w import _writer as tomli_writer

MAX_FILE_BYTES = 64 * 1024 * 1024
STALE_TEMP_SECONDS = 3600
"""A temp file this old is what a crash left mid-write (the file beside it is intact)."""

_TEMP_FILE = re.compile(r"^\..+\.toml\.[A-Za-z0-9_]+\.tmp$")
"""The name `write_text` gives the temp file of a TOML file: `.<name>.toml.<random>.tmp`."""


class SaveError(Exception):
    """A file that cannot be used: which file, where in it (when known), and what is wrong."""

    def __init__(self, path: Path, problem: str, line: int | None = None) -> None:
        where = f"{path}" + (f", line {line}" if line else "")
        super().__init__(f"{where}: {problem}")
        self.path = path
        self.line = line
        self.problem = problem


def write_toml(path: Path, data: dict[str, Any], durable: bool = True) -> None:
    """Write `data` so that a crash at any moment leaves either the old file or the new one."""
    write_text(path, tomli_w.dumps(data), durable)


def write_text(path: Path, text: str, durable: bool = True) -> None:
    """Write `text` atomically: temp file, flush, fsync, replace, then fsync the folder.

    `durable=False` skips the two fsyncs, for files that can be rebuilt (a cache): a crash can
    then leave the old file, the new one or an empty one, never a mix of the two.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temp_name = tempfile.mkstemp(
        prefix=f".{path.name}.", suffix=".tmp", dir=path.parent
    )
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
    if durable:
        _fsync_folder(path.parent)


def remove_stale_temp_files(folder: Path) -> None:
    """Delete what crashed writes left behind: never a save, only old `.<name>.toml.*.tmp`."""
    limit = time.time() - STALE_TEMP_SECONDS
    try:
        with os.scandir(folder) as entries:
            candidates = [entry for entry in entries if _TEMP_FILE.match(entry.name)]
    except OSError:
        return
    for entry in candidates:
        try:
            if entry.is_file(follow_symlinks=False) and entry.stat().st_mtime < limit:
                os.unlink(entry.path)
        except OSError:
            continue


class RenderedArray:
    """An array of tables (a game's actions) kept rendered as TOML between saves.

    Each table is rendered once, in both ways `tomli_w` may write it, and appended to two running
    texts; a save of a long game then renders only its new tables and joins nothing again, so it
    costs little more than writing the bytes. `document` gives exactly what
    `tomli_w.dumps({**head, key: tables})` gives.
    """

    def __init__(self, key: str) -> None:
        self.key = key
        self.sources: list[Any] = []
        """What each table was rendered from, compared by identity to find what changed."""
        self._rows = ""
        self._blocks = ""
        self._ends: list[tuple[int, int, int]] = []
        """After each table: the length of the rows text, of the blocks text, and how many
        tables so far cannot be written inline."""

    def sync(self, sources: Sequence[Any], table_of: Callable[[Any], dict[str, Any]]) -> None:
        """Match `sources`: keep the rendered prefix they share by identity, render the rest."""
        same = list(map(operator.is_, self.sources, sources))  # at C speed: 5,000 in ~50 us
        try:
            kept = same.index(False)
        except ValueError:
            kept = len(same)
        if kept < len(self.sources):
            rows, blocks, _blocked = self._ends[kept - 1] if kept else (0, 0, 0)
            self._rows, self._blocks = self._rows[:rows], self._blocks[:blocks]
            del self.sources[kept:], self._ends[kept:]
        for source in sources[kept:]:
            table = table_of(source)
            # A fresh context per table: tomli_w caches inline tables by id(), and the ids of
            # tables freed along the way come back for the next ones.
            context = tomli_writer.Context(allow_multiline=False, indent=4)
            blocked = self._ends[-1][2] if self._ends else 0
            if tomli_writer.is_suitable_inline_table(table, context):
                inline = tomli_writer.format_inline_table(table, context)
                self._rows += f"{context.indent_str}{inline},\n"
            else:
                blocked += 1
            chunks = tomli_writer.gen_table_chunks(table, context, name=self.key, inside_aot=True)
            self._blocks += ("\n" if self._blocks else "") + "".join(chunks)
            self.sources.append(source)
            self._ends.append((len(self._rows), len(self._blocks), blocked))

    def document(self, head: dict[str, Any]) -> str:
        """The whole TOML document: `head` (which must not hold `key`) and the array.

        tomli_w writes plain values first, then tables in order; an array whose every table
        fits on a line is a plain value, else each table is a `[[key]]` section.
        """
        context = tomli_writer.Context(allow_multiline=False, indent=4)
        literals, tables = {}, {}
        for name, value in head.items():
            if isinstance(value, Mapping) or (
                tomli_writer.is_aot(value)
                and not all(tomli_writer.is_suitable_inline_table(t, context) for t in value)
            ):
                tables[name] = value
            else:
                literals[name] = value
        key = tomli_writer.format_key_part(self.key)
        inline = not self._ends or self._ends[-1][2] == 0
        parts = [tomli_w.dumps(literals)]
        if not self.sources:
            parts.append(f"{key} = []\n")
        elif inline:
            parts.append(f"{key} = [\n{self._rows}]\n")
        sections = [tomli_w.dumps(tables)] if tables else []
        if self.sources and not inline:
            sections.append(self._blocks)
        for section in sections:
            if any(parts):
                parts.append("\n")
            parts.append(section)
        return "".join(parts)


def read_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file, or raise `SaveError` with the line and the problem; never changes it."""
    return parse_toml(path, read_bytes(path))


def read_bytes(path: Path) -> bytes:
    """A file's bytes, or `SaveError` for a folder, a missing, huge or unreadable file."""
    try:
        if not path.is_file():
            raise SaveError(path, "not a file" if path.exists() else "no such file")
        if path.stat().st_size > MAX_FILE_BYTES:
            raise SaveError(path, f"larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB")
        return path.read_bytes()
    except OSError as error:
        raise SaveError(path, f"cannot be read ({error.strerror or error})") from None


def parse_toml(path: Path, raw: bytes) -> dict[str, Any]:
    """Parse the bytes read from `path`, or raise `SaveError` with the line and the problem."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise SaveError(path, "not UTF-8 text", line) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return _raise_toml(path, error)
    except RecursionError:
        raise SaveError(path, "nested too deeply to be a save file") from None


def _raise_toml(path: Path, error: tomllib.TOMLDecodeError) -> dict[str, Any]:
    message = str(error)
    found = re.search(r"\(at line (\d+), column \d+\)", message)
    line = int(found.group(1)) if found else None
    problem = re.sub(r"\s*\(at line \d+, column \d+\)", "", message) or "not TOML"
    raise SaveError(path, f"not valid TOML ({problem})", line) from None


def _fsync_folder(folder: Path) -> None:
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

"""Crash-safe TOML files: write to a temp file, fsync, replace; read with the line of any error."""

from __future__ import annotations

import os
import re
import tempfile
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli_w
from tomli_w import _writer as tomli_writer

MAX_FILE_BYTES = 64 * 1024 * 1024


class SaveError(Exception):
    """A file that cannot be used: which file, where in it (when known), and what is wrong."""

    def __init__(self, path: Path, problem: str, line: int | None = None) -> None:
        where = f"{path}" + (f", line {line}" if line else "")
        super().__init__(f"{where}: {problem}")
        self.path = path
        self.line = line
        self.problem = problem


def write_toml(path: Path, data: dict[str, Any]) -> None:
    """Write `data` so that a crash at any moment leaves either the old file or the new one."""
    write_text(path, tomli_w.dumps(data))


def write_text(path: Path, text: str) -> None:
    """Write `text` atomically: temp file, flush, fsync, replace, then fsync the folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temp_name = tempfile.mkstemp(
        prefix=f".{path.name}.", suffix=".tmp", dir=path.parent
    )
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
    _fsync_folder(path.parent)


@dataclass(frozen=True)
class TableText:
    """One table of an array of tables, rendered once in both ways `tomli_w` may write it.

    Autosave keeps these per action so that saving a long game only renders the new action.
    """

    row: str | None
    """`    { key = value, ... },\n` when tomli_w would write this table inline, else None."""
    block: str
    """The `[[key]]` section tomli_w writes when the array cannot be inline."""


def render_table(key: str, table: dict[str, Any]) -> TableText:
    """Render one element of the array of tables `key` (see `dumps_with_tables`)."""
    context = tomli_writer.Context(allow_multiline=False, indent=4)
    row = None
    if tomli_writer.is_suitable_inline_table(table, context):
        row = f"{context.indent_str}{tomli_writer.format_inline_table(table, context)},\n"
    chunks = tomli_writer.gen_table_chunks(table, context, name=key, inside_aot=True)
    return TableText(row, "".join(chunks))


def dumps_with_tables(head: dict[str, Any], key: str, items: list[TableText]) -> str:
    """Exactly `tomli_w.dumps({**head, key: tables})` from tables rendered earlier.

    `key` must not be in `head`. tomli_w writes plain values first, then tables in order; an
    array whose every table fits on a line is a plain value, else each table is a `[[key]]`.
    """
    context = tomli_writer.Context(allow_multiline=False, indent=4)
    literals = {}
    tables = {}
    for name, value in head.items():
        if isinstance(value, Mapping) or (
            tomli_writer.is_aot(value)
            and not all(tomli_writer.is_suitable_inline_table(t, context) for t in value)
        ):
            tables[name] = value
        else:
            literals[name] = value
    parts = [tomli_w.dumps(literals)]
    rows = [item.row for item in items]
    inline = None not in rows
    if not items:
        parts.append(f"{tomli_writer.format_key_part(key)} = []\n")
    elif inline:
        body = "".join(rows)  # type: ignore[arg-type]  # no None: checked just above
        parts.append(f"{tomli_writer.format_key_part(key)} = [\n{body}]\n")
    sections = [tomli_w.dumps(tables)] if tables else []
    if items and not inline:
        sections.extend(item.block for item in items)
    for section in sections:
        if any(parts):
            parts.append("\n")
        parts.append(section)
    return "".join(parts)


def read_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file, or raise `SaveError` with the line and the problem; never changes it."""
    try:
        if not path.is_file():
            raise SaveError(path, "not a file" if path.exists() else "no such file")
        if path.stat().st_size > MAX_FILE_BYTES:
            raise SaveError(path, f"larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB")
        raw = path.read_bytes()
    except OSError as error:
        raise SaveError(path, f"cannot be read ({error.strerror or error})") from None
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

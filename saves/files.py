"""Crash-safe TOML files: write to a temp file, fsync, replace; read with the line of any error."""

from __future__ import annotations

import os
import re
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import tomli_w

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
    text = tomli_w.dumps(data)
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

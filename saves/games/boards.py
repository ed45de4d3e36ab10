"""Reading a board file (`companion score GAME FILE`): a player's file, guarded like a save."""

from __future__ import annotations

import os
import stat
import tomllib
import typing
from pathlib import Path
from typing import Any

from companion.phrases import phrase
from saves.codec import CodecError, bounded
from saves.files import SaveError, not_toml, os_reason, said

MAX_BOARD_FILE = 1_000_000
"""A board file is a few kilobytes; anything past a megabyte is refused unread."""


def read_board_file(name: str) -> dict[str, Any]:
    """A board file's TOML. A FIFO, device or folder is refused without being read (it could
    block or never end), a file past `MAX_BOARD_FILE` unread, and nesting too deep in one line."""
    try:
        if not stat.S_ISREG(os.stat(name).st_mode):
            raise SaveError(Path(name), phrase("not a regular file (a pipe, device or folder)"))
        handle = os.open(name, os.O_RDONLY | os.O_NONBLOCK)  # swapped for a FIFO since: no wait
        with open(handle, "rb") as file:
            if not stat.S_ISREG(os.fstat(handle).st_mode):
                raise SaveError(Path(name), phrase("not a regular file (a pipe, device or folder)"))
            content = file.read(MAX_BOARD_FILE + 1)
    except OSError as error:
        raise SaveError(
            Path(name), phrase("cannot read ({reason})", reason=os_reason(error))
        ) from None
    if len(content) > MAX_BOARD_FILE:
        raise SaveError(
            Path(name),
            phrase(
                "larger than a board file can be ({size} bytes)", size=format(MAX_BOARD_FILE, ",")
            ),
        )
    try:
        return typing.cast(dict[str, Any], bounded(tomllib.loads(content.decode("utf-8"))))
    except CodecError as error:  # a number or a date no file may hold
        raise SaveError(Path(name), said(error)) from None
    except (ValueError, UnicodeDecodeError) as error:  # TOMLDecodeError, Python's digit limit
        raise SaveError(Path(name), not_toml(str(error))) from None
    except RecursionError:
        raise SaveError(Path(name), phrase("nested too deeply to be a board file")) from None

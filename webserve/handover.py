"""How `companion serve` hands a browser to an app process it started before that browser came.

The server writes one packet to the waiting process's input, in textual-serve's own framing (a
type byte, a 4-byte big-endian length, the payload): `M` and `{"type": "hand-over",
"environment": {...}}`, the whole environment the browser's app would have been started with. The
process reads exactly that packet, no byte more, so everything after it (the keys, the resizes)
is the app's input as usual. The process says two lines on its output before anything else:
`READY` once its imports are done and it waits, `TAKEN` the moment it has read its hand-over. A
process that does not answer (stopped, hung) is replaced by a fresh one, so the browser never
waits on it for long. This module imports nothing heavy: the waiting process reads it
before anything else and the server writes it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping

from saves.shared.devices import DEVICE_VARIABLE, TABLE_DISPLAY_VARIABLE

READ_AT_START = frozenset({"COLUMNS", "ROWS", DEVICE_VARIABLE, TABLE_DISPLAY_VARIABLE})
"""What may differ between one browser and the next: the terminal's size (read by Textual's web
driver when the app starts), the device id and the table display (read by `companion` when it
starts). Nothing reads them while the modules are imported, so a process that imported them
before the browser came still starts the app the browser asked for."""
HEADER_BYTES = 5
MOST_BYTES = 1 << 20
"""A hand-over is an environment: far less than this; more is not a hand-over."""


READY = b"companion: kept ready\n"
"""The waiting process's first line: its imports are done, it waits for its hand-over."""
TAKEN = b"companion: hand-over taken\n"
"""Its second line, its answer to its hand-over (textual-serve reads its app's output only from
the line `__GANGLION__` on)."""


class HandOverError(Exception):
    """The first bytes on the input were not a hand-over: the server is not ours."""


def hand_over_packet(environment: Mapping[str, str]) -> bytes:
    payload = json.dumps({"type": "hand-over", "environment": dict(environment)}).encode()
    return b"M" + len(payload).to_bytes(4, "big") + payload


def read_hand_over(fd: int) -> dict[str, str] | None:
    """The environment handed over on `fd`, or None if the input closed first (the server
    stopped before a browser came)."""
    header = _read_exactly(fd, HEADER_BYTES)
    if header is None:
        return None
    size = int.from_bytes(header[1:], "big")
    if header[:1] != b"M" or size > MOST_BYTES:
        raise HandOverError("the input does not start with a hand-over")
    payload = _read_exactly(fd, size)
    if payload is None:
        return None
    try:
        message = json.loads(payload)
    except ValueError:
        raise HandOverError("the hand-over is not JSON") from None
    if not isinstance(message, dict) or message.get("type") != "hand-over":
        raise HandOverError("the input does not start with a hand-over")
    environment = message.get("environment")
    if not isinstance(environment, dict) or not _is_environment(environment):
        raise HandOverError("the hand-over holds no environment")
    return {str(name): str(value) for name, value in environment.items()}


def say_ready(fd: int) -> None:
    """Say on `fd` (the process's output) that the imports are done: from now on the process
    answers its hand-over at once."""
    _write_line(fd, READY)


def answer_hand_over(fd: int) -> None:
    """Say on `fd` that the hand-over was read: the server waits a few seconds for this line,
    then gives the browser a fresh app."""
    _write_line(fd, TAKEN)


def _write_line(fd: int, line: bytes) -> None:
    written = 0
    while written < len(line):
        written += os.write(fd, line[written:])


def changed_at_import(own: Mapping[str, str], browser: Mapping[str, str]) -> set[str]:
    """The variables that differ between the two environments and that the modules imported
    already may have read: any of them, and the app must start afresh."""
    names = own.keys() | browser.keys()
    return {name for name in names if own.get(name) != browser.get(name)} - READ_AT_START


def _is_environment(value: dict[object, object]) -> bool:
    return all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())


def _read_exactly(fd: int, size: int) -> bytes | None:
    """`size` bytes, or None at the end of the input."""
    chunks, wanted = [], size
    while wanted:
        chunk = os.read(fd, wanted)
        if not chunk:
            return None
        chunks.append(chunk)
        wanted -= len(chunk)
    return b"".join(chunks)

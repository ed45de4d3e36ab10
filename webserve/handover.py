"""How `companion serve` asks its warm parent (companion/cli/standby.py) for a browser's app.

The warm parent is one process that imported what an app needs, then forks one child per
browser: the child shares the parent's memory (copy-on-write) and starts at once. The server and
the parent talk over two channels. The server writes each request on a Unix socket, the parent's
input: one packet in textual-serve's own framing (a type byte, a 4-byte big-endian length, the
payload: `M` and `{"type": "hand-over", "environment": {...}}`, the whole environment the
browser's app would have been started with), carrying the three ends of the app's pipes (its
input, output and errors) as the socket's passed file descriptors. The parent answers on its
output, one line each: `READY` once its imports are done, `FORKED pid` for each request (in
order), `ENDED pid code` when a child ends (the parent reaps its children). A parent that does
not answer (stopped, hung) is replaced, so a browser never waits on it for long. This module
imports nothing heavy: the parent reads it before anything else and the server writes it.
"""

from __future__ import annotations

import json
import os
import socket
from collections.abc import Mapping

from lang import BROWSER_LANGUAGES
from saves.shared.devices import DEVICE_VARIABLE, TABLE_DISPLAY_VARIABLE

READ_AT_START = frozenset(
    {"COLUMNS", "ROWS", DEVICE_VARIABLE, TABLE_DISPLAY_VARIABLE, BROWSER_LANGUAGES}
)
"""What may differ between one browser and the next: the terminal's size (read by Textual's web
driver when the app starts), the device id, the table display and the languages the browser
asks for (its `Accept-Language`, read by `companion` when it starts to choose its language).
Nothing reads them while the modules are imported, so a child of a process that imported them
before the browser came still starts the app the browser asked for."""
HEADER_BYTES = 5
MOST_BYTES = 1 << 20
"""A hand-over is an environment: far less than this; more is not a hand-over."""
FIRST_BYTES = 1 << 16
"""Read at once: an environment is a few kB; a longer one comes in more reads."""
PIPES = 3
"""The app's input, output and errors, in that order (the ends the app uses)."""

READY = b"companion: kept ready\n"
"""The warm parent's first line: its imports are done, it forks a child for each request."""
FORKED = b"companion: forked "
"""Its answer to a request: this, the child's pid, a new line."""
ENDED = b"companion: ended "
"""A child has ended: this, its pid, its exit code (negative: the signal), a new line."""


class HandOverError(Exception):
    """What came on the input was not a request from our server."""


def hand_over_packet(environment: Mapping[str, str]) -> bytes:
    payload = json.dumps({"type": "hand-over", "environment": dict(environment)}).encode()
    return b"M" + len(payload).to_bytes(4, "big") + payload


def send_request(control: socket.socket, environment: Mapping[str, str], ends: list[int]) -> None:
    """Ask for a child with `environment` and its pipes' `ends` (the server's side)."""
    packet = hand_over_packet(environment)
    sent = socket.send_fds(control, [packet], ends)
    if sent < len(packet):
        control.sendall(packet[sent:])


def read_request(control: socket.socket) -> tuple[dict[str, str], list[int]] | None:
    """The next request: the environment and the app's pipe ends (`PIPES` of them), or None
    once the server closed its side."""
    data, fds, _flags, _address = socket.recv_fds(control, FIRST_BYTES, PIPES)
    try:
        if not data:
            return None
        if len(fds) != PIPES:
            raise HandOverError("the request carries no pipes")
        while len(data) < HEADER_BYTES or len(data) < HEADER_BYTES + _size(data):
            more = control.recv(FIRST_BYTES)
            if not more:
                return None
            data += more
        return _environment(data[HEADER_BYTES:]), fds
    except BaseException:
        for fd in fds:
            os.close(fd)
        raise


def _size(data: bytes) -> int:
    size = int.from_bytes(data[1:HEADER_BYTES], "big")
    if data[:1] != b"M" or size > MOST_BYTES:
        raise HandOverError("the input does not start with a hand-over")
    return size


def _environment(payload: bytes) -> dict[str, str]:
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
    """Say on `fd` (the parent's output) that the imports are done."""
    write_line(fd, READY)


def write_line(fd: int, line: bytes) -> None:
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

"""Which device this process is: every window and every browser at the table is one.

A browser's device id is a secret (its cookie, given in `COMPANION_DEVICE` by `companion serve`):
only a short hash of it is ever written to a file. A terminal is a device of its own for as long
as its process runs.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
from dataclasses import dataclass

DEVICE_VARIABLE = "COMPANION_DEVICE"
SECRET_PATTERN = re.compile(r"[A-Za-z0-9_-]{22,64}")
PUBLIC_PATTERN = re.compile(r"[a-z][a-z0-9]{1,23}")
"""The public id of a device, as the game's records and the seats file hold it."""


@dataclass(frozen=True)
class Device:
    """This process as a device: its public id (in files), and what kind it is."""

    id: str
    browser: bool


def public_id(secret: str) -> str:
    """The id a browser's secret is known by in files: `b` and 11 hex digits of its hash."""
    return "b" + hashlib.sha256(secret.encode()).hexdigest()[:11]


def this_device(environ: dict[str, str] | None = None) -> Device:
    """The browser that started this app (its cookie's hash), else this terminal (new at
    each start: two terminal windows are two devices)."""
    secret = (os.environ if environ is None else environ).get(DEVICE_VARIABLE, "")
    if SECRET_PATTERN.fullmatch(secret):
        return Device(public_id(secret), browser=True)
    return Device("t" + secrets.token_hex(6), browser=False)

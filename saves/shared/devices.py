"""Which device this process is: every window and every browser at the table is one.

A browser's device id is a secret (its cookie, given in `COMPANION_DEVICE` by `companion serve`):
only a short hash of it is ever written to a file. A terminal is a device of its own for as long
as its process runs.

A browser's device also remembers the game it last had open and how many of its records it had
shown, so that it is back on it after a reconnect and can say what it missed: a one-line file in
`locks/` (`<save id> <records shown>`), named by a hash of the secret (the file names give no
secret away).
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path

from companion.phrases import phrase
from saves.files import SaveError, os_reason, read_bytes, said, write_text
from saves.paths import locks_dir

DEVICE_VARIABLE = "COMPANION_DEVICE"
"""The environment variable `companion serve` gives a browser's device secret in."""
TABLE_DISPLAY_VARIABLE = "COMPANION_TABLE_DISPLAY"
"""Set to `1` by `companion serve` for the apps of the table display's address: watch only."""
SECRET_PATTERN = re.compile(r"[A-Za-z0-9_-]{22,64}")
"""A browser's device secret (its cookie): anything else is no device."""
PUBLIC_PATTERN = re.compile(r"[a-z][a-z0-9]{1,23}")
"""The public id of a device, as the game's records and the seats file hold it."""


def usable_device(value: object) -> str | None:
    """A device secret, if the value has the shape of one (a cookie can be anything)."""
    return value if isinstance(value, str) and SECRET_PATTERN.fullmatch(value) else None


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


MEMORY_SAVE_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,79}")
"""What a device's memory must hold to be read as a save id, the very shape of
`saves.games.document.SAVE_ID` (anything else, `-x` or 81 letters included: nothing remembered,
so the app never asks the store for a file its ids cannot name)."""
MEMORY_SEEN = re.compile(r"[0-9]{1,9}")
"""The count of records shown, after the save id (a file of an earlier version has none)."""
MEMORY_BYTES = 256
"""A device's memory is one save id and one count: a larger file is not one."""


@dataclass(frozen=True)
class LastGame:
    """What a browser's device remembers: the game it last had open, and how many of that
    game's records it had shown (None when not known: a memory of an earlier version)."""

    save_id: str
    seen: int | None = None


def device_file(home: Path, secret: str) -> Path:
    """The file that remembers a browser's last game, named by a hash of its secret."""
    digest = hashlib.sha256(secret.encode()).hexdigest()[:32]
    return locks_dir(home) / f"device-{digest}.last"


def remembered(home: Path, secret: str) -> LastGame | None:
    """What this device remembers, if the file is there and holds a save id; a count that is
    not one (damaged, cut short) is unknown, and the game is still remembered."""
    try:
        raw = read_bytes(device_file(home, secret), MEMORY_BYTES)
    except SaveError:
        return None
    words = raw.decode("ascii", "replace").split()
    if not words or len(words) > 2 or not MEMORY_SAVE_ID.fullmatch(words[0]):
        return None
    seen = words[1] if len(words) == 2 else ""
    return LastGame(words[0], int(seen) if MEMORY_SEEN.fullmatch(seen) else None)


def last_game(home: Path, secret: str) -> str | None:
    """The save this device last had open, if the file is there and names one."""
    memory = remembered(home, secret)
    return None if memory is None else memory.save_id


def remember_game(home: Path, secret: str, save_id: str, seen: int | None = None) -> str | None:
    """Keep the game this device has open and, when known, how many of its records it has
    shown. A failed write only loses the reconnect's memory: its reason is answered (for the
    app to say once), never raised."""
    memory = LastGame(save_id, seen)
    if remembered(home, secret) == memory:
        return None
    line = save_id if seen is None else f"{save_id} {seen}"
    try:
        write_text(device_file(home, secret), f"{line}\n", durable=False)
    except SaveError as error:
        return said(error)
    except OSError as error:
        return phrase(
            "{file}: {reason}", file=str(device_file(home, secret)), reason=os_reason(error)
        )
    return None

"""The checkpoints' folder of a data folder, and its secret: where checkpoints are kept, the key
that seals them (so that a hand edit, a file copied from another folder or a damaged one is never
taken for a game's state), and which are there.

A `checkpoints/` folder that is a link, or not a folder, is neither read nor written through; a
key that is anything but a file of ours is never used nor replaced.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
import stat
from pathlib import Path

from saves.files import SaveError, read_bytes, write_temp
from saves.paths import checkpoints_dir, side_folder_inside

KEY_NAME = "key"
"""The data folder's secret that seals its checkpoints, in `checkpoints/`."""
KEY_BYTES = 32


def checkpoints_folder(home: Path, create: bool = False) -> Path | None:
    """The `checkpoints/` folder when it is a folder of the data folder itself (made first when
    `create`); None when it is a link (wherever it leads), not a folder, or out of reach:
    nothing is read from it nor written through it."""
    folder = checkpoints_dir(home)
    try:
        if create and not os.path.lexists(folder):
            folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder if os.path.isdir(folder) and side_folder_inside(home, folder) else None


def folder_key(folder: Path, create: bool = False) -> bytes | None:
    """The data folder's secret that seals its checkpoints; None when it is missing or anything
    but a file of ours. With `create`, a missing one is made (published whole by a hard link, so
    another process sees it whole or not at all) and a damaged one replaced (every checkpoint
    sealed with it is then refused and rebuilt)."""
    path = folder / KEY_NAME
    key = _read_key(path)
    if key is not None or not create:
        return key
    with contextlib.suppress(OSError):
        temp = write_temp(path, secrets.token_hex(KEY_BYTES))
        try:
            if not os.path.lexists(path):
                with contextlib.suppress(FileExistsError):  # another process made it first
                    os.link(temp, path)
            elif stat.S_ISREG(os.lstat(path).st_mode):  # damaged: a cache's, replaced whole
                os.replace(temp, path)
        finally:
            temp.unlink(missing_ok=True)
    return _read_key(path)


def _read_key(path: Path) -> bytes | None:
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None  # a link, a folder, a pipe: not ours, never used nor replaced
        key = bytes.fromhex(read_bytes(path, 4 * KEY_BYTES).decode("ascii").strip())
    except (OSError, SaveError, ValueError):
        return None
    return key if len(key) == KEY_BYTES else None


def seal(key: bytes, body: bytes) -> bytes:
    """The seal of a checkpoint's `body` with the folder's `key`: a keyed BLAKE2, in hex."""
    return hashlib.blake2b(body, key=key, digest_size=32).hexdigest().encode("ascii")


def checkpoint_names(folder: Path) -> frozenset[str]:
    """The names of the regular files in the checkpoints' folder (nothing when it cannot be
    read: every save is then replayed)."""
    try:
        with os.scandir(folder) as found:
            return frozenset(item.name for item in found if item.is_file(follow_symlinks=False))
    except OSError:
        return frozenset()

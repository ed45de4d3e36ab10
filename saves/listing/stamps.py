"""The stamps of the caches (the listing cache, the checkpoints): a digest of the bytes of the
modules that decide what they hold, found from the packages themselves, never from a list of
files kept by hand (one such list once missed the record parser, the codec and `files.py`).

What decides a cached line or a checkpoint is the kernel, the storage and the game's rules:
every module of `companion` but its command line (which only prints) and the games' own
packages (each stamped apart, so a changed game drops only its own records), every module of
`saves`, and each game's rules package (`registry.rules_files`). A module added, removed or
changed in any of them changes the stamp. More modules than strictly needed are stamped: a
change there costs one rebuild of a cache, a module missed would serve a stale one.

A stamp is computed once per process for the files as they are (their size and modification
time checked at each call, a few hundred microseconds): the bytes are read again only when one
of them changed (a test, a reinstall while the app runs).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from pathlib import Path

import companion
import saves
from companion import registry

KERNEL = "kernel"
"""The stamp of the modules every game's listing and checkpoint go through."""

_DIGESTS: dict[tuple[tuple[str, int, int], ...], str] = {}
"""Digests computed in this process, by the files' paths, sizes and modification times."""


def kernel_folders() -> tuple[Path, ...]:
    """The packages whose modules decide every cached line and checkpoint: the rules' kernel
    (`companion`) and the storage (`saves`)."""
    return Path(companion.__file__).parent, Path(saves.__file__).parent


def kernel_files() -> list[Path]:
    """Every module of `kernel_folders`, but `companion`'s command line and the installed games'
    own packages (stamped per game by `game_files`)."""
    games = {path for game_id in registry.entries() for path in game_files(game_id)}
    command_line = Path(companion.__file__).parent / "cli"
    return [
        path
        for folder in kernel_folders()
        for path in folder.rglob("*.py")
        if path not in games and not path.is_relative_to(command_line)
    ]


def game_files(game_id: str) -> list[Path]:
    """The modules of a game's rules (its package; for a game registered at run time, the
    module of its `apply`)."""
    return registry.rules_files(game_id)


def digest_of(files: Iterable[Path]) -> str:
    """A digest of the names and bytes of `files` (a file that cannot be read counts as
    empty): read once per process while their size and modification time stay the same."""
    found = []
    for path in sorted(set(files)):
        try:
            status = os.stat(path)
        except OSError:
            found.append((str(path), -1, -1))
        else:
            found.append((str(path), status.st_size, status.st_mtime_ns))
    key = tuple(found)
    known = _DIGESTS.get(key)
    if known is not None:
        return known
    hasher = hashlib.blake2b(digest_size=16)
    for name, _size, _mtime in key:
        path = Path(name)  # named by its place in its package: the same code installed
        hasher.update("/".join(path.parts[-2:]).encode("utf-8", "surrogateescape") + b"\0")
        try:  # elsewhere keeps its stamp
            content = path.read_bytes()
        except OSError:
            content = b""
        hasher.update(len(content).to_bytes(8, "big") + content)
    digest = _DIGESTS[key] = hasher.hexdigest()
    return digest


def code_stamp(game_id: str) -> str:
    """The stamp of the modules that decide a game's cached content (`KERNEL`: the kernel's and
    the storage's modules). A game registered at run time is stamped by its rules revision too
    (another game may take its id later in the same process, as tests do)."""
    if game_id == KERNEL:
        return digest_of(kernel_files())
    digest = digest_of(game_files(game_id))
    if registry.installed(game_id):
        return digest
    game = registry.GAMES.get(game_id)
    return f"r{game.rules_revision}/{digest}" if game is not None else digest

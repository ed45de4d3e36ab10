"""The kernel's modules found once per test process, for the project's own folders.

Every save listing stamps its cache with a digest of the kernel's modules
(`saves/listing/stamps.py`), and finding those modules walks `companion/` and `saves/` again at
each listing: about 8 ms of CPU, paid by every app start (home lists the saves) and every
listing a test makes (a third of the thousand damaged saves' sweep). The project's files do not
change while the tests run, so the list is found once per process for those folders and the
games installed; the stamp is still computed from it at each listing, each file's size and
time checked, as the app does. A test that points the stamps at other folders
(`kernel_folders` monkeypatched, to add or change a module) gets a fresh walk every time.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from companion import registry
from saves.listing import stamps

FindFiles = Callable[[], list[Path]]


def found_once(find: FindFiles, own_folders: tuple[Path, ...]) -> FindFiles:
    """`find` (the stamps' `kernel_files`), remembered while the folders are `own_folders`."""
    found: dict[tuple[object, ...], list[Path]] = {}
    """The modules found, by the folders and the games installed."""

    def kernel_files() -> list[Path]:
        folders = stamps.kernel_folders()
        if folders != own_folders:
            return find()
        key = (folders, tuple(registry.entries()))
        if key not in found:
            found[key] = find()
        return list(found[key])

    return kernel_files


def install() -> None:
    """Make `saves.listing.stamps.kernel_files` find the project's modules once (idempotent)."""
    if stamps.kernel_files.__module__ == stamps.__name__:
        setattr(stamps, "kernel_files", found_once(stamps.kernel_files, stamps.kernel_folders()))  # noqa: B010

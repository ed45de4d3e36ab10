"""Where the installed entry points (the games and their screens) come from.

Finding them reads the installed packages' files: that is the environment's part, handed in by
the program's start (`companion/cli/entry_points.py` finds them without importing
`importlib.metadata`, some 25 ms of a start), as the clock and the dice are; until then
`importlib.metadata` is asked. This module holds only that choice, so that a command that needs
no game can hand it in without importing the registry.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol


class Point(Protocol):
    """An entry point as the registries use it: `importlib.metadata`'s, or the command line's
    quicker finder's."""

    @property
    def name(self) -> str: ...

    @property
    def value(self) -> str: ...

    @property
    def dist(self) -> Any: ...

    def load(self) -> Any: ...


class PointFinder(Protocol):
    """A source of the installed entry points: by group, read again after `forget`."""

    def entry_points(self, group: str) -> list[Point]: ...

    def forget(self) -> None: ...


class MetadataPoints:
    """The installed entry points as `importlib.metadata` reads them."""

    def entry_points(self, group: str) -> list[Point]:
        from importlib.metadata import entry_points

        return list(entry_points(group=group))

    def forget(self) -> None:
        importlib.invalidate_caches()


FINDER: PointFinder = MetadataPoints()
"""The finder the registries read through (`find_with`)."""


def find_with(finder: PointFinder) -> None:
    """Read the installed entry points through `finder` from now on (the program's start)."""
    global FINDER
    FINDER = finder


def installed(group: str) -> list[Point]:
    """The installed entry points of `group`."""
    return FINDER.entry_points(group)

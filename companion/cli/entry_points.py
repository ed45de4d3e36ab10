"""The installed packages' entry points, found as `importlib.metadata.entry_points` finds them,
without importing it: the quick finder the command line hands the registry
(`companion.points.find_with`), since reading the installed packages' files is the environment's
part, not the rules'.

A start asked `importlib.metadata` for the games and their screens: importing it costs some 10 ms
(it imports `email`, `zipfile`, `csv`, `importlib.resources`), and it reads a package's name and
version by parsing its whole METADATA (the README in it) through `email`, some 25 ms in all.
Here the distributions are found the way its path finder finds them: each folder of `sys.path`
in order, its `*.dist-info` and `*.egg-info` folders grouped by name as listed, the first of each
name kept; each one's `entry_points.txt` read and parsed by its rules; a name and a version read
from the metadata's head when first asked. A package installed later is found by the next
reading (`forget`). Where `importlib.metadata` would look elsewhere (a zip or an egg on
`sys.path`, another finder of distributions installed), it is asked itself.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.points import Point

INFO_ENDINGS = (".dist-info", ".egg-info")
POINT_SYNTAX = re.compile(
    r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$"
)
"""An entry point's value (`module:attribute [extras]`), as `importlib.metadata` reads it."""


class Distribution:
    """An installed package's metadata folder; its name and version read when first asked."""

    def __init__(self, path: str) -> None:
        self.path = path

    def read_text(self, filename: str) -> str | None:
        """A file of the metadata folder (`""`: the path itself, an old `.egg-info` file), or
        None when it cannot be read."""
        try:
            with open(os.path.join(self.path, filename) if filename else self.path, "rb") as file:
                return file.read().decode("utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    @functools.cached_property
    def headers(self) -> dict[str, str]:
        """The metadata's headers, lower-cased name -> the first value (as `email` reads them:
        until the first line that is neither a header nor its continuation)."""
        text = self.read_text("METADATA") or self.read_text("PKG-INFO") or self.read_text("")
        found: dict[str, str] = {}
        last = ""
        for line in (text or "").splitlines():
            if line[:1] in (" ", "\t") and last:
                found[last] += "\n" + line  # a folded header's next line
                continue
            header, colon, value = line.partition(":")
            if not colon or not header or header != header.strip():
                break
            last = "" if header.lower() in found else header.lower()  # the first one counts
            if last:
                found[last] = value.lstrip(" \t")
        return found

    @property
    def name(self) -> str | None:
        return self.headers.get("name")

    @property
    def version(self) -> str | None:
        return self.headers.get("version")

    def normalized_name(self) -> str:
        """The name that makes two distributions the same one, from the folder's name where it
        tells it (`importlib.metadata`'s `_normalized_name`)."""
        stem, ending = os.path.splitext(os.path.basename(self.path))
        if ending in INFO_ENDINGS:
            return normalized(stem.partition("-")[0])
        return normalized(self.name or "")


class EntryPoint:
    """One `name = value` of a group in a distribution's `entry_points.txt`."""

    __slots__ = ("dist", "group", "name", "value")

    def __init__(self, name: str, value: str, group: str, dist: Distribution) -> None:
        self.name = name
        self.value = value
        self.group = group
        self.dist = dist

    def load(self) -> Any:
        """What the value names: its module imported, then its attributes followed."""
        match = POINT_SYNTAX.match(self.value)
        if match is None:
            raise ValueError(f"not an entry point: {self.value!r}")
        found: Any = import_module(match.group("module"))
        for attribute in filter(None, (match.group("attr") or "").split(".")):
            found = getattr(found, attribute)
        return found


def normalized(name: str) -> str:
    """A distribution's name as `importlib.metadata` compares them."""
    return re.sub(r"[-_.]+", "_", name).lower()


_FOUND: dict[str, list[EntryPoint]] | None = None
"""Every installed entry point by group, as last read (`forget` reads them again)."""


def entry_points(group: str) -> list[Point]:
    """The entry points of `group` in every installed distribution, in `importlib.metadata`'s
    order (`sys.path`'s, then each folder's listing)."""
    global _FOUND
    if not plain_folders_only():
        from importlib.metadata import entry_points as asked

        return list(asked(group=group))
    if _FOUND is None:
        _FOUND = {}
        for dist in distributions():
            for point in points_of(dist):
                _FOUND.setdefault(point.group, []).append(point)
    return list(_FOUND.get(group, ()))


def forget() -> None:
    """Read the installed distributions again on the next call (a package was installed)."""
    global _FOUND
    _FOUND = None


def plain_folders_only() -> bool:
    """True when `importlib.metadata` would find distributions only in folders of `sys.path`:
    no other finder of distributions, and no zip or egg on the path."""
    from importlib.machinery import PathFinder

    for finder in sys.meta_path:
        if finder is not PathFinder and hasattr(finder, "find_distributions"):
            return False
    for entry in sys.path:
        if not isinstance(entry, str) or entry.lower().endswith(".egg") or os.path.isfile(entry):
            return False
    return True


def distributions() -> list[Distribution]:
    """Each distribution once (the first found of a name), in the order they are found."""
    seen: set[str] = set()
    found: list[Distribution] = []
    for entry in sys.path:
        try:
            children = os.listdir(entry or ".")
        except OSError:
            continue
        grouped: dict[str, list[str]] = {}
        for child in children:
            low = child.lower()
            if low.endswith(INFO_ENDINGS):
                key = normalized(low.rpartition(".")[0].partition("-")[0])
                grouped.setdefault(key, []).append(os.path.join(entry, child))
        for paths in grouped.values():
            for path in paths:
                dist = Distribution(path)
                name = dist.normalized_name()
                if name not in seen:
                    seen.add(name)
                    found.append(dist)
    return found


def points_of(dist: Distribution) -> list[EntryPoint]:
    """A distribution's entry points, read from its `entry_points.txt` as `importlib.metadata`
    reads it (a line outside a group, or without `=`, names none)."""
    points: list[EntryPoint] = []
    group: str | None = None
    for line in (dist.read_text("entry_points.txt") or "").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            group = line.strip("[]")
        elif group is not None and "=" in line:
            name, _, value = line.partition("=")
            points.append(EntryPoint(name.strip(), value.strip(), group, dist))
    return points

"""Pebbles installed the way pip installs a package: a `fifth_game-0.1.dist-info` folder whose
`entry_points.txt` names its game (`companion.games`) and its screens (`companion.screens`),
found on `sys.path` here and on `PYTHONPATH` by the `companion` processes a test starts."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import registry
from tests.cli.conftest import run  # noqa: F401 (the command-line tests' `run` fixture)
from widgets.shell import games as screens

PACKAGE_FOLDER = Path(__file__).resolve().parent
"""The folder that holds the package `pebbles`, as site-packages would."""
ROOT = PACKAGE_FOLDER.parents[1]

METADATA = """\
Metadata-Version: 2.1
Name: fifth-game
Version: 0.1
Summary: Pebbles, a fifth game for Table Companion
"""
ENTRY_POINTS = """\
[companion.games]
pebbles = pebbles:ENTRY

[companion.screens]
pebbles = pebbles.screens:PEBBLES_UI
"""


HOSTILE_METADATA = """\
Metadata-Version: 2.1
Name: hostile-games
Version: 0.1
Summary: Plug-ins that fail in every way a plug-in can
"""
BROKEN_IMPORTS = {"runtime-import": "RUNTIME", "syntax-import": "SYNTAX", "exit-import": "EXIT"}
"""Entry points whose import raises a RuntimeError, a SyntaxError, or exits."""


def hostile_entry_points() -> str:
    """`hostile-games`' entry points: its faulty games, its broken imports and two impostors
    of Sojourn (one by its entry point's name, one by its game's id)."""
    from hostile import FAULTS

    games = [f"{fault} = hostile:{fault.replace('-', '_')}" for fault in FAULTS]
    broken = [f"{name} = hostile.broken:{way}" for name, way in BROKEN_IMPORTS.items()]
    screens = [f"{fault} = hostile.screens:{fault.replace('-', '_')}" for fault in FAULTS]
    return "\n".join(
        [
            "[companion.games]",
            "sojourn = hostile:IMPOSTOR",
            "not-sojourn = hostile:IMPOSTOR",
            *games,
            *broken,
            "",
            "[companion.screens]",
            "sojourn = pebbles.screens:PEBBLES_UI",
            *screens,
            "",
        ]
    )


def forget_installed() -> None:
    """The registries read the entry points again on their next call."""
    registry.forget_entries()
    screens.forget_screens()


@pytest.fixture
def installed_plugin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Pebbles installed for one test (the folder holding its `.dist-info`); uninstalled after,
    the games and screens loaded meanwhile forgotten."""
    site = tmp_path_factory.mktemp("site-packages")
    info = site / "fifth_game-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(METADATA, "utf-8")
    (info / "entry_points.txt").write_text(ENTRY_POINTS, "utf-8")
    path = os.pathsep.join([str(site), str(PACKAGE_FOLDER), str(ROOT)])
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(PACKAGE_FOLDER))
        patch.syspath_prepend(str(site))
        patch.setenv("PYTHONPATH", path)
        patch.setattr(registry, "GAMES", dict(registry.GAMES))
        forget_installed()
        yield site
    forget_installed()


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder that holds `hostile-games`' `.dist-info`, as site-packages would."""
    site = tmp_path_factory.mktemp("hostile-site")
    info = site / "hostile_games-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(HOSTILE_METADATA, "utf-8")
    (info / "entry_points.txt").write_text(hostile_entry_points(), "utf-8")
    return site


@pytest.fixture
def hostile_plugins(hostile_site: Path) -> Iterator[Path]:
    """`hostile-games` installed ahead of this project on `sys.path` (and `PYTHONPATH`) for one
    test; uninstalled after, what was loaded meanwhile forgotten."""
    path = os.pathsep.join([str(hostile_site), str(PACKAGE_FOLDER), str(ROOT)])
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(PACKAGE_FOLDER))
        patch.syspath_prepend(str(hostile_site))
        patch.setenv("PYTHONPATH", path)
        patch.setattr(registry, "GAMES", dict(registry.GAMES))
        forget_installed()
        yield hostile_site
    forget_installed()


BROKEN_METADATA = """\
Metadata-Version: 2.1
Name: broken-game
Version: 0.2
Summary: A plug-in whose import raises
"""


@pytest.fixture
def broken_plugin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """One plug-in, `broken-game 0.2`, whose game's import raises a RuntimeError, installed for
    one test (home's line and F1 list, drawn)."""
    site = tmp_path_factory.mktemp("broken-site")
    info = site / "broken_game-0.2.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(BROKEN_METADATA, "utf-8")
    points = "[companion.games]\nbroken = hostile.broken:RUNTIME\n"
    (info / "entry_points.txt").write_text(points, "utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(PACKAGE_FOLDER))
        patch.syspath_prepend(str(site))
        forget_installed()
        yield site
    forget_installed()

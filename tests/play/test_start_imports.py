"""What the app imports before a game opens: home first, everything else when first needed (issue
44). The start to the home screen pays for no game's screens or rules, no statistics, table view,
dice tray, help, server or worker processes: each is imported when a player first asks for it."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

from companion import registry
from tests.support.samples import SAMPLES, install_sample
from widgets.shell.games import SCREENS_GROUP

ROOT = Path(__file__).resolve().parents[2]
HOME_SHOWN = """
import sys
import widgets.app

run = widgets.app.CompanionApp.run


async def shown(pilot):
    await pilot.pause()
    assert pilot.app.screen.__class__.__name__ == "HomeScreen", pilot.app.screen
    pilot.app.exit()


widgets.app.CompanionApp.run = lambda app, **_: run(
    app, headless=True, size=(80, 24), auto_pilot=shown
)
from companion.cli import main

main([])
print("\\n".join(sorted(sys.modules)))
"""
"""`companion` with no command, as a player starts it, run headless until home is shown."""
NOT_FOR_HOME = (
    "widgets.play",
    "widgets.stats",
    "widgets.table_view",
    "widgets.dice",
    "widgets.shell.help",
    "widgets.shell.keys",
    "saves.history.plays",
    "saves.history.bgstats",
    "textual.widgets._markdown",
    "importlib.metadata",  # the entry points are read without it (companion/cli/entry_points.py)
    "email",
    "argparse",  # `companion` with no command builds no parser (companion/cli/__init__.py)
    "saves.shared.rolls",  # the roll history is opened at the first roll (`CompanionApp.rolls`)
    "multiprocessing",
    "textual_serve",
    "aiohttp",
)
"""Packages and modules home's start does not need (with everything under them)."""


def modules_after(statement: str) -> set[str]:
    """The modules in `sys.modules` after `statement` ran in a fresh interpreter."""
    code = f"import sys\n{statement}\nprint('\\n'.join(sorted(sys.modules)))\n"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return set(done.stdout.split())


def home_started(home: Path) -> set[str]:
    """The modules imported by `companion` started on `home` until its home screen is shown."""
    env = {**os.environ, "COMPANION_HOME": str(home)}
    done = subprocess.run(
        [sys.executable, "-c", HOME_SHOWN],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return set(done.stdout.split())


def under(modules: set[str], names: tuple[str, ...] | list[str]) -> set[str]:
    """The modules that are one of `names` or inside one of them."""
    return {m for m in modules if any(m == n or m.startswith(f"{n}.") for n in names)}


def screens_modules() -> list[str]:
    """The modules of every installed game's screens (`GameUI`), as their entry points name them."""
    return [point.value.partition(":")[0] for point in entry_points(group=SCREENS_GROUP)]


def test_the_app_imports_the_shared_game_only_when_a_game_opens() -> None:
    modules = modules_after("import widgets.app")
    assert "widgets.shell.home" in modules  # the report is read right
    assert not under(modules, ["widgets.play"])


def test_home_is_shown_without_what_only_other_screens_need(companion_home: Path) -> None:
    for sample in SAMPLES.glob("*.toml"):
        install_sample(companion_home, sample.stem)
    first = home_started(companion_home)  # no listing cache yet: the saves are replayed
    assert "widgets.shell.home" in first and "companion.registry" in first
    assert not under(first, NOT_FOR_HOME)
    assert not under(first, screens_modules())
    again = home_started(companion_home)  # the listing cache knows every save
    assert not under(again, NOT_FOR_HOME)
    assert not under(again, screens_modules())
    assert not under(again, registry.rules_modules())

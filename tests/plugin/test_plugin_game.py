"""A fifth game installed as a plug-in (tests/plugin/pebbles, through `installed_plugin`) is a
game like the four, with no edit outside its own package: home lists it, its setup and play
screens open, a key plays and undo takes it back, its table view shows its own figures, the
command line shows and plays it, and the statistics, the plays export and the BG Stats file
count it."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pebbles.game import PEBBLES, PebblesSetup, PebblesState, Take
from pebbles.screens import PebblesScreen, PebblesSetupScreen
from textual.widgets import OptionList, Static

from saves.games.store import SaveStore
from tests.conftest import fixed_clock
from tests.support.saving import record_played
from tests.support.waiting import pause_until
from widgets.table_view import TableViewScreen
from widgets.table_view.boxes import GroupBox
from widgets.table_view.figures import Figure, Group

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.usefixtures("installed_plugin")


def companion(*args: str) -> str:
    """What the real `companion` command prints, in its own process (the test's data folder
    and the plug-in's `PYTHONPATH` in its environment); it must succeed."""
    done = subprocess.run(
        [sys.executable, "-m", "companion", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert (done.returncode, done.stderr) == (0, "")
    return done.stdout


def pile(screen: PebblesScreen) -> str:
    return str(screen.query_one("#pebbles-pile", Static).content)


async def test_home_setup_play_undo_and_table_view(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        games = app.screen.query_one("#games", OptionList)
        last = games.get_option_at_index(games.option_count - 1)
        assert (str(last.prompt), last.id, last.disabled) == ("Pebbles", "pebbles", False)
        games.focus()
        games.highlighted = games.option_count - 1
        await pilot.press("enter")
        await pause_until(pilot, lambda: isinstance(app.screen, PebblesSetupScreen))
        await pilot.press("ctrl+s")
        await pause_until(pilot, lambda: isinstance(app.screen, PebblesScreen))
        screen = app.screen
        assert isinstance(screen, PebblesScreen)
        assert pile(screen) == "Pile 7. Ana 0, Ben 0. Ana to take."
        assert [seat.name for seat in screen.seats.options()] == ["Ana", "Ben"]

        await pilot.press("2")
        await pause_until(pilot, lambda: screen.session.actions == [Take(2)])
        assert pile(screen) == "Pile 5. Ana 2, Ben 0. Ben to take."
        saved = SaveStore(companion_home).load(screen.saved.id)
        assert saved.session.history == ["Ana takes 2 (5 left)"]

        await pilot.press("ctrl+z")
        await pause_until(pilot, lambda: not screen.session.actions)
        assert pile(screen) == "Pile 7. Ana 0, Ben 0. Ana to take."
        assert not SaveStore(companion_home).load(screen.saved.id).session.actions

        await pilot.press("v")
        await pause_until(pilot, lambda: isinstance(app.screen, TableViewScreen))
        view = app.screen
        assert str(view.query_one("#tv-headline", Static).content) == "Ana to take"
        assert [box.group for box in view.query(GroupBox)] == [
            Group("Pile", (Figure("Pebbles", 7),)),
            Group("Ana", (Figure("Held", 0),)),
            Group("Ben", (Figure("Held", 0),)),
        ]


def test_the_command_line_plays_it_and_the_history_counts_it(companion_home: Path) -> None:
    store = SaveStore(companion_home, fixed_clock)
    saved = store.create(PEBBLES, PebblesSetup(pile=5), "Pebbles night")
    saved.session.do(Take(2))
    record_played(store, saved)

    assert companion("act", saved.id, "Take", "count=3") == "Ben takes 3 (0 left)\n"
    shown = json.loads(companion("show", saved.id, "--json"))
    assert (shown["game"], shown["status"]) == ("pebbles", "finished")
    assert (shown["pile"], shown["held"]) == (0, {"Ana": 2, "Ben": 3})
    finished = SaveStore(companion_home).load(saved.id).session.state
    assert isinstance(finished, PebblesState) and finished.pile == 0

    stats = json.loads(companion("stats", "--json"))
    assert (stats["games"]["pebbles"]["plays"], stats["games"]["pebbles"]["wins"]) == (1, 1)
    assert stats["players"]["Ben"]["games"]["pebbles"]["wins"] == 1
    assert stats["games"]["pebbles"]["rolled_takes"] == 0  # its own figure, from its details

    rows = list(csv.DictReader(io.StringIO(companion("plays", "--format", "csv"))))
    assert [(row["game"], row["player"], row["score"], row["win"]) for row in rows] == [
        ("Pebbles", "Ana", "2", "0"),
        ("Pebbles", "Ben", "3", "1"),
    ]

    bgstats = json.loads(companion("plays", "--format", "bgstats"))
    assert [game["name"] for game in bgstats["games"]] == ["Pebbles"]
    assert [score["winner"] for score in bgstats["plays"][0]["playerScores"]] == [False, True]

    # a play typed in counts in plays and wins, and brings none of the game's own details
    companion("record", "pebbles", "--player", "Ana=4", "--player", "Ben=1")
    line = json.loads(companion("stats", "--json"))["games"]["pebbles"]
    assert (line["plays"], line["wins"], line["plays_with_rolls_counted"]) == (2, 2, 1)

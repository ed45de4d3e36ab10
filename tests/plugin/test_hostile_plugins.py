"""Hostile plug-ins (tests/plugin/hostile, installed by `hostile_plugins` ahead of this project on
`sys.path`): whatever they do at import or in a game's function, the four games stay the
project's, each one left out is listed with why, every command says one line, exits 2 and
writes nothing, and the app keeps running with every other game as it was."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from pebbles.game import PEBBLES, PebblesSetup, Take
from pebbles.screens import PebblesScreen
from textual.widgets import OptionList, Static

from companion import registry
from companion.guard import GameFault
from companion.session import Session
from saves.games.store import SavedGame, SaveStore
from tests.cli.conftest import Run
from tests.conftest import fixed_clock
from tests.support.notes import record_notes
from tests.support.saving import publish_whole
from tests.support.waiting import pause_until
from widgets.app import CompanionApp
from widgets.shell.games import game_ui
from widgets.shell.help import help_text
from widgets.shell.home import HomeScreen
from widgets.stats.charts import game_notes
from widgets.table_view.view import content_for

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.usefixtures("hostile_plugins")

FOUR = {
    "sojourn": "Sojourn",
    "six-sojourns": "Six Sojourns",
    "cavendish": "TIME Stories Revolution: Cavendish",
    "time-bastards": "Time Bastards",
}
PACKAGE = "hostile-games 0.1"

LEFT_OUT = {
    ("companion.games", "sojourn", "id `sojourn` belongs to tabletop-companion"),
    ("companion.games", "not-sojourn", "id `sojourn` belongs to tabletop-companion"),
    (
        "companion.games",
        "runtime-import",
        "failed to load: RuntimeError: the plug-in's import failed",
    ),
    (
        "companion.games",
        "syntax-import",
        "failed to load: SyntaxError: invalid syntax (hostile_syntax.py, line 1)",
    ),
    ("companion.games", "exit-import", "failed to load: SystemExit: 3"),
    ("companion.screens", "sojourn", "id `sojourn` belongs to tabletop-companion"),
}
"""Every entry point of `hostile-games` left out, and why."""

DRAW_FAULTS = {
    "status-raises": "Status Raises (hostile-games 0.1): status raised ZeroDivisionError: "
    "integer division or modulo by zero",
    "redraw-raises": "Redraw Raises (hostile-games 0.1): the screen's RedrawRaises.refresh_state "
    "raised RuntimeError: the pile cannot be drawn",
}
"""The faults found as a game's screen is drawn: said once, the game then only watched."""

ACT_FAULTS = {
    "apply-raises": "Apply Raises (hostile-games 0.1): apply raised ZeroDivisionError: integer "
    "division or modulo by zero",
    "apply-none": "Apply None (hostile-games 0.1): apply returned None, not PebblesState",
    "narrate-int": "Narrate Int (hostile-games 0.1): narrate returned a int, not str",
    "describe-raises": "Describe Raises (hostile-games 0.1): describe raised ZeroDivisionError: "
    "integer division or modulo by zero",
    "describe-set": "Describe Set (hostile-games 0.1): describe returned a set at pile",
    "describe-datetime": "Describe Datetime (hostile-games 0.1): describe returned a datetime "
    "at at",
    "describe-nan": "Describe Nan (hostile-games 0.1): describe returned nan at pile",
    "describe-huge": "Describe Huge (hostile-games 0.1): describe returned a number past 64 "
    "bits at pile",
}
"""The line each faulty game's action gives, on the command line and in the app."""


def save_of(home: Path, game_id: str) -> str:
    """A new save of a game (its setup, no action yet); its id."""
    game = registry.get_game(game_id)
    assert game is not None
    return SaveStore(home, fixed_clock).create(game, PebblesSetup(), f"{game_id} night").id


def file_bytes(home: Path, save_id: str) -> bytes:
    return SaveStore(home).path_for(save_id).read_bytes()


def test_the_four_games_stay_the_projects_and_every_left_out_one_says_why() -> None:
    entries = registry.entries()
    assert {game_id: entries[game_id].title for game_id in FOUR} == FOUR
    assert registry.get_game("sojourn") is not None
    assert registry.source("sojourn").distribution == "tabletop-companion"
    assert game_ui("sojourn") is not None and "pebbles" not in type(game_ui("sojourn")).__module__
    assert game_ui("sojourn").play_screen.__module__.startswith("widgets.sojourn")  # type: ignore[union-attr]
    assert {(left.group, left.name, left.reason) for left in registry.left_out()} == LEFT_OUT
    assert {left.distribution for left in registry.left_out()} == {"hostile-games"}


def test_companion_games_in_its_own_process(companion_home: Path) -> None:
    """The real command, with `hostile-games` on `PYTHONPATH` as pip would leave it."""
    done = subprocess.run(
        [sys.executable, "-m", "companion", "games", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert (done.returncode, done.stderr) == (0, "")
    shown = json.loads(done.stdout)
    schema = json.loads((ROOT / "docs" / "schemas" / "games.schema.json").read_text("utf-8"))
    assert list(Draft202012Validator(schema).iter_errors(shown)) == []
    games = {game["id"]: game for game in shown["games"]}
    assert {game_id: games[game_id]["title"] for game_id in FOUR} == FOUR
    assert games["sojourn"]["package"] == "tabletop-companion"
    assert (games["apply-raises"]["package"], games["apply-raises"]["version"]) == (
        "hostile-games",
        "0.1",
    )
    assert all(type(game["rules"]) is int for game in shown["games"])
    assert {(left["group"], left["name"], left["reason"]) for left in shown["left_out"]} == LEFT_OUT


def test_companion_games_says_each_left_out_in_one_line(run: Run) -> None:
    code, out, err = run("games")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert "sojourn  Sojourn  (tabletop-companion 0.1.0, rules 3)" in lines
    assert "Left out (6):" in lines
    assert (
        "  runtime-import (hostile-games 0.1, companion.games): failed to load: RuntimeError: "
        "the plug-in's import failed"
    ) in lines


def test_every_fault_of_an_action_is_one_line_exit_2_and_nothing_written(
    run: Run, companion_home: Path
) -> None:
    for game_id, line in ACT_FAULTS.items():
        save_id = save_of(companion_home, game_id)
        before = file_bytes(companion_home, save_id)
        code, out, err = run("act", save_id, "Take", "count=1")
        assert (code, out, err) == (2, "", f"companion: {line}\n"), game_id
        assert file_bytes(companion_home, save_id) == before, game_id


@pytest.mark.parametrize("command", [["show", "--json"], ["export", "--format", "json"]])
def test_a_faulty_describe_is_one_line_for_show_and_export(
    run: Run, companion_home: Path, command: list[str]
) -> None:
    for game_id in ("describe-raises", "describe-set", "describe-nan", "describe-huge"):
        save_id = save_of(companion_home, game_id)
        before = file_bytes(companion_home, save_id)
        code, out, err = run(command[0], save_id, *command[1:])
        assert (code, out) == (2, ""), game_id
        assert (
            err.startswith(f"companion: {ACT_FAULTS[game_id].split(':')[0]}:")
            and err.count("\n") == 1
        )
        assert file_bytes(companion_home, save_id) == before


def test_a_faulty_summary_lists_that_save_as_unreadable_and_the_others_as_ever(
    run: Run, companion_home: Path
) -> None:
    good = save_of(companion_home, "narrate-int")  # a game whose summary answers well
    bad = save_of(companion_home, "summary-raises")
    before_the_bug = Session(replace(PEBBLES, id="apply-raises"), PebblesSetup(), [Take(2)])
    played = SavedGame(
        "apply-raises-1", "Before the bug", before_the_bug, fixed_clock(), fixed_clock()
    )
    publish_whole(SaveStore(companion_home, fixed_clock), played)
    code, out, err = run("list", "--json")
    assert (code, err) == (0, "")
    listed = json.loads(out)
    assert [game["id"] for game in listed["games"]] == [good]
    reasons = {Path(item["path"]).stem: item["reason"] for item in listed["unreadable"]}
    assert reasons == {
        bad: "Summary Raises (hostile-games 0.1): summary raised ZeroDivisionError: integer "
        "division or modulo by zero",
        played.id: ACT_FAULTS["apply-raises"],  # its game cannot replay it
    }
    assert run("stats")[0] == 0


def test_a_faulty_apply_in_its_own_process(companion_home: Path) -> None:
    """No traceback, exit 2, the file as it was: in the real command's own process."""
    save_id = save_of(companion_home, "apply-none")
    before = file_bytes(companion_home, save_id)
    done = subprocess.run(
        [sys.executable, "-m", "companion", "act", save_id, "Take", "count=1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"companion: {ACT_FAULTS['apply-none']}\n"
    assert file_bytes(companion_home, save_id) == before


def test_the_guard_lets_a_rule_error_through_and_names_the_game() -> None:
    game = registry.get_game("pebbles") or registry.get_game("apply-raises")
    assert game is not None
    with pytest.raises(GameFault, match=r"^Apply Raises \(hostile-games 0\.1\): apply raised"):
        game.apply(game.start(PebblesSetup()), None)
    narrating = registry.get_game("narrate-int")
    assert narrating is not None
    from companion.core import RuleError

    with pytest.raises(RuleError, match="Pebbles knows only Take and Pass"):
        narrating.apply(narrating.start(PebblesSetup()), None)


def test_whose_move_goes_through_the_guard() -> None:
    """`mover` (whose move an action is) is the game's code too: a wrong answer is a fault."""
    from dataclasses import replace

    from pebbles.game import PEBBLES, Take

    from companion.guard import guarded

    answering = guarded(replace(PEBBLES, mover=lambda state, action: 7), "pig-game 0.1")
    with pytest.raises(GameFault, match=r"^Pebbles \(pig-game 0\.1\): mover returned a int"):
        answering.mover(answering.start(PebblesSetup()), Take(1))


def test_a_game_ui_whose_parts_raise_says_its_line_in_their_place() -> None:
    """The help, the table view and the Stats screen's notes of a game whose screens' code
    raises: its fault line where their words would be."""
    fault = (
        "Screens Raise (hostile-games 0.1): {} raised RuntimeError: the screen could not be built"
    )
    assert fault.format("help_text") in help_text("screens-raise").replace("\\", "")
    state = PEBBLES.start(PebblesSetup())
    assert content_for("screens-raise", "Screens Raise", state).headline == fault.format(
        "table_view"
    )
    notes = game_notes({"screens-raise": {}}, {"screens-raise": "Screens Raise"}, {})
    assert notes.plain.splitlines() == ["Screens Raise", fault.format("chart_notes")]


def test_home_says_how_many_were_left_out_and_f1_lists_them() -> None:
    help_md = help_text("home")
    assert "## Plug-ins not loaded" in help_md
    item = "- exit\\-import \\(hostile\\-games 0\\.1\\, companion\\.games\\)\\: failed to load\\: "
    assert item + "SystemExit\\: 3\n" in help_md  # every mark of its words made literal
    assert "- exit-import (hostile-games 0.1, companion.games): failed to load: SystemExit: 3" in (
        help_md.replace("\\", "")
    )


async def test_the_app_keeps_running_and_each_faulty_game_is_only_watched(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    saves = {game_id: save_of(companion_home, game_id) for game_id in ACT_FAULTS}
    before = {game_id: file_bytes(companion_home, save) for game_id, save in saves.items()}
    save_of(companion_home, "summary-raises")
    drawn = {game_id: save_of(companion_home, game_id) for game_id in DRAW_FAULTS}
    app: CompanionApp = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        home = app.screen
        assert isinstance(home, HomeScreen)
        line = home.query_one("#home-left-out", Static)
        assert str(line.content) == "5 plug-ins were not loaded: see `companion games` or F1"
        games = home.query_one("#games", OptionList)
        titles = [str(games.get_option_at_index(i).prompt) for i in range(4)]
        assert titles == list(FOUR.values())
        assert sorted(home.unreadable.values()) == [  # listed as unreadable, with the line
            DRAW_FAULTS["status-raises"],
            "Summary Raises (hostile-games 0.1): summary raised ZeroDivisionError: integer "
            "division or modulo by zero",
        ]

        for game_id, fault in ACT_FAULTS.items():
            assert app.open_saved(saves[game_id])
            await pause_until(pilot, lambda: isinstance(app.screen, PebblesScreen))
            screen = app.screen
            assert isinstance(screen, PebblesScreen)
            await pilot.press("1")
            await pause_until(pilot, lambda shown=screen: bool(shown.watch_only))
            assert screen.watch_only == fault and notes[-1] == fault
            assert not screen.session.actions
            assert file_bytes(companion_home, saves[game_id]) == before[game_id]
            app.go_home()
            await pause_until(pilot, lambda: isinstance(app.screen, HomeScreen))

        for game_id, fault in DRAW_FAULTS.items():  # the game's code fails as it is drawn
            assert app.open_saved(drawn[game_id])
            await pause_until(pilot, lambda: isinstance(app.screen, PebblesScreen))
            screen = app.screen
            assert isinstance(screen, PebblesScreen)
            await pilot.press("1")
            await pause_until(pilot, lambda shown=screen: bool(shown.watch_only))
            assert screen.watch_only == fault and notes.count(fault) == 1
            app.go_home()
            await pause_until(pilot, lambda: isinstance(app.screen, HomeScreen))

        app.new_game("screens-raise")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert notes[-1] == (
            "Screens Raise (hostile-games 0.1): setup_screen raised RuntimeError: the screen "
            "could not be built"
        )
        app.new_game("sojourn")  # the four games' own screens, not the impostor's
        await pilot.pause()
        assert type(app.screen).__module__.startswith("widgets.sojourn")
        await pilot.pause()

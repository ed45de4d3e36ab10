"""A game registered at run time is a game like the four: home lists it, its plays count in the
statistics through its own facts, and `companion show --json` shows it."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fifth_game import RACE, RACE_UI, race_moves
from textual.widgets import OptionList

from companion import registry
from companion.cli import main
from saves.games.store import SaveStore
from tests.conftest import fixed_clock
from tests.support.notes import record_notes
from tests.support.saving import record_played
from tests.support.toy import TallySetup
from widgets.shell import games as screens


@pytest.fixture
def race(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(screens, "ADDED_UIS", {})
    registry.register(RACE)
    screens.register_ui(RACE_UI)
    yield
    registry.unregister(RACE.id)


def played_race(home: Path) -> str:
    store = SaveStore(home, fixed_clock)
    saved = store.create(RACE, TallySetup(limit=3), "Race night")
    for move in race_moves():
        saved.session.do(move)
    record_played(store, saved)
    return saved.id


@pytest.mark.usefixtures("race")
async def test_home_lists_the_registered_game(make_test_app: Callable[..., Any]) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)):
        games = app.screen.query_one("#games", OptionList)
        last = games.get_option_at_index(games.option_count - 1)
        assert (str(last.prompt), last.id, last.disabled) == ("Race", "race", False)


@pytest.mark.usefixtures("race")
def test_its_plays_count_through_its_own_facts(
    companion_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    played_race(companion_home)
    assert main(["stats", "--json", "--game", "race"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"]["race"] | {"last_played": None} == {
        "plays": 1,
        "in_progress": 0,
        "wins": 1,
        "average_score": 1.0,  # Ana 0 short, Ben 2 short
        "best_score": 0,
        "lower_is_better": True,
        "last_played": None,
    }
    assert data["players"]["Ana"]["games"]["race"]["wins"] == 1


@pytest.mark.usefixtures("race")
def test_show_json_works(companion_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save_id = played_race(companion_home)
    assert main(["show", save_id, "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert (shown["game"], shown["counts"], shown["status"]) == ("race", [3, 1], "finished")


def test_no_kernel_module_imports_a_game() -> None:
    """The kernel (the modules of companion/ itself; the command line, which wires the layers,
    is the package companion/cli/) knows no game:
    the registry names their packages, and each game brings its own facts."""
    kernel = Path(__file__).resolve().parents[2] / "companion"
    games = re.compile(
        r"^\s*(from|import) companion\.(sojourn|six_sojourns|cavendish|time_bastards)"
    )
    for module in kernel.glob("*.py"):
        lines = module.read_text("utf-8").splitlines()
        assert not [line for line in lines if games.match(line)], module.name


def test_the_stats_screen_imports_nothing_of_home() -> None:
    screen = Path(__file__).resolve().parents[2] / "widgets" / "stats" / "screen.py"
    assert "widgets.shell.home" not in screen.read_text("utf-8")


@pytest.mark.usefixtures("race")
async def test_the_app_refuses_a_setup_seating_one_player_twice(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.start_game(RACE.id, TallySetup(players=("Zo\u00eb", "Zoe\u0308"))) is None
        await pilot.pause()
        assert notes[-1].endswith("are one player (the same name): give them different names.")
        assert not list((companion_home / "games").glob("*.toml"))

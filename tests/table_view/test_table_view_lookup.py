"""The table view finds what it shows of a game through the game's screens (`GameUI.table_view`):
each of the four through its own package, a game registered at run time through what it brings,
and one without a table view says so; reading a game's `GameUI` imports none of its modules."""

from __future__ import annotations

import importlib
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from table_view_helpers import GAMES

from saves.games.store import SaveStore
from tests.stats.fifth_game import RACE, RACE_UI
from tests.support.samples import install_sample
from tests.support.toy import TallySetup, TallyState
from widgets.shell import games as screens
from widgets.shell.games import GameUI
from widgets.table_view.figures import Figure, Group, TableContent
from widgets.table_view.view import content_for

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = {
    "cavendish": "cavendish",
    "time-bastards": "time_bastards",
    "six-sojourns": "six_sojourns",
    "sojourn": "sojourn",
}
"""Game id -> its package under `widgets/`."""


@pytest.fixture
def no_added_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Games registered during the test are forgotten after it."""
    monkeypatch.setattr(screens, "ADDED_UIS", {})
    yield


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_shows_what_its_own_table_view_says(game_id: str, companion_home: Path) -> None:
    state = SaveStore(companion_home).load(install_sample(companion_home, game_id)).session.state
    own = importlib.import_module(f"widgets.{PACKAGES[game_id]}.table_view")
    content = content_for(game_id, "any title", state)
    assert content == own.table(state)
    assert content.groups  # (the sample shows figures, not the "no table view" line)


@pytest.mark.usefixtures("no_added_games")
def test_a_game_without_a_table_view_says_so_by_its_title() -> None:
    screens.register_ui(RACE_UI)
    state = RACE.start(TallySetup(limit=3))
    assert content_for(RACE.id, "Race", state) == TableContent("Race has no table view.", ())
    assert content_for("no-such-game", "Lost", state).headline == "Lost has no table view."


@pytest.mark.usefixtures("no_added_games")
def test_a_game_registered_at_run_time_shows_its_own_table_view() -> None:
    def counts(state: TallyState) -> TableContent:
        figures = tuple(
            Figure(name, n) for name, n in zip(state.setup.players, state.counts, strict=True)
        )
        return TableContent("Race on", (Group("Steps", figures),))

    screens.register_ui(GameUI(RACE.id, RACE_UI.setup_screen, RACE_UI.play_screen, counts))
    content = content_for(RACE.id, "Race", RACE.start(TallySetup(limit=3)))
    assert content == TableContent(
        "Race on", (Group("Steps", (Figure("Ana", 0), Figure("Ben", 0))),)
    )


def test_reading_every_games_screens_imports_none_of_their_modules() -> None:
    """The table display and the Stats screen read a game's `GameUI` for one function: that
    costs no screen, table view, notes or Textual import."""
    code = (
        "import sys\n"
        "from widgets.shell.games import game_ui\n"
        f"uis = [game_ui(game_id) for game_id in {GAMES!r}]\n"
        "assert all(ui is not None and ui.table_view and ui.chart_notes for ui in uis)\n"
        "print(','.join(n for n in sys.modules if n.split('.')[0] in ('widgets', 'textual')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    loaded = set(result.stdout.strip().split(","))
    assert loaded == {"widgets", "widgets.shell", "widgets.shell.games"} | {
        f"widgets.{package}" for package in PACKAGES.values()
    }

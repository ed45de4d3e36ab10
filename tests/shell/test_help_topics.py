"""F1 help by topic: the shell's own topics from `widgets/shell/help/`, each game's from its own
package through its screens (`GameUI.help_text`, shown on the setup headed with its game), and
a topic with no help says so."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from importlib import resources
from typing import Any

import pytest
from textual.widgets import Markdown

from tests.stats.fifth_game import RACE, RACE_UI
from widgets.shell import games as screens
from widgets.shell.base import SetupScreen
from widgets.shell.games import GameUI
from widgets.shell.help import PLAY_HELP, HelpScreen, help_text
from widgets.shell.home import HomeScreen

GAME_HELP = {
    "sojourn": ("sojourn", "# Sojourn\n"),
    "six-sojourns": ("six_sojourns", "# Six Sojourns\n"),
    "cavendish": ("cavendish", "# TIME Stories Revolution: Cavendish\n"),
    "time-bastards": ("time_bastards", "# Time Bastards\n"),
}
"""Game id -> its package under `widgets/` and the first line of its help."""
SETUP_TITLES = {
    "cavendish": "Cavendish: setup",
    "time-bastards": "Time Bastards: setup",
    "sojourn": "Sojourn: setup",
    "six-sojourns": "Six Sojourns: setup",
}
"""Game id -> the title of its setup screen."""


@pytest.fixture
def no_added_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Games registered during the test are forgotten after it."""
    monkeypatch.setattr(screens, "ADDED_UIS", {})
    yield


@pytest.mark.parametrize("game_id", GAME_HELP)
def test_a_games_help_is_the_markdown_in_its_own_package(game_id: str) -> None:
    package, first_line = GAME_HELP[game_id]
    shipped = resources.files(f"widgets.{package}").joinpath("help.md").read_text("utf-8")
    assert help_text(game_id) == shipped + PLAY_HELP.read_text("utf-8")  # then the shared part
    assert shipped.startswith(first_line)
    assert "## Where were we" in help_text(game_id)


async def test_each_setup_is_headed_with_its_game_and_f1_there_shows_its_help(
    make_test_app: Callable[..., Any],
) -> None:
    """Each game's setup says whose it is in its title, and F1 on it shows that game's help."""
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for game_id, title in SETUP_TITLES.items():
            app.new_game(game_id)
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen)
            assert app.screen.title == title
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen) and app.screen.topic == game_id
            assert app.screen.query_one(Markdown).source == help_text(game_id)
            app.go_home()  # the help and the setup closed: the next game from home
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)


@pytest.mark.parametrize(
    ("topic", "first_line"),
    [("home", "# Table Companion\n"), ("dice", "# Dice tray\n"), ("stats", "# Statistics\n")],
)
def test_the_shells_own_topics_stay_in_the_shell(topic: str, first_line: str) -> None:
    assert help_text(topic).startswith(first_line)


def test_the_shell_keeps_no_games_help() -> None:
    shipped = {item.name for item in (resources.files("widgets.shell") / "help").iterdir()}
    assert shipped == {"home.md", "dice.md", "stats.md", "table-view.md"}


@pytest.mark.usefixtures("no_added_games")
def test_a_game_without_help_and_an_unknown_topic_say_none_is_written() -> None:
    screens.register_ui(RACE_UI)
    assert help_text(RACE.id) == "# Help\n\nNo help is written for 'race' yet."
    assert help_text("nowhere") == "# Help\n\nNo help is written for 'nowhere' yet."


@pytest.mark.usefixtures("no_added_games")
def test_a_game_registered_at_run_time_brings_its_own_help() -> None:
    def race_help() -> str:
        return "# Race\n\nFirst to the limit wins."

    screens.register_ui(
        GameUI(RACE.id, RACE_UI.setup_screen, RACE_UI.play_screen, help_text=race_help)
    )
    assert help_text(RACE.id).startswith("# Race\n\nFirst to the limit wins.\n")

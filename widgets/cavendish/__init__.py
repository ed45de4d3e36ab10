"""Cavendish screens: the setup and the play screen, with its table view, chart notes and help,
registered in `widgets.shell.games`; each module is imported when first used."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from typing import TYPE_CHECKING, Any

from companion.cavendish import GAME_ID
from widgets.shell.games import GameUI

if TYPE_CHECKING:
    from rich.text import Text

    from companion.cavendish.model import CavendishState
    from saves.games.store import SavedGame
    from widgets.cavendish.play import CavendishScreen
    from widgets.cavendish.setup import CavendishSetupScreen
    from widgets.table_view.figures import TableContent


def setup_screen() -> CavendishSetupScreen:
    """A new setup screen."""
    from widgets.cavendish.setup import CavendishSetupScreen

    return CavendishSetupScreen()


def play_screen(saved: SavedGame) -> CavendishScreen:
    """The play screen of a save."""
    from widgets.cavendish.play import CavendishScreen

    return CavendishScreen(saved)


def table_content(state: CavendishState) -> TableContent:
    """The crystals and the agents in large type for the table view."""
    from widgets.cavendish import table_view

    return table_view.table(state)


def chart_notes(game: Mapping[str, Any], colours: Mapping[str, str]) -> list[str | Text]:
    """Cavendish's own lines on the Stats screen."""
    from widgets.cavendish import notes

    return notes.chart_notes(game, colours)


def rules_help() -> str:
    """The rules summary F1 shows on Cavendish's screens, in English: the help screen puts it
    into the language in use block by block (`lang.markdown.translated`)."""
    return resources.files(__name__).joinpath("help.md").read_text(encoding="utf-8")


CAVENDISH_UI = GameUI(
    GAME_ID,
    setup_screen=setup_screen,
    play_screen=play_screen,
    table_view=table_content,
    chart_notes=chart_notes,
    help_text=rules_help,
)
"""The screens the app opens for a Cavendish mission."""

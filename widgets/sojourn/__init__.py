"""Sojourn's screens: setup (dice reading, deck) and the traveller screen, with its table view,
chart notes and help; each module is imported when first used."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from typing import TYPE_CHECKING, Any

from companion.sojourn import GAME_ID
from widgets.shell.games import GameUI

if TYPE_CHECKING:
    from rich.text import Text

    from companion.sojourn.model import SojournState
    from saves.games.store import SavedGame
    from widgets.sojourn.play import SojournScreen
    from widgets.sojourn.setup import SojournSetupScreen
    from widgets.table_view.figures import TableContent


def setup_screen() -> SojournSetupScreen:
    """A new setup screen."""
    from widgets.sojourn.setup import SojournSetupScreen

    return SojournSetupScreen()


def play_screen(saved: SavedGame) -> SojournScreen:
    """The traveller screen of a save."""
    from widgets.sojourn.play import SojournScreen

    return SojournScreen(saved)


def table_content(state: SojournState) -> TableContent:
    """The traveller in large type for the table view."""
    from widgets.sojourn import table_view

    return table_view.table(state)


def chart_notes(game: Mapping[str, Any], colours: Mapping[str, str]) -> list[str | Text]:
    """Sojourn's own lines on the Stats screen."""
    from widgets.sojourn import notes

    return notes.chart_notes(game, colours)


def rules_help() -> str:
    """The rules summary F1 shows on Sojourn's screens."""
    return resources.files(__name__).joinpath("help.md").read_text(encoding="utf-8")


SOJOURN_UI = GameUI(
    GAME_ID,
    setup_screen=setup_screen,
    play_screen=play_screen,
    table_view=table_content,
    chart_notes=chart_notes,
    help_text=rules_help,
)
"""What `widgets.shell.games` registers for Sojourn."""

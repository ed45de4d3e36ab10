"""Time Bastards screens: setup and play, with the clock face and the timeline board, its table
view, chart notes and help; each module is imported when first used."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from typing import TYPE_CHECKING, Any

from companion.time_bastards import GAME_ID
from widgets.shell.games import GameUI

if TYPE_CHECKING:
    from rich.text import Text

    from companion.time_bastards.model import TimeBastardsState
    from saves.games.store import SavedGame
    from widgets.table_view.figures import TableContent
    from widgets.time_bastards.play import TimeBastardsScreen
    from widgets.time_bastards.setup import TimeBastardsSetupScreen


def setup_screen() -> TimeBastardsSetupScreen:
    """A new setup screen."""
    from widgets.time_bastards.setup import TimeBastardsSetupScreen

    return TimeBastardsSetupScreen()


def play_screen(saved: SavedGame) -> TimeBastardsScreen:
    """The play screen of a save."""
    from widgets.time_bastards.play import TimeBastardsScreen

    return TimeBastardsScreen(saved)


def table_content(state: TimeBastardsState) -> TableContent:
    """The clock, the turn and the timelines in large type for the table view."""
    from widgets.time_bastards import table_view

    return table_view.table(state)


def chart_notes(game: Mapping[str, Any], colours: Mapping[str, str]) -> list[str | Text]:
    """Time Bastards' own lines on the Stats screen."""
    from widgets.time_bastards import notes

    return notes.chart_notes(game, colours)


def rules_help() -> str:
    """The rules summary F1 shows on Time Bastards' screens, in English: the help screen puts it
    into the language in use block by block (`lang.markdown.translated`)."""
    return resources.files(__name__).joinpath("help.md").read_text(encoding="utf-8")


TIME_BASTARDS_UI = GameUI(
    GAME_ID,
    setup_screen=setup_screen,
    play_screen=play_screen,
    table_view=table_content,
    chart_notes=chart_notes,
    help_text=rules_help,
)
"""The screens the app opens for a Time Bastards game."""

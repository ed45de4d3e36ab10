"""Six Sojourns screens: the setup helper and the play screen (score sheet, board, turns), with
its table view, chart notes and help; each module is imported when first used."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from typing import TYPE_CHECKING, Any

from companion.six_sojourns import GAME_ID
from widgets.shell.games import GameUI

if TYPE_CHECKING:
    from rich.text import Text

    from companion.six_sojourns.actions import SojournsState
    from saves.games.store import SavedGame
    from widgets.six_sojourns.play import SojournsScreen
    from widgets.six_sojourns.setup import SojournsSetupScreen
    from widgets.table_view.figures import TableContent


def setup_screen() -> SojournsSetupScreen:
    """A new setup helper."""
    from widgets.six_sojourns.setup import SojournsSetupScreen

    return SojournsSetupScreen()


def play_screen(saved: SavedGame) -> SojournsScreen:
    """The play screen of a save."""
    from widgets.six_sojourns.play import SojournsScreen

    return SojournsScreen(saved)


def table_content(state: SojournsState) -> TableContent:
    """The score sheet in large type for the table view."""
    from widgets.six_sojourns import table_view

    return table_view.table(state)


def chart_notes(game: Mapping[str, Any], colours: Mapping[str, str]) -> list[str | Text]:
    """Six Sojourns' own lines on the Stats screen."""
    from widgets.six_sojourns import notes

    return notes.chart_notes(game, colours)


def rules_help() -> str:
    """The rules summary F1 shows on Six Sojourns' screens (in English: the help screen puts it
    into the language in use block by block, `lang.markdown.translated`)."""
    return resources.files(__name__).joinpath("help.md").read_text(encoding="utf-8")


SIX_SOJOURNS_UI = GameUI(
    GAME_ID,
    setup_screen=setup_screen,
    play_screen=play_screen,
    table_view=table_content,
    chart_notes=chart_notes,
    help_text=rules_help,
)
"""The screens of Six Sojourns, for `widgets.shell.games.game_ui`."""

"""Which games have screens: the home screen offers these, the rest show as not yet available."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

    from rich.text import Text
    from textual.screen import Screen

    from saves.games.store import SavedGame
    from widgets.table_view.figures import TableContent


@dataclass(frozen=True)
class GameUI:
    """A game's two screens, its setup (which ends in `app.start_game`) and its play screen, and
    what the shell's own screens show of it. Each part is called only when needed, so a game's
    package imports its modules then, and reading its `GameUI` (the Stats screen, the table
    display, the help) costs almost nothing."""

    game_id: str
    setup_screen: Callable[[], Screen[None]]
    """The setup screen, new."""
    play_screen: Callable[[SavedGame], Screen[None]]
    """The play screen of a save (a `widgets.play.game_screen.GameScreen`)."""
    table_view: Callable[[Any], TableContent] | None = None
    """What the table view (`widgets.table_view`) shows of a state; None: the view says the
    game has none."""
    chart_notes: Callable[[Mapping[str, Any], Mapping[str, str]], list[str | Text]] | None = None
    """The Stats screen's lines under the game's title, from the game's own figures and the
    players' colours; None: its title only."""
    help_text: Callable[[], str] | None = None
    """The F1 help (Markdown) of the game's screens, its topic being the game id; None: the help
    says none is written."""


SCREENS_GROUP = "companion.screens"
"""The entry point group through which an installed package offers a game's screens (a `GameUI`),
named by game id; a game's screens are imported when first opened, which keeps the app's start
fast."""

ADDED_UIS: dict[str, GameUI] = {}
"""Screens of games registered at run time (`register_ui`), by game id."""

_POINTS: dict[str, EntryPoint] | None = None
_LOADED: dict[str, GameUI] = {}


def _screen_points() -> dict[str, EntryPoint]:
    """The installed games' screen entry points, by game id (read once per process)."""
    global _POINTS
    if _POINTS is None:
        from importlib.metadata import entry_points

        _POINTS = {}
        for point in entry_points(group=SCREENS_GROUP):
            _POINTS.setdefault(point.name, point)
    return _POINTS


def forget_screens() -> None:
    """Read the entry points again on the next call (after a package was installed)."""
    global _POINTS
    _POINTS = None
    _LOADED.clear()


def register_ui(ui: GameUI) -> None:
    """Give a game registered at run time (`companion.registry.register`) its screens."""
    ADDED_UIS[ui.game_id] = ui


def has_screens(game_id: str) -> bool:
    """True when the game has screens, without importing them."""
    return game_id in ADDED_UIS or game_id in _screen_points()


def game_ui(game_id: str) -> GameUI | None:
    """The screens of a game (imported on first use), or None while it has none."""
    ui = ADDED_UIS.get(game_id) or _LOADED.get(game_id)
    point = _screen_points().get(game_id) if ui is None else None
    if point is not None:
        loaded = point.load()
        assert isinstance(loaded, GameUI)
        ui = _LOADED[game_id] = loaded
    return ui

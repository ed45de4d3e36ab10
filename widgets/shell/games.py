"""Which games have screens: the home screen offers these, the rest show as not yet available."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import lang
from companion import points, registry
from companion.guard import fault_line, guard_call
from companion.phrases import phrase

if TYPE_CHECKING:
    from rich.text import Text
    from textual.screen import Screen

    from companion.points import Point
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
    catalogs: Path | None = None
    """A plug-in's own catalogs, `<code>/LC_MESSAGES/*.mo` in this folder (docs/plugins.md):
    its words in the reader's language, read after the app's. None: its words as written."""


SCREENS_GROUP = "companion.screens"
"""The entry point group through which an installed package offers a game's screens (a `GameUI`),
named by game id; a game's screens are imported when first opened, which keeps the app's start
fast."""
UI_PARTS = ("setup_screen", "play_screen", "table_view", "chart_notes", "help_text")
"""The parts of a `GameUI` that run the game's own code: each goes through the guard."""

ADDED_UIS: dict[str, GameUI] = {}
"""Screens of games registered at run time (`register_ui`), by game id."""

_POINTS: dict[str, Point] | None = None
_LOADED: dict[str, GameUI] = {}


def _screen_points() -> dict[str, Point]:
    """The installed games' screen entry points, by game id (read once per process): as for
    the games (`companion.registry.entries`), an id this project declares is its own whatever
    the order of `sys.path`, and another package's entry point with that id is left out."""
    global _POINTS
    if _POINTS is None:
        offered = points.installed(SCREENS_GROUP)
        own = registry.own_names(offered)
        _POINTS = {}
        for point in offered:
            source = registry.source_of(point)
            if source.distribution != registry.OWN_DISTRIBUTION and point.name in own:
                reason = registry.taken_reason(point.name, registry.OWN_DISTRIBUTION)
                registry.leave_out(point, SCREENS_GROUP, reason)
            elif point.name in _POINTS and point.name not in own:
                taken = registry.source_of(_POINTS[point.name])
                registry.leave_out(
                    point, SCREENS_GROUP, registry.taken_reason(point.name, str(taken))
                )
            elif source.distribution == registry.OWN_DISTRIBUTION or point.name not in _POINTS:
                _POINTS[point.name] = point
    return _POINTS


def forget_screens() -> None:
    """Read the entry points again on the next call (after a package was installed)."""
    global _POINTS
    _POINTS = None
    _LOADED.clear()
    registry.forget_installed()


def register_ui(ui: GameUI) -> None:
    """Give a game registered at run time (`companion.registry.register`) its screens."""
    if isinstance(ui.catalogs, Path):
        lang.add_catalogs(ui.catalogs)
    ADDED_UIS[ui.game_id] = ui


def load_every_ui() -> None:
    """Load every installed game's screens (`companion games`, to say which cannot be)."""
    for game_id in list(_screen_points()):
        game_ui(game_id)


def has_screens(game_id: str) -> bool:
    """True when the game has screens, without importing them."""
    return game_id in ADDED_UIS or game_id in _screen_points()


def game_ui(game_id: str) -> GameUI | None:
    """The screens of a game (imported on first use, handed out through the guard), or None
    while it has none. Screens that fail to load, or are not that game's `GameUI`, are left
    out (`companion.registry.left_out` says why) and the game has none."""
    ui = ADDED_UIS.get(game_id) or _LOADED.get(game_id)
    point = _screen_points().get(game_id) if ui is None else None
    if point is not None:
        loaded = registry.load_point(point, SCREENS_GROUP)
        if loaded is registry.FAILED:
            _screen_points().pop(game_id, None)
            return None
        if not isinstance(loaded, GameUI) or loaded.game_id != game_id:
            reason = phrase(
                "names {kind}, not the GameUI of `{game}`", kind=type(loaded).__name__, game=game_id
            )
            registry.leave_out(point, SCREENS_GROUP, reason)
            _screen_points().pop(game_id, None)
            return None
        if isinstance(loaded.catalogs, Path):
            lang.add_catalogs(loaded.catalogs)
        ui = _LOADED[game_id] = guarded_ui(loaded, str(registry.source_of(point)))
    return ui


def guarded_ui(ui: GameUI, package: str) -> GameUI:
    """A copy of `ui` whose every part goes through the guard (`companion.guard`): anything
    but a `RuleError` it raises becomes a `GameFault` naming the game, `package` and the part."""
    title = dict(registry.catalogue()).get(ui.game_id, ui.game_id)
    parts: dict[str, Any] = {}
    for part in UI_PARTS:
        function = getattr(ui, part)
        if callable(function):

            def line(_name: str, problem: str, part: str = part) -> str:
                return fault_line(title, package, part, problem)

            parts[part] = guard_call(function, line, None)
    return replace(ui, **parts)

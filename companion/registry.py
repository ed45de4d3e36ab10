"""The games the companion knows, by id, in the order the home screen lists them.

Games are plug-ins: each installed package names its games in the entry point group
`companion.games` (this package declares its four in `pyproject.toml`), each entry a `GameEntry`
that lists the game without importing its rules. A game's rules are imported the first time they
are needed: the four rule sets together take about 100 ms to import, which would otherwise slow
every start of the app.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from typing import Any

from companion.core import Game, GameEntry

ENTRY_POINT_GROUP = "companion.games"
"""The entry point group through which an installed package offers its games."""

GAMES: dict[str, Game[Any, Any]] = {}
"""The games loaded so far, by id; `get_game` fills it, `register` adds a game of its own."""

ADDED: dict[str, str] = {}
"""Games registered at run time, by id -> title, listed after the installed ones."""

_ENTRIES: dict[str, GameEntry] | None = None


def entries() -> dict[str, GameEntry]:
    """Every installed game's entry, by id, in listing order (read once per process). An entry
    point that does not name a `GameEntry`, or names an id taken before, is left out."""
    global _ENTRIES
    if _ENTRIES is None:
        from importlib.metadata import entry_points  # costly to import: only when asked

        found: dict[str, GameEntry] = {}
        for point in entry_points(group=ENTRY_POINT_GROUP):
            try:
                entry = point.load()
            except (ImportError, AttributeError):
                continue  # an uninstalled or broken plug-in does not stop the app
            if isinstance(entry, GameEntry) and entry.id not in found:
                found[entry.id] = entry
        _ENTRIES = dict(sorted(found.items(), key=lambda item: (item[1].position, item[1].id)))
    return _ENTRIES


def forget_entries() -> None:
    """Read the entry points again on the next call (after a package was installed)."""
    global _ENTRIES
    _ENTRIES = None


def installed(game_id: str) -> bool:
    """True for a game an installed package offers (rather than one registered at run time)."""
    return game_id in entries()


def rules_modules() -> list[str]:
    """The modules of the installed games' `Game`s, for a process that imports them ahead."""
    return [entry.rules.partition(":")[0] for entry in entries().values()]


def register(game: Game[Any, Any]) -> None:
    """Add a game at run time (a test's, or one not installed): listed by `catalogue`, served by
    `get_game`, counted by the statistics like any other. `unregister` takes it away."""
    GAMES[game.id] = game
    if not installed(game.id):
        ADDED[game.id] = game.title


def unregister(game_id: str) -> None:
    """Forget a game added by `register` (the installed games stay)."""
    ADDED.pop(game_id, None)
    if not installed(game_id):
        GAMES.pop(game_id, None)


def catalogue() -> tuple[tuple[str, str], ...]:
    """Every game to list (id, title): the installed ones, then those registered at run time."""
    listed = tuple((game_id, entry.title) for game_id, entry in entries().items())
    return listed + tuple(ADDED.items())


def rules_files(game_id: str) -> list[Path]:
    """The Python files of a game's rules, found without importing them: its package's modules,
    or for a game registered at run time the module that defines its `apply` (empty when
    unknown). The listing cache is stamped with their bytes."""
    entry = entries().get(game_id)
    if entry is not None:
        package = entry.rules.partition(":")[0].rpartition(".")[0] or entry.rules.partition(":")[0]
        spec = importlib.util.find_spec(package)
        folders = list(spec.submodule_search_locations or ()) if spec else []
        if not folders and spec is not None and spec.origin:
            return [Path(spec.origin)]
        return [path for folder in folders for path in Path(folder).rglob("*.py")]
    game = GAMES.get(game_id)
    module = sys.modules.get(game.apply.__module__) if game is not None else None
    where = getattr(module, "__file__", None)
    return [Path(where)] if where else []


def is_built(game_id: str) -> bool:
    """True when the game's rules exist, without importing them."""
    return game_id in GAMES or installed(game_id)


def get_game(game_id: str) -> Game[Any, Any] | None:
    """The game with this id (its rules imported on first use), or None if it is unknown."""
    game = GAMES.get(game_id)
    entry = entries().get(game_id) if game is None else None
    if entry is not None:
        module_name, _, attribute = entry.rules.partition(":")
        game = getattr(importlib.import_module(module_name), attribute)
        assert isinstance(game, Game)
        GAMES[game_id] = game
    return game


def all_games() -> dict[str, Game[Any, Any]]:
    """Every game, all rules imported."""
    for game_id in entries():
        get_game(game_id)
    return dict(GAMES)

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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion import points
from companion.core import Game, GameEntry
from companion.guard import error_named, guarded
from companion.phrases import phrase
from companion.points import Point

ENTRY_POINT_GROUP = "companion.games"
"""The entry point group through which an installed package offers its games."""
OWN_DISTRIBUTION = "tabletop-companion"
"""This project's distribution: an id its entry points declare is always its own game."""


GAMES: dict[str, Game[Any, Any]] = {}
"""The games loaded so far, by id; `get_game` fills it, `register` adds a game of its own."""

ADDED: dict[str, str] = {}
"""Games registered at run time, by id -> title, listed after the installed ones."""


@dataclass(frozen=True)
class LeftOut:
    """An entry point that was not loaded, and why, in one line: `companion games` and the home
    screen say so, so that no plug-in is left out in silence."""

    group: str
    """Its entry point group (`companion.games`, `companion.screens`)."""
    name: str
    """The entry point's name (the game id it offers)."""
    distribution: str
    """The package that declares it ("" when unknown)."""
    version: str
    """That package's version ("" when unknown)."""
    reason: str
    """Why it was left out ("failed to load: RuntimeError: ...")."""

    def line(self) -> str:
        """How `companion games` and home's help say it: name, package, group, reason."""
        package = " ".join(filter(None, (self.distribution, self.version))) or phrase(
            "unknown package"
        )
        return phrase(
            "{name} ({package}, {group}): {reason}",
            name=self.name,
            package=package,
            group=self.group,
            reason=self.reason,
        )


@dataclass(frozen=True)
class Source:
    """The package a game comes from."""

    distribution: str
    version: str

    def __str__(self) -> str:
        return f"{self.distribution} {self.version}".strip()


_ENTRIES: dict[str, GameEntry] | None = None
_SOURCES: dict[str, Source] = {}
_LEFT_OUT: list[LeftOut] = []
_DISTRIBUTIONS: dict[int, tuple[object, Source]] = {}
"""Each distribution's `Source` as read once: its name and its version are each read by parsing
its whole metadata file, and the start asks for them some twenty times. Kept with the
distribution itself, so that its id stays its own."""


def source_of(point: Point) -> Source:
    """The package (name and version) that declares an entry point."""
    dist = getattr(point, "dist", None)
    if dist is None:
        return Source("", "")
    known = _DISTRIBUTIONS.get(id(dist))
    if known is not None and known[0] is dist:
        return known[1]
    try:
        source = Source(str(dist.name or ""), str(dist.version or ""))
    except Exception:  # metadata that cannot be read: still a plug-in to load or leave out
        source = Source("", "")
    _DISTRIBUTIONS[id(dist)] = (dist, source)
    return source


def own_names(offered: list[Point]) -> set[str]:
    """The entry point names this project's own distribution declares in a group."""
    return {point.name for point in offered if source_of(point).distribution == OWN_DISTRIBUTION}


FAILED = object()
"""What `load_point` gives for an entry point that failed to load."""


def load_point(point: Point, group: str) -> Any:
    """What an entry point names, or `FAILED` when loading it failed in any way (recorded: a
    `SyntaxError`, `SystemExit` or any other exception leaves out that plug-in alone)."""
    try:
        return point.load()
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # a plug-in's import is code the table did not write
        leave_out(point, group, phrase("failed to load: {error}", error=error_named(error)))
        return FAILED


def leave_out(point: Point, group: str, reason: str) -> None:
    """Keep why an entry point was left out (once)."""
    source = source_of(point)
    left = LeftOut(group, point.name, source.distribution, source.version, reason)
    if left not in _LEFT_OUT:
        _LEFT_OUT.append(left)


def taken_reason(game_id: str, owner: str) -> str:
    """Why an entry point repeating an id is left out."""
    return phrase(
        "id `{id}` belongs to {owner}", id=game_id, owner=owner or phrase("another package")
    )


def entries() -> dict[str, GameEntry]:
    """Every installed game's entry, by id, in listing order (read once per process).

    An id this project declares is its own game whatever the order of `sys.path`; another
    package's entry point with that id is left out unloaded, as is one repeating an id another
    package took first, one that fails to load in any way, and one that names no `GameEntry`.
    Each is kept with its reason (`left_out`)."""
    global _ENTRIES
    if _ENTRIES is None:
        offered = points.installed(ENTRY_POINT_GROUP)
        own = own_names(offered)
        offered.sort(key=lambda point: source_of(point).distribution != OWN_DISTRIBUTION)
        found: dict[str, GameEntry] = {}
        for point in offered:
            source = source_of(point)
            mine = source.distribution == OWN_DISTRIBUTION
            if not mine and point.name in own:
                leave_out(point, ENTRY_POINT_GROUP, taken_reason(point.name, OWN_DISTRIBUTION))
                continue
            entry = load_point(point, ENTRY_POINT_GROUP)
            if entry is FAILED:
                continue
            if not isinstance(entry, GameEntry):
                reason = phrase("names {type}, not a GameEntry", type=type(entry).__name__)
                leave_out(point, ENTRY_POINT_GROUP, reason)
            elif entry.id in found or (not mine and entry.id in own):
                owner = OWN_DISTRIBUTION if entry.id in own else str(_SOURCES[entry.id])
                leave_out(point, ENTRY_POINT_GROUP, taken_reason(entry.id, owner))
            else:
                found[entry.id] = entry
                _SOURCES[entry.id] = source
        _ENTRIES = dict(sorted(found.items(), key=lambda item: (item[1].position, item[1].id)))
    return _ENTRIES


def left_out() -> tuple[LeftOut, ...]:
    """Every entry point left out so far, with why (the games' are known once `entries` ran;
    a game's rules or screens that fail are added when first loaded)."""
    entries()
    return tuple(_LEFT_OUT)


def record_left_out(left: LeftOut) -> None:
    """Keep an entry point another registry (the screens') left out."""
    if left not in _LEFT_OUT:
        _LEFT_OUT.append(left)


def package_of(game_id: str) -> str:
    """The package a game comes from, as a fault line names it ("pig-game 0.1"); for a game
    registered at run time, the package of its module."""
    source = _SOURCES.get(game_id)
    if source is not None:
        return str(source)
    game = GAMES.get(game_id)
    module = getattr(game.apply, "__module__", "") if game is not None else ""
    return str(module).partition(".")[0]


def source(game_id: str) -> Source:
    """The package and version an installed game comes from (empty for one registered)."""
    entries()
    return _SOURCES.get(game_id, Source("", ""))


def forget_entries() -> None:
    """Read the entry points again on the next call (after a package was installed)."""
    global _ENTRIES
    _ENTRIES = None
    _SOURCES.clear()
    _LEFT_OUT.clear()
    _DISTRIBUTIONS.clear()
    forget_installed()


def forget_installed() -> None:
    """The finder reads the installed packages again on its next call."""
    points.FINDER.forget()


def installed(game_id: str) -> bool:
    """True for a game an installed package offers (rather than one registered at run time)."""
    return game_id in entries()


def rules_modules() -> list[str]:
    """The modules of the installed games' `Game`s, for a process that imports them ahead."""
    return [entry.rules.partition(":")[0] for entry in entries().values()]


def register(game: Game[Any, Any]) -> None:
    """Add a game at run time (a test's, or one not installed): listed by `catalogue`, served by
    `get_game` (through the guard), counted by the statistics like any other. `unregister`
    takes it away."""
    module = str(getattr(game.apply, "__module__", "")).partition(".")[0]
    GAMES[game.id] = guarded(game, module)
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
    """The game with this id (its rules imported on first use, handed out through the guard),
    or None if it is unknown. Rules that fail to import, or are not the `Game` of that id,
    leave the game out (`left_out` says why) and every other game as it was."""
    game = GAMES.get(game_id)
    entry = entries().get(game_id) if game is None else None
    if entry is not None:
        game = _import_rules(entry)
        if game is None:
            return None
        GAMES[game_id] = game = guarded(game, str(_SOURCES.get(game_id, "")))
    return game


def _import_rules(entry: GameEntry) -> Game[Any, Any] | None:
    """The `Game` an entry names, or None (the entry then left out, with why)."""
    module_name, _, attribute = entry.rules.partition(":")
    try:
        game = getattr(importlib.import_module(module_name), attribute)
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # a plug-in's rules are code the table did not write
        problem = phrase("failed to load its rules: {error}", error=error_named(error))
    else:
        if isinstance(game, Game) and game.id == entry.id:
            return game
        problem = phrase(
            "its rules `{rules}` are not the Game `{id}`", rules=entry.rules, id=entry.id
        )
    source = _SOURCES.get(entry.id, Source("", ""))
    record_left_out(
        LeftOut(ENTRY_POINT_GROUP, entry.id, source.distribution, source.version, problem)
    )
    if _ENTRIES is not None:
        _ENTRIES.pop(entry.id, None)
    return None


def all_games() -> dict[str, Game[Any, Any]]:
    """Every game, all rules imported (a game whose rules fail to import is left out)."""
    for game_id in list(entries()):
        get_game(game_id)
    return dict(GAMES)

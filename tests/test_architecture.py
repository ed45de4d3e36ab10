"""The import directions of docs/architecture.md, read from the source itself.

Every module of companion/, saves/, widgets/ and webserve/ is parsed with `ast`, and every
import counts wherever it stands: at the top, inside a function, under `if TYPE_CHECKING:`.
The games are those `pyproject.toml` declares in the entry point groups `companion.games` and
`companion.screens`, so a game added there is held to the same rules at once.
"""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("companion", "saves", "widgets", "webserve", "lang")
HOUSE = (*LAYERS, "docs", "tests")
"""The folders whose every folder docs/architecture.md names."""
NOT_ROOMS = ("__pycache__", "__snapshots__")
"""Folders made by the tools (bytecode, snapshots), named once as a kind rather than each."""
REGISTRIES = ("companion.registry", "widgets.shell.games")
"""The two modules that find the games, and so may name them."""


@dataclass(frozen=True)
class Module:
    """One module of the project: its dotted name, its file, and what it imports."""

    name: str
    path: Path
    imports: frozenset[str]
    """Every module its imports name: one of ours as precisely as it can be found (the
    submodule of `from package import submodule`), another package's as written."""


def module_name(path: Path, root: Path) -> str:
    """`widgets/play/game_screen.py` -> `widgets.play.game_screen`; a package is its folder."""
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(name: str, path: Path, known: Iterable[str]) -> frozenset[str]:
    """The modules a file imports, relative imports resolved from the module `name`."""
    known = set(known)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                above = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{above}.{base}" if base else above
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in known else base)
    return frozenset(found)


def read_modules(root: Path, layers: Iterable[str]) -> dict[str, Module]:
    """Every module under these top-level packages of `root`, by name."""
    paths = {
        module_name(path, root): path for layer in layers for path in (root / layer).rglob("*.py")
    }
    return {name: Module(name, path, imports_of(name, path, paths)) for name, path in paths.items()}


@cache
def project() -> dict[str, Module]:
    """Every module of the four layers, read once for this module's tests."""
    return read_modules(ROOT, LAYERS)


@cache
def game_packages() -> dict[str, tuple[str, ...]]:
    """Game id -> its packages (its rules' and its screens'), from `pyproject.toml`."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    points = declared["project"]["entry-points"]
    packages: dict[str, tuple[str, ...]] = {}
    for group in ("companion.games", "companion.screens"):
        for game_id, target in points[group].items():
            packages[game_id] = (*packages.get(game_id, ()), target.partition(":")[0])
    return packages


def within(name: str, *packages: str) -> bool:
    """True when the module `name` is one of `packages` or inside one of them."""
    return any(name == package or name.startswith(f"{package}.") for package in packages)


def crossings(modules: Iterable[Module], forbidden: Iterable[str]) -> list[str]:
    """`module -> import` for each import of these modules that reaches a forbidden package."""
    forbidden = tuple(forbidden)
    return sorted(
        f"{module.name} -> {imported}"
        for module in modules
        for imported in module.imports
        if within(imported, *forbidden)
    )


def circles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """Each group of modules that import one another, directly or round a longer loop (the
    strongly connected components of more than one module, or of one that imports itself)."""
    order: dict[str, int] = {}
    reach: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(start: str) -> None:  # Tarjan's algorithm, with its own stack of edges to go
        order[start] = reach[start] = len(order)
        stack.append(start)
        pending = [(start, iter(sorted(graph.get(start, ()))))]
        while pending:
            node, edges = pending[-1]
            step = next(edges, None)
            if step is None:
                pending.pop()
                if pending:
                    reach[pending[-1][0]] = min(reach[pending[-1][0]], reach[node])
                if reach[node] == order[node]:
                    group = stack[stack.index(node) :]
                    del stack[stack.index(node) :]
                    if len(group) > 1 or node in graph.get(node, ()):
                        found.append(sorted(group))
            elif step not in order:
                order[step] = reach[step] = len(order)
                stack.append(step)
                pending.append((step, iter(sorted(graph.get(step, ())))))
            elif step in stack:
                reach[node] = min(reach[node], order[step])

    for node in sorted(graph):
        if node not in order:
            visit(node)
    return sorted(found)


def test_the_reader_sees_every_import(tmp_path: Path) -> None:
    (tmp_path / "pkg" / "sub").mkdir(parents=True)
    for name in ("pkg/__init__.py", "pkg/sub/__init__.py", "pkg/sub/leaf.py", "pkg/other.py"):
        (tmp_path / name).write_text("", "utf-8")
    (tmp_path / "pkg" / "sub" / "mod.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "import textual.widgets\n"
        "from . import leaf\n"
        "from ..other import thing\n"
        "if TYPE_CHECKING:\n"
        "    from rich.text import Text\n"
        "def later():\n"
        "    from pkg import sub\n",
        "utf-8",
    )
    modules = read_modules(tmp_path, ["pkg"])
    assert modules["pkg.sub.mod"].imports == {
        "typing",
        "textual.widgets",
        "pkg.sub.leaf",
        "pkg.other",
        "rich.text",
        "pkg.sub",
    }
    assert set(modules) == {"pkg", "pkg.sub", "pkg.sub.leaf", "pkg.sub.mod", "pkg.other"}


def test_the_circle_finder_finds_long_loops_and_only_loops() -> None:
    graph = {"a": ["b"], "b": ["c"], "c": ["a", "d"], "d": ["e"], "e": [], "f": ["f"]}
    assert circles(graph) == [["a", "b", "c"], ["f"]]
    assert circles({"a": ["b"], "b": [], "c": ["a", "b"]}) == []


def test_the_rules_core_imports_no_storage_screens_or_web_server() -> None:
    core = [m for m in project().values() if not within(m.name, "companion.cli")]
    core = [m for m in core if within(m.name, "companion")]
    assert crossings(core, ["saves", "widgets", "webserve", "lang", "textual", "rich"]) == []


def test_the_words_layer_knows_only_the_phrases_of_the_rules() -> None:
    """`lang/` reads catalogs and shows words; what it knows of the rest is how a phrase is
    kept (companion/phrases.py), so every layer above the rules can use it."""
    words = [m for m in project().values() if within(m.name, "lang")]
    ours = ["companion", "saves", "widgets", "webserve"]
    found = [c for c in crossings(words, ours) if not c.endswith("-> companion.phrases")]
    assert found == []
    assert crossings(words, ["textual", "rich"]) == []


def test_storage_imports_no_screens_no_web_server_and_no_command_line_parsing() -> None:
    storage = [m for m in project().values() if within(m.name, "saves")]
    assert crossings(storage, ["widgets", "webserve", "lang", "textual", "rich", "argparse"]) == []


def test_the_screens_import_neither_the_web_server_nor_the_command_line() -> None:
    screens = [m for m in project().values() if within(m.name, "widgets")]
    assert crossings(screens, ["webserve", "companion.cli"]) == []


def test_the_web_server_names_nothing_of_the_app() -> None:
    """`companion serve` is a process manager: it starts the app, never loads it (issue 44)."""
    server = [m for m in project().values() if within(m.name, "webserve")]
    assert crossings(server, ["widgets", "companion.cli", "textual"]) == []


def test_no_game_package_imports_another_game() -> None:
    games = game_packages()
    assert len(games) >= 4 and all(len(packages) == 2 for packages in games.values())
    found = []
    for game_id, own in games.items():
        theirs = [games[other] for other in games if other != game_id]
        others = [package for packages in theirs for package in packages]
        found += crossings([m for m in project().values() if within(m.name, *own)], others)
    assert found == []


def test_only_the_game_packages_and_the_registries_spell_a_game_id() -> None:
    games = game_packages()
    allowed = [*REGISTRIES, *(package for packages in games.values() for package in packages)]
    spelled = []
    for module in project().values():
        if within(module.name, *allowed):
            continue
        for node in ast.walk(ast.parse(module.path.read_text("utf-8"))):
            if isinstance(node, ast.Constant) and node.value in games:
                spelled.append(f"{module.path.relative_to(ROOT)}:{node.lineno} {node.value!r}")
    assert spelled == []


def test_there_are_no_import_circles_type_only_ones_included() -> None:
    modules = project()
    graph = {name: [i for i in module.imports if i in modules] for name, module in modules.items()}
    assert circles(graph) == []


def rooms(root: Path, tops: Iterable[str]) -> list[str]:
    """Every folder under these top-level folders, as `path/` from the root, but the tools'
    (`NOT_ROOMS`, and everything inside one) and hidden ones."""
    found = []
    for top in tops:
        for folder in [root / top, *sorted(p for p in (root / top).rglob("*") if p.is_dir())]:
            parts = folder.relative_to(root).parts
            if any(part in NOT_ROOMS or part.startswith(".") for part in parts):
                continue
            found.append("/".join(parts) + "/")
    return found


def test_the_room_finder_skips_the_tools_folders(tmp_path: Path) -> None:
    for folder in ("pkg/sub/__pycache__", "pkg/__snapshots__/test_x", "pkg/.hidden", "pkg/a/b"):
        (tmp_path / folder).mkdir(parents=True)
    assert rooms(tmp_path, ["pkg"]) == ["pkg/", "pkg/a/", "pkg/a/b/", "pkg/sub/"]


def test_the_map_names_every_folder_of_the_house() -> None:
    """docs/architecture.md names each folder as it is (`webserve/templates/`, each game's
    folder by name), so the map cannot miss a room."""
    page = (ROOT / "docs" / "architecture.md").read_text("utf-8")
    assert [room for room in rooms(ROOT, HOUSE) if f"`{room}`" not in page] == []

"""Only Textual's and Rich's public API: no module of theirs whose name starts with `_` is imported
by the app (STYLE.md). Their private modules change without notice between versions."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LAYERS = ("companion", "saves", "widgets", "webserve")
LIBRARIES = ("textual", "rich")


def private_imports(source: str) -> list[str]:
    """The private Textual or Rich modules a module's source imports."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if parts[0] in LIBRARIES and any(part.startswith("_") for part in parts[1:]):
                found.append(name)
    return found


def test_the_finder_sees_a_private_module_however_it_is_imported() -> None:
    source = (
        "import textual.widgets._footer\n"
        "from textual.widgets._select import SelectOverlay\n"
        "from textual.widgets import _header\n"
        "from rich._loop import loop_last\n"
        "from textual.widgets import Footer\n"
    )
    assert private_imports(source) == [
        "textual.widgets._footer",
        "textual.widgets._select",
        "textual.widgets._select.SelectOverlay",
        "textual.widgets._header",
        "rich._loop",
        "rich._loop.loop_last",
    ]


def test_the_app_imports_no_private_module_of_textual_or_rich() -> None:
    found = [
        f"{path.relative_to(ROOT)}: {name}"
        for layer in LAYERS
        for path in sorted((ROOT / layer).rglob("*.py"))
        for name in private_imports(path.read_text(encoding="utf-8"))
    ]
    assert found == []

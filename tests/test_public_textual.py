"""Only Textual's and Rich's public API (STYLE.md, issue 44): a module imports no private module
or name of theirs and calls no private attribute it did not define itself (`self._scroll_update`
is Textual's; `self._steps` is the module's own). Checked for every module of the folders in
`CHECKED` (webserve/ joins them once its uses of textual-serve's private attributes are gone)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ("widgets",)
LIBRARIES = ("textual", "rich")


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_uses(source: str) -> list[str]:
    """Each private module, name or attribute of Textual or Rich the source uses, with its line."""
    tree = ast.parse(source)
    own = {
        target.attr
        for node in ast.walk(tree)
        for target in (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AnnAssign | ast.AugAssign)
            else []
        )
        if isinstance(target, ast.Attribute)
    }
    own |= {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in LIBRARIES:
            parts = (node.module or "").split(".")
            names = [alias.name for alias in node.names]
            if any(private(part) for part in parts) or any(private(name) for name in names):
                found.append(f"{node.lineno}: from {node.module} import {', '.join(names)}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] in LIBRARIES and any(private(part) for part in parts):
                    found.append(f"{node.lineno}: import {alias.name}")
        elif isinstance(node, ast.Attribute) and private(node.attr) and node.attr not in own:
            found.append(f"{node.lineno}: .{node.attr}")
    return found


def test_the_checker_finds_what_the_log_used_to_call() -> None:
    source = (
        "from textual._context import active_app\n"
        "import textual._compositor\n"
        "class Log:\n"
        "    def __init__(self):\n"
        "        self._steps = []\n"
        "    def grow(self, size):\n"
        "        self._steps.append(size)\n"
        "        self._scroll_update(size)\n"
    )
    assert private_uses(source) == [
        "1: from textual._context import active_app",
        "2: import textual._compositor",
        "8: ._scroll_update",
    ]


def checked_modules() -> list[Path]:
    return sorted(path for folder in CHECKED for path in (ROOT / folder).rglob("*.py"))


def test_every_module_of_the_checked_folders_is_checked() -> None:
    found = {path.relative_to(ROOT).as_posix() for path in checked_modules()}
    assert {"widgets/app.py", "widgets/play/action_log.py", "widgets/kit/line_table.py"} <= found
    assert len(found) > 100


def test_the_checked_modules_use_only_textuals_and_richs_public_api() -> None:
    used = {
        path.relative_to(ROOT).as_posix(): uses
        for path in checked_modules()
        if (uses := private_uses(path.read_text(encoding="utf-8")))
    }
    assert used == {}

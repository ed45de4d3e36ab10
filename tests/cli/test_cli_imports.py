"""Each command imports what it uses: `companion --version` neither the parser, the saves, the
statistics nor the screens; a command that reads no game does not import the store of games.
A test of imports (what `python -X importtime` and `sys.modules` name), not of time."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NEVER_FOR_VERSION = ("argparse", "importlib.metadata", "saves", "companion.history", "textual")


def is_under(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == package or module.startswith(f"{package}.") for package in packages)


def imported_by_version(home: Path) -> list[str]:
    """The modules `python -m companion --version` imports, as `-X importtime` names them."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "companion", "--version"],
        cwd=ROOT,
        env={**os.environ, "COMPANION_HOME": str(home)},
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.startswith("companion ")
    lines = [line for line in result.stderr.splitlines() if line.startswith("import time:")]
    return [line.rpartition("|")[2].strip() for line in lines]


def imported_after(arguments: list[str], home: Path) -> list[str]:
    """The modules in `sys.modules` after `companion ARGUMENTS` ran in a fresh interpreter."""
    code = (
        "import sys\n"
        "from companion.cli import main\n"
        f"code = main({arguments!r})\n"
        "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)\n"
        "raise SystemExit(code)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, "COMPANION_HOME": str(home)},
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    return result.stderr.splitlines()


def test_the_version_imports_no_parser_saves_statistics_or_screens(tmp_path: Path) -> None:
    modules = imported_by_version(tmp_path)
    assert "companion.cli" in modules  # the report is read right: the command's own package
    assert [m for m in modules if is_under(m, NEVER_FOR_VERSION)] == []


def test_building_the_parser_imports_no_saves_statistics_or_web_access(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from companion.cli import build_parser\n"
        "build_parser().parse_args(['show', 'a-save'])\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    modules = result.stdout.splitlines()
    assert "companion.cli.parser" in modules
    never = ("saves", "companion.history", "companion.registry", "webserve", "textual")
    assert [m for m in modules if is_under(m, (*never, "importlib.metadata"))] == []


@pytest.mark.parametrize(
    "arguments",
    [["locate"], ["roll", "2d6", "--seed", "1"], ["roll", "d6", "--no-history", "--json"]],
    ids=["locate", "seeded roll", "roll kept nowhere"],
)
def test_a_command_that_reads_no_file_imports_only_the_data_folder(
    tmp_path: Path, arguments: list[str]
) -> None:
    modules = imported_after(arguments, tmp_path)
    assert "saves.paths" in modules  # every command but --version checks the data folder
    saves = ("saves.games", "saves.shared", "saves.history", "saves.listing", "saves.files")
    never = (*saves, "companion.history", "companion.registry", "textual", "webserve")
    assert [m for m in modules if is_under(m, never)] == []

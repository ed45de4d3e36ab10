"""The README's one line that sets up and runs the tests is the very line CI runs (`.ci/run`):
a new contributor's first command is the one CI proves on a clean clone."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SECTION = re.compile(r"### Running the tests\n(.*?)\n#", re.DOTALL)
BLOCK = re.compile(r"```sh\n(.*?)\n```", re.DOTALL)


def readme_test_line() -> str:
    """The one command of the README's "Running the tests" section."""
    section = SECTION.search((ROOT / "README.md").read_text("utf-8"))
    assert section is not None, "README.md has no 'Running the tests' section"
    block = BLOCK.search(section.group(1))
    assert block is not None, "the section shows no command"
    lines = block.group(1).splitlines()
    assert len(lines) == 1, f"the command is {len(lines)} lines, not one: {lines}"
    return lines[0]


def test_the_readme_gives_one_line_that_makes_the_environment_and_runs_the_tests() -> None:
    line = readme_test_line()
    assert line.startswith("python3 -m venv .venv && ")
    assert '.venv/bin/pip install -e ".[test]"' in line and line.endswith(".venv/bin/pytest")


def test_ci_runs_the_readme_line_as_it_is_written() -> None:
    ci_lines = (ROOT / ".ci" / "run").read_text("utf-8").splitlines()
    assert readme_test_line() in ci_lines

"""What the command-line tests share: a `companion` command run in-process, its output read."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import lang
from companion import cli

LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", lang.BROWSER_LANGUAGES)
"""What the command's language is chosen from besides `--lang` and the settings."""

Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]) -> Run:
    """`run("act", id, ...)`: the exit code, what it printed and what it printed as errors."""

    def command(*args: str) -> tuple[int, str, str]:
        code = cli.main(list(args))
        out, err = capsys.readouterr()
        return code, out, err

    return command


@pytest.fixture(autouse=True)
def english_system(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands speak English whatever the machine's locale (a test sets its own)."""
    for variable in LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)

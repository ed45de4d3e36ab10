"""What the command-line tests share: a `companion` command run in-process, its output read."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion import cli

Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]) -> Run:
    """`run("act", id, ...)`: the exit code, what it printed and what it printed as errors."""

    def command(*args: str) -> tuple[int, str, str]:
        code = cli.main(list(args))
        out, err = capsys.readouterr()
        return code, out, err

    return command

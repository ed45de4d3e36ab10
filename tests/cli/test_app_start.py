"""`companion` with no command starts the app: the way there builds no command's parser, and
the app is started on the data folder as with `companion resume` (issue 44: a quick start)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import pytest

from companion import cli
from companion.cli import commands


def test_no_command_starts_the_app_without_building_the_parser(
    monkeypatch: pytest.MonkeyPatch, companion_home: Path
) -> None:
    started: list[tuple[argparse.Namespace | None, Any]] = []

    def refuse() -> argparse.ArgumentParser:
        raise AssertionError("the whole command line was built for the app's start")

    monkeypatch.setattr(cli, "build_parser", refuse)
    monkeypatch.setattr(commands, "build_parser", refuse)
    monkeypatch.setattr(
        commands, "run_app", lambda args, start=None: started.append((args, start)) or 0
    )
    assert cli.main([]) == 0
    assert started == [(None, None)]  # no arguments read, no game opened at start


def test_a_command_still_reads_the_whole_command_line(
    monkeypatch: pytest.MonkeyPatch, companion_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(commands, "run_app", lambda args, start=None: 1)
    assert cli.main(["--help"]) == 0
    assert "resume" in capsys.readouterr().out

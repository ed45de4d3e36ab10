"""The clock face's markers, and the rules staying free of Textual."""

from __future__ import annotations

import subprocess
import sys

import pytest

from widgets.time_bastards.clock import markers


@pytest.mark.parametrize(
    ("elapsed", "laps", "expected"),
    [
        (0, 2, (0,)),
        (5, 2, (5,)),
        (12, 2, (12, 0)),  # first marker at the end: the second starts at X
        (13, 2, (12, 1)),
        (24, 2, (12, 12)),
        (12, 1, (12,)),  # co-op: one marker only
        (30, 2, (12, 12)),
    ],
)
def test_markers_over_two_laps_and_one(elapsed: int, laps: int, expected: tuple[int, ...]) -> None:
    assert markers(elapsed, laps) == expected


def test_the_rules_import_no_textual() -> None:
    code = "import sys, companion.time_bastards; print('textual' in sys.modules)"
    command = [sys.executable, "-c", code]
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"

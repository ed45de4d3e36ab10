"""`companion record` says what it kept as a table would say the result: every player with their
score, and who won, how a tie ended, or the group's outcome (issue 42: a Time Bastards duel's line
named only its winner, "Recorded r1: Time Bastards, Ana.")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli.conftest import Run


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["time-bastards", "--player", "Ana=3", "--player", "Ben=1"],
            "Time Bastards, Ana 3, Ben 1: Ana won.",
        ),
        (
            ["time-bastards", "--player", "Ana=2", "--player", "Ben=2", "--winner", "Ben"],
            "Time Bastards, Ana 2, Ben 2: Ben won on the tie-break.",
        ),
        (
            ["time-bastards", "--player", "Ana=2", "--player", "Ben=2"],
            "Time Bastards, Ana 2, Ben 2: Ana and Ben share the win.",
        ),
        (
            ["time-bastards", "--player", "Ana", "--player", "Ben", "--winner", "Ben"],
            "Time Bastards, Ana, Ben: Ben won.",
        ),
        (
            ["time-bastards", "--player", "Ana", "--player", "Ben"],
            "Time Bastards, Ana, Ben: nobody won.",
        ),
        (
            ["six-sojourns", "--player", "Ana=40", "--player", "Ben=38", "--player", "Cy=12"],
            "Six Sojourns, Ana 40, Ben 38, Cy 12: Ana won.",
        ),
        (
            ["cavendish", "--player", "Ana", "--player", "Ben", "--outcome", "won", "--score", "3"],
            "TIME Stories Revolution: Cavendish, Ana and Ben: won, score 3 (lower is better).",
        ),
        (["sojourn", "--player", "Zoë", "--outcome", "lost"], "Sojourn, Zoë: lost."),
    ],
)
def test_the_record_line_names_every_player_and_the_result(
    companion_home: Path, run: Run, args: list[str], said: str
) -> None:
    code, out, err = run("record", *args)
    assert (code, err) == (0, "")
    assert re.fullmatch(rf"Recorded recorded-[\w-]+: {re.escape(said)}\n", out), out

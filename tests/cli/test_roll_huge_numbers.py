"""`companion roll` with a number of thousands of digits: one line on stderr, exit code 2 (Python's
`int` refuses 4,301 digits and more with a traceback); typed-in faces likewise."""

from __future__ import annotations

import pytest

from companion import cli, dice

HUGE = "9" * 4301
"""One digit past what `int` reads from text."""


@pytest.mark.parametrize(
    "expression",
    [f"{HUGE}d6", f"d{HUGE}", f"2d6+{HUGE}", f"2d6-{HUGE}", f"{'0' * 5000}1{HUGE}d6"],
    ids=["count", "sides", "plus", "minus", "leading zeros"],
)
def test_a_huge_number_in_the_notation_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], expression: str
) -> None:
    assert cli.main(["roll", "--no-history", expression]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and "a number too large for dice" in err
    assert len(err) < 200, "the expression is quoted shortened"


def test_leading_zeros_still_read_as_the_number(capsys: pytest.CaptureFixture[str]) -> None:
    assert dice.parse(f"{'0' * 5000}2d6") == dice.DiceSpec(2, 6)


def test_a_huge_typed_face_is_refused_in_words() -> None:
    with pytest.raises(dice.DiceError, match="is not a face"):
        dice.read_faces("2d6", f"3 {HUGE}")

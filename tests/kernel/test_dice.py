"""Dice notation, seeded rolls, percentile reading and typed-in physical rolls."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion import dice
from companion.dice import DiceError, DiceSpec


@pytest.mark.parametrize(
    ("text", "spec"),
    [
        ("d6", DiceSpec(1, 6, 0)),
        ("2d6", DiceSpec(2, 6, 0)),
        ("2d6+1", DiceSpec(2, 6, 1)),
        ("4d6-2", DiceSpec(4, 6, -2)),
        ("d20", DiceSpec(1, 20, 0)),
        ("d%", DiceSpec(1, 100, 0)),
        ("d100", DiceSpec(1, 100, 0)),
        (" 3D8 + 2 ", DiceSpec(3, 8, 2)),
    ],
)
def test_notation_is_read(text: str, spec: DiceSpec) -> None:
    assert dice.parse(text) == spec


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "No dice given"),
        ("   ", "No dice given"),
        ("2x", "not dice notation"),
        ("0d6", "between 1 and 100 dice"),
        ("d1", "2 to 1000 sides"),
        ("d0", "2 to 1000 sides"),
        ("1000d6", "between 1 and 100 dice"),
        ("d6+", "not dice notation"),
        ("2d6+99999", "modifier"),
        ("d6d6", "not dice notation"),
    ],
)
def test_bad_notation_is_refused_with_a_reason(text: str, words: str) -> None:
    with pytest.raises(DiceError, match=words):
        dice.parse(text)


def test_expression_is_written_back_in_usual_form() -> None:
    assert dice.parse("1d6+0").expression == "d6"
    assert dice.parse("d100").expression == "d%"
    assert dice.parse("3d8-1").expression == "3d8-1"


def test_same_seed_gives_the_same_roll() -> None:
    first = dice.roll("2d6+1", random.Random(7))
    again = dice.roll("2d6+1", random.Random(7))
    assert first == again
    assert first.total == sum(first.faces) + 1
    assert first.source == "app"


def test_d6_faces_stay_in_bounds_and_are_all_reached() -> None:
    rng = random.Random(1)
    faces = Counter(dice.roll("d6", rng).faces[0] for _ in range(6000))
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    for count in faces.values():
        assert 850 < count < 1150  # 1000 expected each; far outside this means a biased die


def test_percentile_faces_are_a_tens_die_and_a_units_die() -> None:
    rng = random.Random(3)
    totals = Counter()
    for _ in range(20000):
        roll = dice.roll("d%", rng)
        tens, units = roll.faces
        assert tens in range(0, 91, 10)
        assert units in range(10)
        assert 1 <= roll.total <= 100
        totals[roll.total] += 1
    assert set(totals) == set(range(1, 101))


def test_double_zero_reads_100_or_0() -> None:
    assert dice.percentile_value(0, 0) == 100
    assert dice.percentile_value(0, 0, zero_is_hundred=False) == 0
    assert dice.percentile_value(30, 7) == 37
    assert dice.percentile_value(90, 9, zero_is_hundred=False) == 99


def test_percentile_faces_for_a_reading() -> None:
    assert dice.percentile_faces(37) == (30, 7)
    assert dice.percentile_faces(100) == (0, 0)
    assert dice.percentile_faces(5) == (0, 5)
    with pytest.raises(DiceError):
        dice.percentile_faces(0)


def test_physical_rolls_are_checked_against_the_dice() -> None:
    roll = dice.physical("2d6+1", [3, 5])
    assert roll.total == 9
    assert roll.source == "physical"
    with pytest.raises(DiceError, match="not a face of a d6"):
        dice.physical("2d6", [3, 7])
    with pytest.raises(DiceError, match="needs 2 faces"):
        dice.physical("2d6", [3])
    with pytest.raises(DiceError, match="tens die"):
        dice.physical("d%", [35, 0])
    with pytest.raises(DiceError, match="units die"):
        dice.physical("d%", [30, 10])


def test_physical_total_for_single_dice() -> None:
    assert dice.physical_total("d%", 37).faces == (30, 7)
    assert dice.physical_total("d%", 100).total == 100
    assert dice.physical_total("d6", 4).faces == (4,)
    with pytest.raises(DiceError):
        dice.physical_total("2d6", 7)
    with pytest.raises(DiceError):
        dice.physical_total("d6", 7)

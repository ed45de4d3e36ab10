"""What players type in the sheet and board cells, read back exactly."""

from __future__ import annotations

import pytest

from companion.core import RuleError
from companion.six_sojourns.model import Objective, Pieces, Space, Threshold
from companion.six_sojourns.text import (
    marks_text,
    objective_line,
    parse_marks,
    parse_new_space,
    parse_objective,
    parse_pieces,
    parse_threshold,
    parse_upgrade,
    pieces_text,
)


@pytest.mark.parametrize(
    ("text", "pieces"),
    [
        ("2p 1h T", Pieces(people=2, houses=1, tower=True)),
        ("3P", Pieces(people=3)),
        ("1b, 2b", Pieces(boats=3)),
        ("", Pieces()),
    ],
)
def test_pieces(text: str, pieces: Pieces) -> None:
    assert parse_pieces(text) == pieces
    assert parse_pieces(pieces_text(pieces)) == pieces


@pytest.mark.parametrize("text", ["2x", "two people", "p2", "2p junk"])
def test_unreadable_pieces(text: str) -> None:
    with pytest.raises(RuleError, match="2p 1b 1h T"):
        parse_pieces(text)


def test_new_space_land_and_sea() -> None:
    assert parse_new_space("A1 North Cape") == Space("A1", island="North Cape")
    assert parse_new_space("S3 sea") == Space("S3", sea=True)
    with pytest.raises(RuleError, match="A1 North"):
        parse_new_space("A1")


def test_marks_round_trip() -> None:
    text = "landmark Lighthouse, mountain, shrines 1, serpents 2, token cooking, lava 1"
    space = parse_marks(Space("A1", island="N"), text)
    assert (space.landmark, space.mountain, space.shrines, space.serpents) == (
        "Lighthouse",
        True,
        1,
        2,
    )
    assert (space.trade_token, space.lava) == ("cooking", 1)
    assert marks_text(space) == text
    with pytest.raises(RuleError, match="Cannot read 'volcano'"):
        parse_marks(space, "volcano")


@pytest.mark.parametrize(
    ("text", "objective"),
    [
        ("houses 3 = 3", Objective("houses", 3, at_least=3)),
        ("cooking 7 = 3", Objective("trade", 3, 7, ("cooking",))),
        ("sewing+shoe-making 7 = 4", Objective("trades", 4, 7, ("sewing", "shoe-making"))),
        ("place Lighthouse = 3", Objective("place", 3, place="Lighthouse")),
        ("islands 2 = 3", Objective("islands", 3, at_least=2)),
        ("vp 2", Objective("vp", 2)),
    ],
)
def test_objectives(text: str, objective: Objective) -> None:
    assert parse_objective(text) == objective
    assert objective_line(objective) == text


@pytest.mark.parametrize("text", ["houses three = 3", "baking 3 = 1", "cooking 7"])
def test_unreadable_objectives(text: str) -> None:
    with pytest.raises(RuleError):
        parse_objective(text)


def test_thresholds_and_upgrades() -> None:
    assert parse_threshold(" 5 / 9 ") == Threshold(5, 9)
    assert parse_upgrade("Cooking +2") == ("cooking", 2)
    assert parse_upgrade("art -1") == ("art", -1)
    with pytest.raises(RuleError):
        parse_threshold("5-9")
    with pytest.raises(RuleError):
        parse_upgrade("baking 2")

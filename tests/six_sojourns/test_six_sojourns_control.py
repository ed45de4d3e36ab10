"""Control of spaces, islands and the board expansions (DESIGN.md, Six Sojourns rulings)."""

from __future__ import annotations

import pytest
from six_sojourns_helpers import board, land, people, sea

from companion.six_sojourns.model import Pieces, Space
from companion.six_sojourns.scoring import control, score, standings


def test_most_people_controls() -> None:
    assert control(land("A1", Ana=people(2), Ben=people(1))).owner == "Ana"


def test_rulebook_two_people_against_two_single_people() -> None:
    space = land("A1", Ana=people(2), Ben=people(1), Cy=people(1))
    assert control(space).owner == "Ana"


def test_a_house_counts_two() -> None:
    space = land("A1", Ana=Pieces(houses=1), Ben=people(1))
    assert control(space).owner == "Ana"
    assert control(space).strength == 2


def test_house_and_two_people_tie_nobody_controls() -> None:
    space = land("A1", Ana=Pieces(houses=1), Ben=people(2))
    assert control(space).owner is None


def test_a_tie_for_most_controls_nothing_even_with_a_weaker_third() -> None:
    space = land("A1", Ana=people(3), Ben=people(3), Cy=people(1))
    assert control(space).owner is None


def test_tower_controls_whatever_else_is_there() -> None:
    space = land("A1", Ana=Pieces(people=1, tower=True), Ben=people(9))
    assert control(space).owner == "Ana"
    assert control(space).tower


def test_sea_is_controlled_by_boats() -> None:
    assert control(sea("S1", Ana=Pieces(boats=2), Ben=Pieces(boats=1))).owner == "Ana"
    assert control(sea("S1", Ana=Pieces(boats=1), Ben=Pieces(boats=1))).owner is None


def test_lava_is_a_neutral_player() -> None:
    space = Space("A1", island="North", lava=2, pieces={"Ana": people(2)})
    assert control(space).owner is None
    stronger = Space("A1", island="North", lava=2, pieces={"Ana": people(3)})
    assert control(stronger).owner == "Ana"


def test_lava_does_not_beat_a_tower() -> None:
    space = Space("A1", island="North", lava=5, pieces={"Ana": Pieces(tower=True)})
    assert control(space).owner == "Ana"


def test_an_empty_space_is_nobody_s() -> None:
    assert control(land("A1")).owner is None


def test_each_controlled_space_is_one_vp_with_its_reason() -> None:
    result = score(board(land("A7", Ana=people(3), Ben=people(2))))
    assert result.totals == {"Ana": 2, "Ben": 0}  # the space and island North
    reasons = [(line.player, line.points, line.reason) for line in result.lines]
    assert ("Ana", 1, "controls A7: 3 vs 2") in reasons
    assert ("Ana", 1, "island North: 1 space vs 0") in reasons


def test_island_needs_strictly_most_spaces() -> None:
    sheet = board(
        land("A1", Ana=people(1)),
        land("A2", Ben=people(1)),
        land("A3", Ana=people(1), Ben=people(1)),
    )
    breakdown = {s.name: s.breakdown["islands"] for s in standings(sheet, score(sheet))}
    assert breakdown == {"Ana": 0, "Ben": 0}


def test_island_bonus_reason_names_the_counts() -> None:
    sheet = board(
        land("A1", Ana=people(1)),
        land("A2", Ana=people(1)),
        land("A3", Ana=people(1)),
        land("A4", Ben=people(1)),
        land("A5", Ben=people(1)),
    )
    reasons = [f"{line.player} {line.points:+d} {line.reason}" for line in score(sheet).lines]
    assert "Ana +1 island North: 3 spaces vs 2" in reasons


def test_sea_spaces_count_for_no_island() -> None:
    sheet = board(
        land("A1", Ben=people(1)), sea("S1", Ana=Pieces(boats=1)), sea("S2", Ana=Pieces(boats=1))
    )
    result = score(sheet)
    assert result.totals == {"Ana": 2, "Ben": 2}


def test_each_island_is_scored_separately() -> None:
    sheet = board(land("A1", "North", Ana=people(1)), land("B1", "South", Ben=people(1)))
    assert score(sheet).totals == {"Ana": 2, "Ben": 2}


@pytest.mark.parametrize(("expansion", "bonus"), [("feuds", 1), ("fierce-feuds", 2)])
def test_feuds_reward_a_contested_controlled_space(expansion: str, bonus: int) -> None:
    sheet = board(
        land("A1", "North", Ana=people(3), Ben=people(1), Cy=people(1)),
        land("B1", "South", Ana=people(1)),
        players=("Ana", "Ben", "Cy"),
        expansions=(expansion,),
    )
    result = standings(sheet, score(sheet))[0]
    assert result.breakdown["feuds"] == bonus  # never more than one bonus per space


def test_feuds_without_the_expansion_score_nothing() -> None:
    sheet = board(land("A1", Ana=people(3), Ben=people(1)))
    assert standings(sheet, score(sheet))[0].breakdown["feuds"] == 0


def test_mountain_shrines_and_serpents_go_to_the_controller() -> None:
    sheet = board(
        Space("A1", island="North", mountain=True, shrines=2, pieces={"Ana": people(2)}),
        Space("S1", sea=True, serpents=3, pieces={"Ben": Pieces(boats=1)}),
        Space(
            "A2",
            island="North",
            mountain=True,
            shrines=1,
            pieces={"Ana": people(1), "Ben": people(1)},
        ),
        expansions=("mountains", "shrines", "sea-serpents"),
    )
    ana, ben = standings(sheet, score(sheet))
    assert (ana.breakdown["mountains"], ana.breakdown["shrines"], ana.breakdown["serpents"]) == (
        1,
        2,
        0,
    )
    assert (ben.breakdown["mountains"], ben.breakdown["shrines"], ben.breakdown["serpents"]) == (
        0,
        0,
        3,
    )


def test_trades_token_goes_to_the_controller_and_counts_as_an_icon() -> None:
    sheet = board(
        Space("A1", island="North", trade_token="cooking", pieces={"Ana": people(2)}),
        expansions=("trades-tokens",),
        trades={"Ana": {"cooking": 4}},
    )
    ana = standings(sheet, score(sheet))[0]
    assert ana.breakdown["trades"] == 4


def test_a_tied_trades_token_is_nobody_s() -> None:
    sheet = board(
        Space(
            "A1", island="North", trade_token="cooking", pieces={"Ana": people(2), "Ben": people(2)}
        ),
        expansions=("trades-tokens",),
        trades={"Ana": {"cooking": 4}, "Ben": {"cooking": 4}},
    )
    assert all(s.breakdown["trades"] == 0 for s in standings(sheet, score(sheet)))


def test_every_point_has_a_reason() -> None:
    sheet = board(
        Space("A1", island="North", mountain=True, pieces={"Ana": people(2), "Ben": people(1)}),
        expansions=("mountains", "feuds"),
        trades={"Ana": {"art": 5}},
    )
    result = score(sheet)
    for name, total in result.totals.items():
        assert total == sum(line.points for line in result.lines if line.player == name)
    assert all(line.reason for line in result.lines)

"""Trades thresholds with upgrades, objectives, ties and the score pad."""

from __future__ import annotations

import pytest
from six_sojourns_helpers import board, land, people

from companion.six_sojourns.model import (
    DEFAULT_THRESHOLDS,
    Objective,
    Pieces,
    PlayerSheet,
    Sheet,
    Space,
    Threshold,
    Thresholds,
    threshold_problem,
)
from companion.six_sojourns.scoring import score, standings, trade_vp

DEFAULTS = {
    "cooking": (5, 9),
    "carpentry": (5, 8),
    "sewing": (5, 7),
    "shoe-making": (4, 6),
    "art": (4, 5),
    "smithing": (3, 5),
    "jewelry": (3, 4),
}


def trade_points(trade: str, icons: int, upgrades: tuple[int, ...] = ()) -> int:
    sheet = board(
        expansions=("upgrades",) if upgrades else (),
        trades={"Ana": {trade: icons}},
        upgrades={trade: upgrades} if upgrades else {},
    )
    return standings(sheet, score(sheet))[0].breakdown["trades"]


@pytest.mark.parametrize(("icons", "vp"), [(4, 0), (5, 4), (8, 4), (9, 7), (12, 7)])
def test_rulebook_cooking_example(icons: int, vp: int) -> None:
    assert trade_points("cooking", icons) == vp


@pytest.mark.parametrize("trade", list(DEFAULTS))
def test_every_trade_at_each_boundary(trade: str) -> None:
    first, second = DEFAULTS[trade]
    assert DEFAULT_THRESHOLDS.of(trade) == Threshold(first, second)
    assert trade_points(trade, first - 1) == 0
    assert trade_points(trade, first) == 4
    assert trade_points(trade, second - 1) == 4
    assert trade_points(trade, second) == 7


@pytest.mark.parametrize(
    ("icons", "upgrades", "vp"),
    [(5, (2,), 6), (9, (2,), 9), (9, (-1, 1), 7), (5, (-3, -2), 0), (4, (3,), 0), (9, (-9,), 0)],
)
def test_upgrades_shift_both_amounts_and_never_below_zero(
    icons: int, upgrades: tuple[int, ...], vp: int
) -> None:
    assert trade_points("cooking", icons, upgrades) == vp


def test_upgrades_apply_to_every_player() -> None:
    sheet = board(
        expansions=("upgrades",),
        trades={"Ana": {"art": 4}, "Ben": {"art": 5}},
        upgrades={"art": (1,)},
    )
    assert [s.breakdown["trades"] for s in standings(sheet, score(sheet))] == [5, 8]


def test_edited_thresholds_are_used() -> None:
    custom = Thresholds(cooking=Threshold(2, 3))
    sheet = board(trades={"Ana": {"cooking": 2}})
    assert score(sheet, custom).totals["Ana"] == 4
    assert trade_vp(3, "cooking", sheet, custom)[0] == 7


@pytest.mark.parametrize("pair", [(0, 3), (5, 5), (6, 5), (3, 100)])
def test_impossible_thresholds_are_named(pair: tuple[int, int]) -> None:
    problem = threshold_problem(Thresholds(art=Threshold(*pair)))
    assert problem is not None and problem.startswith("art:")


OBJECTIVE_BOARD = (
    Space("A1", island="North", landmark="Lighthouse", pieces={"Ana": Pieces(people=1, houses=1)}),
    Space("A2", island="North", pieces={"Ana": Pieces(houses=1)}),
    Space("B1", island="South", pieces={"Ana": Pieces(houses=1)}),
    Space("C1", island="East", landmark="Tower of Winds", pieces={"Ben": people(1)}),
)


def objective_points(objective: Objective, trades: dict[str, int] | None = None) -> int:
    sheet = board(*OBJECTIVE_BOARD, trades={"Ana": trades or {}}, objectives={"Ana": (objective,)})
    return standings(sheet, score(sheet))[0].breakdown["objectives"]


@pytest.mark.parametrize(
    ("objective", "trades", "vp"),
    [
        (Objective("houses", 3, at_least=3), None, 3),
        (Objective("houses", 3, at_least=4), None, 0),
        (Objective("trade", 3, 7, ("cooking",)), {"cooking": 7}, 3),
        (Objective("trade", 3, 7, ("cooking",)), {"cooking": 6}, 0),
        (Objective("trades", 4, 7, ("sewing", "shoe-making")), {"sewing": 3, "shoe-making": 4}, 4),
        (Objective("trades", 4, 7, ("sewing", "shoe-making")), {"sewing": 3, "shoe-making": 3}, 0),
        (Objective("place", 3, place="Lighthouse"), None, 3),
        (Objective("place", 3, place="lighthouse"), None, 3),
        (Objective("place", 3, place="Tower of Winds"), None, 0),
        (Objective("place", 3, place="Nowhere"), None, 0),
        (Objective("islands", 3, at_least=2), None, 3),
        (Objective("islands", 3, at_least=3), None, 0),
        (Objective("vp", 2), None, 2),
    ],
)
def test_objectives_all_or_nothing(
    objective: Objective, trades: dict[str, int] | None, vp: int
) -> None:
    assert objective_points(objective, trades) == vp


def test_a_missed_objective_is_explained_with_zero_points() -> None:
    sheet = board(*OBJECTIVE_BOARD, objectives={"Ana": (Objective("houses", 3, at_least=4),)})
    line = next(x for x in score(sheet).lines if x.reason.startswith("missed"))
    assert (line.points, line.reason) == (0, "missed objective 4+ houses on the board (has 3)")


def test_trades_token_counts_toward_a_trade_objective() -> None:
    sheet = board(
        Space("A1", island="North", trade_token="cooking", pieces={"Ana": people(1)}),
        expansions=("trades-tokens",),
        trades={"Ana": {"cooking": 6}},
        objectives={"Ana": (Objective("trade", 3, 7, ("cooking",)),)},
    )
    assert standings(sheet, score(sheet))[0].breakdown["objectives"] == 3


def test_tie_on_vp_goes_to_most_coins() -> None:
    sheet = board(
        land("A1", "N", Ana=people(1)), land("B1", "S", Ben=people(1)), coins={"Ana": 2, "Ben": 5}
    )
    result = score(sheet)
    assert result.totals == {"Ana": 2, "Ben": 2}
    assert result.winners == ("Ben",)
    assert [(s.name, s.rank) for s in standings(sheet, result)] == [("Ana", 2), ("Ben", 1)]


def test_tie_on_vp_and_coins_is_shared() -> None:
    sheet = board(
        land("A1", "N", Ana=people(1)),
        land("B1", "S", Ben=people(1)),
        land("C1", "E", Cy=people(2)),
        land("C2", "E", Cy=people(2)),
        players=("Ana", "Ben", "Cy"),
        coins={"Ana": 3, "Ben": 3, "Cy": 0},
    )
    result = score(sheet)
    assert result.winners == ("Cy",)
    tied = board(
        land("A1", "N", Ana=people(1)), land("B1", "S", Ben=people(1)), coins={"Ana": 3, "Ben": 3}
    )
    assert score(tied).winners == ("Ana", "Ben")
    assert [s.rank for s in standings(tied, score(tied))] == [1, 1]


def test_score_pad_adds_the_categories() -> None:
    pad = Sheet(
        (
            PlayerSheet(
                "Ana", 4, {"cooking": 9}, (), spaces=8, islands=2, objective_vp=6, expansion_vp=3
            ),
            PlayerSheet("Ben", 4, {"jewelry": 4}, (), spaces=10, islands=3, objective_vp=2),
        )
    )
    result = score(pad)
    assert result.totals == {"Ana": 8 + 2 + 7 + 6 + 3, "Ben": 10 + 3 + 7 + 2}
    ana = standings(pad, result)[0]
    assert ana.breakdown == {
        "spaces": 8,
        "islands": 2,
        "trades": 7,
        "objectives": 6,
        "serpents": 0,
        "shrines": 0,
        "mountains": 0,
        "feuds": 0,
        "expansions": 3,
    }


def test_pad_ignores_the_board_and_board_ignores_the_pad() -> None:
    spaces = (land("A1", Ana=people(1)),)
    player = PlayerSheet("Ana", spaces=5)
    assert score(Sheet((player,), spaces=spaces, pad=True)).totals == {"Ana": 5}
    assert score(Sheet((player,), spaces=spaces, pad=False)).totals == {"Ana": 2}

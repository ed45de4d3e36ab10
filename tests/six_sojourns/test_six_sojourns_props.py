"""Invariants: scores ignore the order of spaces and players; a piece never lowers control."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.six_sojourns.model import Objective, Pieces, PlayerSheet, Sheet, Space
from companion.six_sojourns.scoring import control, score, standings

NAMES = ("Ana", "Ben", "Cy", "Dee")
EXPANSIONS = ("feuds", "mountains", "shrines", "sea-serpents", "trades-tokens", "volcano")


@st.composite
def spaces(draw: st.DrawFn, count: int = 12) -> tuple[Space, ...]:
    n = draw(st.integers(1, count))
    result = []
    for i in range(n):
        at_sea = draw(st.booleans())
        pieces = {}
        for name in draw(st.lists(st.sampled_from(NAMES), unique=True, max_size=4)):
            if at_sea:
                pieces[name] = Pieces(boats=draw(st.integers(0, 2)))
            else:
                pieces[name] = Pieces(
                    people=draw(st.integers(0, 2)), houses=draw(st.integers(0, 1))
                )
        result.append(
            Space(
                f"S{i:02d}",
                island="" if at_sea else draw(st.sampled_from(("North", "South", "East"))),
                sea=at_sea,
                mountain=not at_sea and draw(st.booleans()),
                serpents=draw(st.integers(0, 1)) if at_sea else 0,
                trade_token=draw(st.sampled_from(("", "cooking", "art"))),
                lava=0 if at_sea else draw(st.integers(0, 1)),
                pieces=pieces,
            )
        )
    return tuple(result)


def sheet_of(board: tuple[Space, ...], players: tuple[str, ...] = NAMES) -> Sheet:
    sheets = tuple(
        PlayerSheet(
            name,
            coins=i % 2,
            trades={"cooking": 3 + i, "art": i},
            objectives=(Objective("houses", 2, at_least=2), Objective("islands", 3, at_least=1)),
        )
        for i, name in enumerate(players)
    )
    return Sheet(sheets, EXPANSIONS, {}, board, pad=False)


def per_player(sheet: Sheet) -> dict[str, tuple[int, int, dict[str, int]]]:
    result = score(sheet)
    return {s.name: (s.total, s.rank, s.breakdown) for s in standings(sheet, result)}


@given(spaces(), st.randoms(use_true_random=False))
def test_scores_ignore_the_order_of_spaces(board: tuple[Space, ...], rng: object) -> None:
    shuffled = list(board)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    assert score(sheet_of(board)) == score(sheet_of(tuple(shuffled)))


@given(spaces(), st.permutations(NAMES))
def test_scores_ignore_the_order_of_players(board: tuple[Space, ...], order: list[str]) -> None:
    first = per_player(sheet_of(board))
    sheet = sheet_of(board)
    reordered = replace(sheet, players=tuple(sheet.player(n) for n in order))  # type: ignore[misc]
    assert per_player(reordered) == first
    assert set(score(reordered).winners) == set(score(sheet).winners)


@given(spaces(count=1), st.sampled_from(NAMES), st.sampled_from(("people", "boats", "houses")))
def test_adding_a_piece_never_lowers_its_owner_s_control(
    board: tuple[Space, ...], name: str, kind: str
) -> None:
    space = board[0]
    if (kind == "boats") != space.sea:
        kind = "boats" if space.sea else "people"
    before = control(space)
    mine = space.pieces.get(name, Pieces())
    added = replace(mine, **{kind: getattr(mine, kind) + 1})
    after = control(replace(space, pieces={**space.pieces, name: added}))
    if before.owner == name:
        assert after.owner == name
    assert after.owner in (before.owner, name) or before.owner is None or after.owner is None
    assert not (before.owner == name and after.owner != name)


@settings(max_examples=10)
@given(st.integers(0, 1000))
def test_a_four_player_sixty_space_board_explains_every_point(seed: int) -> None:
    """A large board scores every player, each total the sum of its reasons (its speed is a
    figure of tests/bench/run.py, never a timed assertion)."""
    board = tuple(
        Space(
            f"A{i:02d}",
            island=f"I{i % 9}",
            mountain=i % 7 == 0,
            pieces={
                n: Pieces(people=(seed + i * j) % 4, houses=(i + j) % 2)
                for j, n in enumerate(NAMES)
            },
        )
        for i in range(60)
    )
    sheet = sheet_of(board)
    result = score(sheet)
    assert set(result.totals) == set(NAMES)
    for name in NAMES:
        assert result.totals[name] == sum(
            line.points for line in result.lines if line.player == name
        )

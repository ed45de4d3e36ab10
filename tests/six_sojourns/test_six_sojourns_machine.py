"""Six Sojourns sessions under random do, undo, redo, save and load: scores always computable,
totals equal to their breakdown, coins never below 0, undo exact, saves replaying the same sheet."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import run_state_machine_as_test
from test_six_sojourns_props import NAMES

from companion.six_sojourns.actions import (
    COUNTS,
    AdjustCoins,
    CloseSojourn,
    EnterCount,
    EnterSpace,
    PayCoins,
    PlaceSerpent,
    PlaceShrine,
    PlaceUpgrade,
    RemoveSpace,
    RemoveUpgrade,
    ScoreBy,
    SetObjectives,
    SetThresholds,
    SojournsState,
    TakeCard,
)
from companion.six_sojourns.check import check_sheet
from companion.six_sojourns.game import SIX_SOJOURNS, describe, game_score, summary
from companion.six_sojourns.model import (
    CARD_PRICES,
    CARDS_EACH,
    DEFAULT_THRESHOLDS,
    EXPANSIONS,
    SERPENT_TOKENS,
    SHRINES_EACH,
    TRADES,
    Objective,
    Pieces,
    Space,
    Threshold,
    Thresholds,
)
from companion.six_sojourns.scoring import score, standings
from companion.six_sojourns.setup import SOJOURNS, SojournsSetup
from tests.quality.session_machine import LONG, QUICK, MachineSpec, session_machine

players = st.lists(st.sampled_from(NAMES), min_size=1, max_size=4, unique=True).map(tuple)
SETUPS = st.one_of(
    st.builds(
        SojournsSetup,
        players=players,
        map=st.sampled_from(("A", "B")),
        expansions=st.lists(
            st.sampled_from([e for e in EXPANSIONS if e != "fierce-feuds"]), unique=True
        ).map(tuple),
    ),
    st.builds(
        SojournsSetup,
        players=players,
        expansions=st.just(SOJOURNS[0].expansions),
        sojourn=st.just(1),
        campaign=st.just(True),
    ),
)
"""Single games with any legal set of expansions, and six-sojourn campaigns."""

player = st.sampled_from((*NAMES, "Zed", ""))
trade = st.sampled_from((*TRADES, "farming"))
space_name = st.sampled_from(("S0", "S1", "S2", "S3", ""))
pieces = st.builds(Pieces, st.integers(-1, 3), st.integers(0, 2), st.integers(0, 1), st.booleans())
owners = st.sampled_from((*NAMES, "Zed"))
wild_space = st.builds(
    Space,
    name=space_name,
    island=st.sampled_from(("", "North", "South")),
    sea=st.booleans(),
    landmark=st.sampled_from(("", "Lighthouse")),
    mountain=st.booleans(),
    shrines=st.integers(0, 1),
    serpents=st.integers(0, 1),
    trade_token=st.sampled_from(("", "cooking", "art", "farming")),
    lava=st.integers(0, 1),
    pieces=st.dictionaries(owners, pieces, max_size=3),
)
land_space = st.builds(
    Space,
    name=space_name,
    island=st.sampled_from(("North", "South")),
    pieces=st.dictionaries(
        owners, st.builds(Pieces, people=st.integers(0, 3), houses=st.integers(0, 1)), max_size=3
    ),
)
sea_space = st.builds(
    Space,
    name=space_name,
    sea=st.just(True),
    pieces=st.dictionaries(owners, st.builds(Pieces, boats=st.integers(0, 2)), max_size=2),
)
spaces = st.one_of(land_space, sea_space, wild_space)
"""Spaces as a table enters them, and spaces with any mistake in them."""
objectives = st.builds(
    Objective,
    kind=st.sampled_from(("houses", "trade", "trades", "place", "islands", "vp")),
    vp=st.integers(-1, 6),
    at_least=st.integers(-1, 3),
    trades=st.lists(trade, max_size=2).map(tuple),
    place=st.sampled_from(("", "Lighthouse")),
)
thresholds = st.sampled_from(
    (
        DEFAULT_THRESHOLDS,
        Thresholds(cooking=Threshold(2, 3), art=Threshold(1, 99)),
        Thresholds(jewelry=Threshold(4, 4)),
    )
)
ACTIONS = st.one_of(
    st.builds(TakeCard, st.integers(-1, 5)),
    st.builds(AdjustCoins, player, st.integers(-14, 6)),
    st.builds(PayCoins, player, player, st.integers(-1, 13)),
    st.builds(PlaceSerpent, player, st.lists(player, max_size=3).map(tuple)),
    st.builds(PlaceShrine, player),
    st.builds(PlaceUpgrade, trade, st.integers(-10, 10)),
    st.builds(RemoveUpgrade, trade, st.integers(-10, 10)),
    st.builds(EnterCount, player, st.sampled_from((*COUNTS, "gold")), st.integers(-2, 12)),
    st.builds(SetObjectives, player, st.lists(objectives, max_size=2).map(tuple)),
    st.builds(EnterSpace, spaces, st.sampled_from(("", "S0", "S1"))),
    st.builds(RemoveSpace, space_name),
    st.builds(ScoreBy, st.sampled_from(("pad", "board"))),
    st.builds(SetThresholds, thresholds),
    st.builds(CloseSojourn, st.sampled_from(("", "A", "B"))),
)
"""Every entry of the sheet and the turn tracker, with names, counts and spaces good and bad."""


def check_invariants(state: SojournsState) -> None:
    """The sheet stays valid and scorable, totals add up, no coin count goes below 0."""
    check_sheet(state.sheet)
    for sheet in state.sheet.players:
        assert sheet.coins >= 0, f"{sheet.name} has {sheet.coins} coins"
    result = score(state.sheet, state.thresholds)
    for name in state.players:
        lines = sum(line.points for line in result.lines if line.player == name)
        assert result.totals[name] == lines
    for standing in standings(state.sheet, result):
        assert sum(standing.breakdown.values()) == standing.total, standing
    game_score(state)
    summary(state)
    describe(state)
    assert 0 <= state.cards_taken <= CARDS_EACH * len(state.players)
    assert 0 <= state.serpents_placed <= SERPENT_TOKENS
    assert all(0 <= built <= SHRINES_EACH for built in state.shrines_placed.values())
    if state.setup.campaign:
        assert len(state.results) == state.sojourn - (0 if state.finished else 1)


def moves(state: SojournsState) -> list[Any]:
    """Turn-tracker steps and sheet entries a table makes; a game is closed once cards run out
    (in a campaign at any time, so play moves through the six sojourns)."""
    names = state.players
    candidates: list[Any] = [TakeCard(cost) for cost in CARD_PRICES]
    for name in names:
        candidates += [AdjustCoins(name, 2), AdjustCoins(name, -1), PlaceShrine(name)]
        candidates += [PlaceSerpent(name, names), EnterCount(name, "cooking", len(names) + 3)]
        candidates.append(EnterCount(name, "spaces", 3))
    candidates += [PayCoins(names[0], names[-1]), PlaceUpgrade("art", 2), ScoreBy("board")]
    taken = {space.name for space in state.sheet.spaces}
    fresh = next(f"L{n}" for n in range(len(taken) + 1) if f"L{n}" not in taken)
    owner = names[len(taken) % len(names)]
    land = Space(fresh, island=f"I{len(taken) % 3}", pieces={owner: Pieces(people=2, houses=1)})
    candidates += [EnterSpace(land), EnterSpace(Space(fresh + "s", sea=True))]
    if state.sheet.spaces:
        candidates.append(RemoveSpace(state.sheet.spaces[0].name))
    if state.cards_over or state.sojourn:
        candidates += [CloseSojourn(""), CloseSojourn("A"), CloseSojourn("B")]
    return candidates


SixSojournsMachine = session_machine(
    MachineSpec(SIX_SOJOURNS, SETUPS, ACTIONS, check_invariants, moves)
)


def test_six_sojourns_session_keeps_its_invariants_through_undo_redo_and_saves() -> None:
    run_state_machine_as_test(SixSojournsMachine, settings=QUICK)


@pytest.mark.slow
def test_six_sojourns_session_machine_long() -> None:
    run_state_machine_as_test(SixSojournsMachine, settings=LONG)

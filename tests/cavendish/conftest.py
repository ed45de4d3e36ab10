"""Cavendish test helpers: receptacle cards, setups for 1-4 players, and states reached by play."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from companion.cavendish.actions import ChooseLocation
from companion.cavendish.game import CAVENDISH, apply
from companion.cavendish.model import (
    CavendishSetup,
    CavendishState,
    ReceptacleCard,
    ReceptacleCards,
    Seat,
)

CARDS = ReceptacleCards(
    anton=ReceptacleCard(starting=5, strength=2, confidence=1, dexterity=2),
    amy=ReceptacleCard(starting=6, strength=1, confidence=2, dexterity=3),
    jennifer=ReceptacleCard(starting=6, strength=1, confidence=3, dexterity=2),
    doug=ReceptacleCard(starting=5, strength=3, confidence=1, dexterity=1),
)
"""Test cards: starting levels 5 + 6 + 6 + 5 = 22, so 9 crystals stay in the box."""

SEATS = {
    1: (Seat("Anton", "Solo"), Seat("Amy", "Solo")),
    2: (Seat("Anton", "Ana"), Seat("Amy", "Ben")),
    3: (Seat("Amy", "Ana"), Seat("Anton", "Ben"), Seat("Doug", "Cy")),
    4: (Seat("Amy", "Ana"), Seat("Anton", "Ben"), Seat("Jennifer", "Cy"), Seat("Doug", "Di")),
}


def setup_for(players: int, cards: ReceptacleCards = CARDS) -> CavendishSetup:
    """A legal setup for 1-4 players with the test cards."""
    names = tuple(dict.fromkeys(seat.player for seat in SEATS[players]))
    return CavendishSetup(players=names, seats=SEATS[players], cards=cards)


@pytest.fixture
def new_state() -> Callable[..., CavendishState]:
    """A fresh mission for N players."""

    def build(players: int = 2, cards: ReceptacleCards = CARDS) -> CavendishState:
        return CAVENDISH.start(setup_for(players, cards))

    return build


@pytest.fixture
def at_location(new_state: Callable[..., CavendishState]) -> Callable[..., CavendishState]:
    """A mission in its first Discovery phase at location A (the captain paid 1)."""

    def build(players: int = 2, **pools: int) -> CavendishState:
        state = apply(new_state(players), ChooseLocation("A"))
        return with_pools(state, **pools)

    return build


def with_pools(state: CavendishState, **pools: int) -> CavendishState:
    """Set pools directly, moving the difference through the Vortex so 31 still holds."""
    agents = list(state.agents)
    vortex = state.vortex
    for number, agent in enumerate(agents):
        if agent.receptacle in pools:
            vortex -= pools[agent.receptacle] - agent.pool
            agents[number] = replace(agent, pool=pools[agent.receptacle])
    assert vortex >= 0
    return replace(state, agents=tuple(agents), vortex=vortex)


@pytest.fixture
def set_pools() -> Callable[..., CavendishState]:
    return with_pools


def pool(state: CavendishState, receptacle: str) -> int:
    return state.agents[state.index(receptacle)].pool


@pytest.fixture
def pool_of() -> Callable[[CavendishState, str], int]:
    return pool


@pytest.fixture
def cards() -> ReceptacleCards:
    """The test receptacle cards."""
    return CARDS


@pytest.fixture
def make_setup() -> Callable[..., CavendishSetup]:
    """A legal setup for 1-4 players."""
    return setup_for

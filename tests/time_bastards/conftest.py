"""Time Bastards test helpers: setups, and states laid out piece by piece like a real board."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from companion.time_bastards.model import (
    PIECES_PER_PLAYER,
    Piece,
    TimeBastardsSetup,
    TimeBastardsState,
    Traveller,
)
from companion.time_bastards.rules import start


def _setup_of(mode: str = "duel", length: int = 10, starts: tuple[int, int] = (1, 2)) -> Any:
    """Ana (red) and Ben (blue) on a board of `length` spaces."""
    players = (Traveller("Ana", "red", starts[0]), Traveller("Ben", "blue", starts[1]))
    return TimeBastardsSetup(players, mode, length)  # type: ignore[arg-type]


def _laid_out(
    pieces: list[tuple[int, int, int]],
    *,
    mode: str = "duel",
    achievements: tuple[tuple[int, ...], ...] | None = None,
    **changes: Any,
) -> TimeBastardsState:
    """A state with these (owner, timeline, position) pieces, aged in list order (first = oldest).

    Each player's supply is whatever the board leaves of their four counters.
    """
    base = start(_setup_of(mode))
    placed = tuple(
        Piece(age=i + 1, owner=o, timeline=t, position=p) for i, (o, t, p) in enumerate(pieces)
    )
    supply = tuple(PIECES_PER_PLAYER - sum(1 for p in placed if p.owner == o) for o in (0, 1))
    held = achievements if achievements is not None else base.achievements
    return replace(
        base,
        pieces=placed,
        supply=supply,
        next_age=len(placed) + 1,
        achievements=held,
        **changes,
    )


@pytest.fixture
def setup_of() -> Any:
    """Build a setup: `setup_of(mode="duel", length=10, starts=(1, 2))`."""
    return _setup_of


@pytest.fixture
def laid_out() -> Any:
    """Build a state from (owner, timeline, position) pieces, oldest first."""
    return _laid_out


@pytest.fixture
def duel() -> TimeBastardsState:
    return start(_setup_of("duel"))


@pytest.fixture
def coop() -> TimeBastardsState:
    return start(_setup_of("coop"))

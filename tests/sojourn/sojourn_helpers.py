"""Helpers for Sojourn tests: destination cards and games already past setup.

Imported by name (`from sojourn_helpers import ...`): pytest puts this folder on the path.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from companion.sojourn.actions import DrawDestination, DrawTimestream, Travel
from companion.sojourn.game import SOJOURN
from companion.sojourn.model import (
    DestinationCard,
    HistoricalDate,
    Kind,
    SojournSetup,
    SojournState,
)
from tests.support.saving import record_played

B, F, L, P, T = Kind.BANDAGE, Kind.FRACTURE, Kind.LOOP, Kind.PARADOX, Kind.BATTERY


def card(
    name: str,
    year: int = 1900,
    *,
    drop: int | None = 1,
    cost: int = 1,
    risk: int = 25,
    dmg: int = 1,
    gain: int = 1,
    drop_text: str = "",
) -> DestinationCard:
    """A destination card with plain values unless a test needs others."""
    return DestinationCard(name, HistoricalDate(year), drop, cost, risk, dmg, gain, drop_text)


def play(state: SojournState, actions: Iterable[Any]) -> SojournState:
    """Apply actions in turn through the game's rules."""
    for action in actions:
        state = SOJOURN.apply(state, action)
    return state


def started(
    hand: tuple[Kind, ...] = (B, F, L, P, T),
    first: DestinationCard | None = None,
    setup: SojournSetup | None = None,
) -> SojournState:
    """A game past setup: the starting hand typed in and the first destination opened."""
    state = SOJOURN.start(setup or SojournSetup())
    first = first or card("Pearl Harbor", 1941, drop=2, cost=2, risk=90, dmg=4, gain=1)
    return play(state, [DrawTimestream(hand), DrawDestination(first)])


RISK_PRELUDE = [
    DrawTimestream((B, B, B, B, B)),
    DrawDestination(card("Somme", 1916, drop=0, cost=1, risk=90, dmg=3, gain=0)),
    Travel(1),
    DrawDestination(DestinationCard("Verdun", HistoricalDate(1916, 2, 21), 0, 1, 90, 3, 0, "")),
]
"""What the keys of `at_the_risk_roll` record: five Bandages, Somme opened, then the trip to it
with Verdun drawn; the RISK roll (90, DMG 3) is next."""


def resumed(actions: Iterable[Any]) -> Callable[[Any], None]:
    """An app `start`: a new game that took these actions, saved and resumed as a player would
    (quicker than typing them; the keys that lead there are tested once, elsewhere)."""

    def start(app: Any) -> None:
        saved = app.store.create(SOJOURN, SojournSetup(), "Sojourn")
        for action in actions:
            saved.session.do(action)
        record_played(app.store, saved)
        assert app.open_saved(saved.id)

    return start


PEARL_HARBOR = [
    DrawTimestream((B, F, L, P, T)),
    DrawDestination(card("Pearl Harbor", 1941, drop=2, cost=2, risk=90, dmg=4, gain=1)),
]
"""What `sojourn_pilot.new_game` records: the hand B F L P T, then Pearl Harbor opened."""

waiting_for_the_risk_roll = resumed(RISK_PRELUDE)
"""The game `RISK_PRELUDE` leaves, resumed at the RISK roll."""

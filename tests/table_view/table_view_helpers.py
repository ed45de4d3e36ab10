"""Games to open in the table view: the shipped samples, a Sojourn run with no question pending
(the Sojourn sample waits for a dialog, which would stand over the play screen), four agents.

Imported by name (`from table_view_helpers import ...`): pytest puts this folder on the path.
"""

from __future__ import annotations

from typing import Any

from companion.cavendish.model import CavendishSetup, ReceptacleCard, ReceptacleCards, Seat
from companion.six_sojourns.setup import SojournsSetup
from companion.sojourn.actions import (
    DrawDestination,
    DrawTimeFragment,
    DrawTimestream,
    OpenWithCharge,
    PlaceSide,
    RollRisk,
    Travel,
)
from companion.sojourn.game import SOJOURN
from companion.sojourn.model import DestinationCard, HistoricalDate, Kind, SojournSetup
from companion.time_bastards.model import TimeBastardsSetup, Traveller
from tests.support.saving import record_played

GAMES = ("cavendish", "time-bastards", "six-sojourns", "sojourn")

B, F, L, P, T = Kind.BANDAGE, Kind.FRACTURE, Kind.LOOP, Kind.PARADOX, Kind.BATTERY


def card(name: str, year: int, drop: int | None, cost: int, risk: int, dmg: int) -> Any:
    return DestinationCard(name, HistoricalDate(year), drop, cost, risk, dmg, 1, "")


SOJOURN_MOVES = [
    DrawTimestream((B, F, L, P, T)),
    DrawDestination(card("Pearl Harbor", 1941, 2, 2, 90, 4)),
    OpenWithCharge(),
    DrawTimeFragment(),
    DrawDestination(card("Troy", -1200, 0, 1, 50, 2)),
    PlaceSide("right"),
    Travel(1, (B, L)),
    DrawDestination(card("Rome", -44, 1, 1, 25, 1)),
    RollRisk(30, 7),
    DrawTimestream((L,)),
    Travel(3, (F,)),
    DrawDestination(card("Apollo 11", 1969, 1, 3, 75, 3)),
    RollRisk(10, 1),
    DrawTimestream((B,)),
]
"""Two trips, both hurt (Pearl Harbor RISK 90 rolled 37, Rome RISK 25 rolled 11): health 2,
charge 3, no fragment yet, at Rome; Apollo 11 (RISK 75, COST 3, DMG 3) the newest destination."""


def sojourn_run(app: Any) -> None:
    saved = app.store.create(SOJOURN, SojournSetup(), "Two trips")
    for move in SOJOURN_MOVES:
        saved.session.do(move)
    record_played(app.store, saved)
    app.open_saved(saved.id)


CARDS = ReceptacleCards(
    anton=ReceptacleCard(starting=5, strength=2, confidence=1, dexterity=2),
    amy=ReceptacleCard(starting=6, strength=1, confidence=2, dexterity=3),
    jennifer=ReceptacleCard(starting=6, strength=1, confidence=3, dexterity=2),
    doug=ReceptacleCard(starting=5, strength=3, confidence=1, dexterity=1),
)
FOUR_AGENTS = CavendishSetup(
    players=("Ana", "Ben", "Cy", "Di"),
    seats=(Seat("Amy", "Ana"), Seat("Anton", "Ben"), Seat("Jennifer", "Cy"), Seat("Doug", "Di")),
    cards=CARDS,
)
"""A mission with every receptacle in play: the most boxes a Cavendish table view holds."""

LONG = ("Bartholomew-Jones Jr", "Maximiliana Ostrova")
"""Two names of 20 and 19 characters: the longest Time Bastards takes is 20."""
WORST_CASES = {
    "cavendish": FOUR_AGENTS,
    "time-bastards": TimeBastardsSetup(
        (Traveller(LONG[0], "red", 1), Traveller(LONG[1], "blue", 2)), "duel", 15
    ),
    "time-bastards-coop": TimeBastardsSetup(
        (Traveller(LONG[0], "red", 1), Traveller(LONG[1], "blue", 2)), "coop", 15
    ),
    "six-sojourns": SojournsSetup(
        (*LONG, "Ana", "Ben"), "A", ("places",), sojourn=1, campaign=True
    ),
}
"""The most a view holds: four agents, the longest timelines and names, a campaign of four."""

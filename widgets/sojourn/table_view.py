"""Sojourn at the table: the Traveler card's three cube tracks and the next trip's odds.

The next trip is the trip under way while its RISK roll is still to come, else a trip to the
newest destination opened: every trip opens one, and it is where the traveller usually goes next.
"""

from __future__ import annotations

from companion.sojourn.model import FRAGMENTS_NEEDED, SQUARES, Destination, SojournState
from companion.sojourn.outlook import damage_faces
from companion.sojourn.rules import waiting_words
from companion.text import plural
from widgets.table_view.figures import Figure, Group, TableContent


def headline(state: SojournState) -> str:
    """Where the traveller is and what the game waits for; how it ended."""
    if state.outcome is not None:
        word = "WON" if state.outcome.status == "won" else "LOST"
        return f"{word}: {state.outcome.reason}"
    here = state.here
    where = f"At {here.name} ({here.card.date}) · {plural(state.hand.total, 'card')} in hand"
    if state.waiting is not None:
        where += f" · waiting: {waiting_words(state.waiting)}"
    return where


def next_trip(state: SojournState) -> tuple[str, Destination] | None:
    """The trip the table watches: the one under way until its RISK roll, else to the newest
    destination opened (None when that is where the traveller stands)."""
    trip = state.trip
    if trip is not None and trip.roll is None and trip.how != "loop":
        return "This trip", state.timeline[trip.destination]
    newest = len(state.timeline) - 1
    if newest in (0, state.position):
        return None
    return "Next trip", state.timeline[newest]


def trip_group(state: SojournState) -> Group:
    """The next trip's RISK, COST and DMG (the trip under way: RISK and DMG), and where it
    goes."""
    found = next_trip(state)
    if found is None:
        return Group("Next trip", (), "No destination open yet besides this one.")
    title, place = found
    card = place.card
    note = f"to {place.name} ({card.date})"
    if place.fragments:
        note += f" · ◆ {place.fragments} fragment{'s' * (place.fragments != 1)} there"
    chance = damage_faces(card.risk, state.setup.read_one_to_hundred)
    if chance != card.risk:
        note += f" · damage on {chance} in 100 rolls"
    figures = [Figure("RISK %", card.risk), Figure("DMG", card.dmg)]
    if title == "Next trip":  # the trip under way has paid already
        figures.insert(1, Figure("COST", card.cost))
    return Group(title, tuple(figures), note)


def table(state: SojournState) -> TableContent:
    """The Traveler card's tracks, then the next trip while the game is on (a traveller home
    or lost makes no more trips)."""
    traveler = Group(
        "Traveler card",
        (
            Figure(f"Health of {SQUARES}", state.health),
            Figure(f"Charge of {SQUARES}", state.charge),
            Figure(f"Fragments of {FRAGMENTS_NEEDED}", state.fragments),
        ),
    )
    if state.outcome is not None:
        return TableContent(headline(state), (traveler,))
    return TableContent(headline(state), (traveler, trip_group(state)))

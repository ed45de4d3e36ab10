"""Sojourn at the table: the Traveler card's three cube tracks and the next trip's odds.

The next trip is the trip under way while its RISK roll is still to come, else a trip to the
newest destination opened: every trip opens one, and it is where the traveller usually goes next.
"""

from __future__ import annotations

from companion.sojourn.model import FRAGMENTS_NEEDED, SQUARES, Destination, SojournState
from companion.sojourn.outlook import damage_faces
from companion.sojourn.rules import waiting_words
from lang import t, tn
from widgets.table_view.figures import Figure, Group, TableContent


def headline(state: SojournState) -> str:
    """Where the traveller is and what the game waits for; how it ended."""
    if state.outcome is not None:
        if state.outcome.status == "won":
            return t("WON: {reason}", reason=state.outcome.reason)
        return t("LOST: {reason}", reason=state.outcome.reason)
    here = state.here
    values = {"place": here.name, "date": here.card.date.words()}
    if state.waiting is not None:
        return tn(
            "At {place} ({date}) · {n} card in hand · waiting: {step}",
            "At {place} ({date}) · {n} cards in hand · waiting: {step}",
            state.hand.total,
            step=waiting_words(state.waiting),
            **values,
        )
    return tn(
        "At {place} ({date}) · {n} card in hand",
        "At {place} ({date}) · {n} cards in hand",
        state.hand.total,
        **values,
    )


def next_trip(state: SojournState) -> tuple[bool, Destination] | None:
    """The trip the table watches: the one under way until its RISK roll (True), else to the
    newest destination opened (False; None when that is where the traveller stands)."""
    trip = state.trip
    if trip is not None and trip.roll is None and trip.how != "loop":
        return True, state.timeline[trip.destination]
    newest = len(state.timeline) - 1
    if newest in (0, state.position):
        return None
    return False, state.timeline[newest]


def trip_group(state: SojournState) -> Group:
    """The next trip's RISK, COST and DMG (the trip under way: RISK and DMG), and where it
    goes."""
    found = next_trip(state)
    if found is None:
        return Group(t("Next trip"), (), t("No destination open yet besides this one."))
    under_way, place = found
    card = place.card
    notes = [t("to {place} ({date})", place=place.name, date=card.date.words())]
    if place.fragments:
        notes.append(tn("◆ {n} fragment there", "◆ {n} fragments there", place.fragments))
    chance = damage_faces(card.risk, state.setup.read_one_to_hundred)
    if chance != card.risk:
        notes.append(t("damage on {n} in 100 rolls", n=chance))
    figures = [Figure("RISK %", card.risk), Figure("DMG", card.dmg)]
    if not under_way:  # the trip under way has paid already
        figures.insert(1, Figure("COST", card.cost))
    title = t("This trip") if under_way else t("Next trip")
    return Group(title, tuple(figures), " · ".join(notes))


def table(state: SojournState) -> TableContent:
    """The Traveler card's tracks, then the next trip while the game is on (a traveller home
    or lost makes no more trips)."""
    traveler = Group(
        t("Traveler card"),
        (
            Figure(t("Health of {n}", n=SQUARES), state.health),
            Figure(t("Charge of {n}", n=SQUARES), state.charge),
            Figure(t("Fragments of {n}", n=FRAGMENTS_NEEDED), state.fragments),
        ),
    )
    if state.outcome is not None:
        return TableContent(headline(state), (traveler,))
    return TableContent(headline(state), (traveler, trip_group(state)))

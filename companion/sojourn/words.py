"""Sojourn's log in words: one line per step, naming every change the step makes to the Traveler
card, the hand and the timeline; a trip's last step adds the whole trip, and an ending adds it."""

from __future__ import annotations

from typing import Any

from companion.sojourn.actions import (
    DestinationDeckEmpty,
    DrawDestination,
    DrawTimeFragment,
    DrawTimestream,
    EditDestination,
    LoopTo,
    OpenWithCharge,
    PlaceSide,
    PlayBandage,
    PlayBattery,
    PlayFracture,
    RollRisk,
    Travel,
    TravelHome,
)
from companion.sojourn.model import (
    FRAGMENTS_NEEDED,
    Cards,
    Destination,
    DrawCards,
    Kind,
    OpenNext,
    OpenReason,
    PlaceCard,
    SojournState,
    Trip,
)
from companion.sojourn.outlook import is_safe, reading
from companion.sojourn.rules import step_effect
from companion.sojourn.timeline import column_words
from companion.text import plural

OPENED_BY: dict[OpenReason, str] = {
    "setup": "the first destination, free",
    "trip": "free after the trip",
    "charge": "1 Temporal Charge",
    "fracture": "Fracture",
}
"""How a destination came to be opened, in the log's words."""


def kinds_words(cards: tuple[Kind, ...]) -> str:
    return Cards.of(cards).words()


def trip_summary(state: SojournState, trip: Trip) -> str:
    """The whole trip in one sentence, added to the line of its last step."""
    place = state.timeline[trip.destination]
    card = place.card
    if trip.how == "loop":
        parts = [f"Trip done: looped back to {place.name}, no drop, cost or risk"]
    elif trip.how == "paradox":
        parts = [f"Trip done: travelled to {place.name} with a Paradox, no drop, no cost"]
    else:
        travelled = f"Trip done: travelled to {place.name}, dropped {trip.dropped}"
        parts = [f"{travelled}, paid {trip.paid} charge"]
    if trip.collected:
        parts.append(f"collected {plural(trip.collected, 'fragment')}")
    if trip.roll is not None:
        result = f"{trip.damage} damage" if trip.damage else "safe"
        if not trip.damage and not is_safe(trip.roll, card.risk):
            result = "failed, but DMG is 0"
        parts.append(f"rolled {trip.roll:02d} vs RISK {card.risk}: {result}")
    elif trip.how != "loop" and card.risk == 0:
        parts.append("RISK 0: safe, no roll")
    short = "the timestream deck and its discards are empty"
    if trip.gained:
        drawn = kinds_words(trip.gained)
        if len(trip.gained) < card.gain:
            parts.append(f"gained {len(trip.gained)} of GAIN {card.gain} ({drawn}): {short}")
        else:
            parts.append(f"gained {len(trip.gained)} ({drawn})")
    elif card.gain == 0:
        parts.append("GAIN 0")
    elif state.health > 0:
        parts.append(f"GAIN {card.gain}: no card drawn, {short}")
    return ", ".join(parts)


def placed_words(state: SojournState, place: Destination) -> str:
    fragments = f" on {plural(place.fragments, 'Time Fragment card')}" if place.fragments else ""
    where = f"row {place.row}, {column_words(place.column)}"
    return f"{place.name} ({place.card.date}) at {where}{fragments}"


def _drawn(before: SojournState, action: DrawTimestream, after: SojournState) -> str:
    waiting = before.waiting
    if isinstance(waiting, DrawCards) and waiting.reason == "hand":
        line = f"Drew the starting hand: {kinds_words(action.cards)}"
    else:
        counted = plural(len(action.cards), "timestream card")
        line = f"Drew {counted} for the GAIN at {after.here.name}: {kinds_words(action.cards)}"
    if after.deck.total + len(action.cards) > before.deck.total:
        line += "; the discards were shuffled into a new deck"
    return line


def _opened(before: SojournState, action: DrawDestination | PlaceSide, after: SojournState) -> str:
    if len(after.timeline) == len(before.timeline):
        assert isinstance(action, DrawDestination)
        return (
            f"Drew {action.card.name.strip()} ({action.card.date}): the spot above "
            f"{after.here.name} is taken, choose left or right"
        )
    side = f": to the {action.side} of the card above" if isinstance(action, PlaceSide) else ""
    opening = before.waiting
    reason = f" ({OPENED_BY[opening.reason]})" if isinstance(opening, OpenNext | PlaceCard) else ""
    return f"Opened {placed_words(after, after.timeline[-1])}{side}{reason}"


def _rolled(before: SojournState, action: RollRisk, after: SojournState) -> str:
    card = after.here.card
    value = reading(action.tens, action.units, after.setup.read_one_to_hundred)
    faces = f"{action.tens:02d}+{action.units}"
    who = after.setup.traveller.strip()  # shown as typed
    if action.source == "physical":
        rolled = f"{who or 'The traveller'} rolled {value:02d} on real dice ({faces})"
    else:
        rolled = f"The app rolled {value:02d} for {who or 'the traveller'} ({faces})"
    if after.health < before.health:
        hurt = f"failed, DMG {card.dmg}: Health {before.health} -> {after.health}"
    elif is_safe(value, card.risk):
        hurt = "safe"
    else:
        hurt = "failed, but DMG is 0"
    return f"{rolled} vs RISK {card.risk} at {card.name}: {hurt}"


def _arrived(before: SojournState, after: SojournState) -> str:
    """What a trip's arrival changed at the destination: the fragments collected (and the
    count on the Traveler card), and those left on the card or, under revision 1, lost."""
    place = after.here
    collected = after.fragments - before.fragments
    words = ""
    if collected:
        words = (
            f", collected {plural(collected, 'Time Fragment')} "
            f"({after.fragments} of {FRAGMENTS_NEEDED})"
        )
    there = before.timeline[after.position].fragments
    left = place.fragments
    if left:
        words += f", {left} more {'stays' if left == 1 else 'stay'} at {place.name}"
    elif there > collected:
        words += f", {there - collected} more lost with the card emptied (rules revision 1)"
    return words


def _set_out(before: SojournState, action: Travel, after: SojournState) -> str:
    if action.paradox:
        line = f"Set out for {after.here.name} with a Paradox: no DROP, no COST"
    else:
        paid = before.charge - after.charge
        charge = f" (charge {before.charge} -> {after.charge})" if paid else ""
        dropping = f"dropping {kinds_words(action.drop)}"
        line = f"Set out for {after.here.name} {dropping}, paid {paid} charge{charge}"
    return line + _arrived(before, after)


def step_line(before: SojournState, action: Any, after: SojournState) -> str:
    """The log line of one action, before any trip summary or ending is added."""
    if isinstance(action, DrawTimestream):
        return _drawn(before, action, after)
    if isinstance(action, DrawDestination | PlaceSide):
        return _opened(before, action, after)
    if isinstance(action, DrawTimeFragment):
        waiting = after.waiting
        stacked = waiting.fragments if isinstance(waiting, OpenNext) else 1
        return f"Drew a Time Fragment card ({stacked} stacked): draw again for its destination"
    if isinstance(action, DestinationDeckEmpty):
        return "The destination deck is empty: no more destinations open"
    if isinstance(action, RollRisk):
        return _rolled(before, action, after)
    if isinstance(action, Travel):
        return _set_out(before, action, after)
    if isinstance(action, LoopTo):
        here = after.here
        return f"Played Loop back to {here.name} ({here.card.date})" + _arrived(before, after)
    if isinstance(action, OpenWithCharge):
        return (
            "Spent 1 Temporal Charge to open a destination "
            f"(charge {before.charge} -> {after.charge})"
        )
    if isinstance(action, PlayFracture):
        return "Played Fracture: a destination opens for free"
    if isinstance(action, PlayBandage):
        return f"Played Bandage: Health {before.health} -> {after.health}"
    if isinstance(action, PlayBattery):
        return f"Played Temporal Battery: charge {before.charge} -> {after.charge}"
    if isinstance(action, TravelHome):
        spent = "a Paradox" if action.paradox else f"charge {before.charge} -> {after.charge}"
        return f"Travelled home to May 20, 2020 ({spent})"
    if isinstance(action, EditDestination):
        return f"Corrected {placed_words(after, after.timeline[action.destination])}"
    return type(action).__name__


def ends_trip(before: SojournState, after: SojournState) -> bool:
    """Whether this step was a trip's last: a trip was under way or began, and none is now."""
    began = before.trip is None and after.position != before.position
    return (before.trip is not None or began) and (after.trip is None or after.outcome is not None)


def narrate(before: SojournState, action: Any, after: SojournState) -> str:
    """The log line: the step in words; the trip's summary added after its last step; any
    ending added last. The step's own words always come first and are never replaced."""
    line = step_line(before, action, after)
    if ends_trip(before, after):
        trip = step_effect(before, action).trip
        if trip is not None:
            line += f". {trip_summary(after, trip)}"
    if after.outcome is not None and before.outcome is None:
        verdict = "WON" if after.outcome.status == "won" else "LOST"
        line += f". {verdict}: {after.outcome.reason}"
    return line


def undone_line(before: SojournState, action: Any, after: SojournState) -> str:
    """What an undo of this one step takes back: the step itself, not the whole trip that its
    log line sums up when it was the trip's last step (the GAIN cards, most often)."""
    if not ends_trip(before, after) or before.trip is None:
        return narrate(before, action, after)
    place = before.timeline[before.trip.destination].name
    return (
        f"{step_line(before, action, after)} (the last step of the trip to {place}; "
        "the trip's earlier steps stand)"
    )

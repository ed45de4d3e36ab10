"""Sojourn's log in words: one line per step, naming every change the step makes to the Traveler
card, the hand and the timeline; a trip's last step adds the whole trip, and an ending adds it."""

from __future__ import annotations

from typing import Any

from companion.phrases import Phrase, joined, phrase, phrase_n
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
    DestinationCard,
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

OPENED_BY: dict[OpenReason, Phrase] = {
    "setup": phrase("the first destination, free"),
    "trip": phrase("free after the trip"),
    "charge": phrase("1 Temporal Charge"),
    # TRANSLATORS: how a destination was opened: by playing a Fracture card
    "fracture": phrase("Fracture"),
}
"""How a destination came to be opened, in the log's words."""


def kinds_words(cards: tuple[Kind, ...]) -> Phrase:
    return Cards.of(cards).words()


def _trip_head(place: Destination, trip: Trip) -> Phrase:
    if trip.how == "loop":
        return phrase("Trip done: looped back to {place}, no drop, cost or risk", place=place.name)
    if trip.how == "paradox":
        return phrase(
            "Trip done: travelled to {place} with a Paradox, no drop, no cost", place=place.name
        )
    return phrase(
        "Trip done: travelled to {place}, dropped {dropped}, paid {paid} charge",
        place=place.name,
        dropped=trip.dropped,
        paid=trip.paid,
    )


def _trip_roll(trip: Trip, card: DestinationCard) -> Phrase:
    assert trip.roll is not None
    roll = f"{trip.roll:02d}"
    if trip.damage:
        return phrase(
            "rolled {roll} vs RISK {risk}: {damage} damage",
            roll=roll,
            risk=card.risk,
            damage=trip.damage,
        )
    if not is_safe(trip.roll, card.risk):
        return phrase(
            "rolled {roll} vs RISK {risk}: failed, but DMG is 0", roll=roll, risk=card.risk
        )
    return phrase("rolled {roll} vs RISK {risk}: safe", roll=roll, risk=card.risk)


def trip_summary(state: SojournState, trip: Trip) -> Phrase:
    """The whole trip in one sentence, added to the line of its last step."""
    place = state.timeline[trip.destination]
    card = place.card
    parts = [_trip_head(place, trip)]
    if trip.collected:
        parts.append(phrase_n("collected {n} fragment", "collected {n} fragments", trip.collected))
    if trip.roll is not None:
        parts.append(_trip_roll(trip, card))
    elif trip.how != "loop" and card.risk == 0:
        parts.append(phrase("RISK 0: safe, no roll"))
    if trip.gained:
        drawn = kinds_words(trip.gained)
        got = len(trip.gained)
        if got < card.gain:
            parts.append(
                phrase(
                    "gained {got} of GAIN {gain} ({cards}): "
                    "the timestream deck and its discards are empty",
                    got=got,
                    gain=card.gain,
                    cards=drawn,
                )
            )
        else:
            parts.append(phrase("gained {got} ({cards})", got=got, cards=drawn))
    elif card.gain == 0:
        parts.append(phrase("GAIN 0"))
    elif state.health > 0:
        parts.append(
            phrase(
                "GAIN {gain}: no card drawn, the timestream deck and its discards are empty",
                gain=card.gain,
            )
        )
    return joined(", ", parts)


def placed_words(state: SojournState, place: Destination) -> Phrase:
    values = {
        "place": place.name,
        "date": place.card.date.words(),
        "row": place.row,
        "column": column_words(place.column),
    }
    if place.fragments:
        return phrase_n(
            "{place} ({date}) at row {row}, {column} on {n} Time Fragment card",
            "{place} ({date}) at row {row}, {column} on {n} Time Fragment cards",
            place.fragments,
            **values,
        )
    return phrase("{place} ({date}) at row {row}, {column}", **values)


def _drawn(before: SojournState, action: DrawTimestream, after: SojournState) -> Phrase:
    waiting = before.waiting
    cards = kinds_words(action.cards)
    if isinstance(waiting, DrawCards) and waiting.reason == "hand":
        line = phrase("Drew the starting hand: {cards}", cards=cards)
    else:
        line = phrase_n(
            "Drew {n} timestream card for the GAIN at {place}: {cards}",
            "Drew {n} timestream cards for the GAIN at {place}: {cards}",
            len(action.cards),
            place=after.here.name,
            cards=cards,
        )
    if after.deck.total + len(action.cards) > before.deck.total:
        line = phrase("{drew}; the discards were shuffled into a new deck", drew=line)
    return line


def _opened(
    before: SojournState, action: DrawDestination | PlaceSide, after: SojournState
) -> Phrase:
    if len(after.timeline) == len(before.timeline):
        assert isinstance(action, DrawDestination)
        return phrase(
            "Drew {card} ({date}): the spot above {here} is taken, choose left or right",
            card=action.card.name.strip(),
            date=action.card.date.words(),
            here=after.here.name,
        )
    placed = placed_words(after, after.timeline[-1])
    if isinstance(action, PlaceSide) and action.side == "left":
        line = phrase("Opened {placed}: to the left of the card above", placed=placed)
    elif isinstance(action, PlaceSide):
        line = phrase("Opened {placed}: to the right of the card above", placed=placed)
    else:
        line = phrase("Opened {placed}", placed=placed)
    opening = before.waiting
    if isinstance(opening, OpenNext | PlaceCard):
        # TRANSLATORS: a destination opened, then how it was opened ("1 Temporal Charge")
        return phrase("{opened} ({how})", opened=line, how=OPENED_BY[opening.reason])
    return line


def _rolled(before: SojournState, action: RollRisk, after: SojournState) -> Phrase:
    card = after.here.card
    value = reading(action.tens, action.units, after.setup.read_one_to_hundred)
    dice = {"roll": f"{value:02d}", "faces": f"{action.tens:02d}+{action.units}"}
    who = after.setup.traveller.strip()  # shown as typed
    if action.source == "physical" and who:
        rolled = phrase("{traveller} rolled {roll} on real dice ({faces})", traveller=who, **dice)
    elif action.source == "physical":
        rolled = phrase("The traveller rolled {roll} on real dice ({faces})", **dice)
    elif who:
        rolled = phrase("The app rolled {roll} for {traveller} ({faces})", traveller=who, **dice)
    else:
        rolled = phrase("The app rolled {roll} for the traveller ({faces})", **dice)
    if after.health < before.health:
        hurt = phrase(
            "failed, DMG {dmg}: Health {before} -> {after}",
            dmg=card.dmg,
            before=before.health,
            after=after.health,
        )
    elif is_safe(value, card.risk):
        hurt = phrase("safe")
    else:
        hurt = phrase("failed, but DMG is 0")
    # TRANSLATORS: a RISK roll in the log: who rolled what, then the outcome ("safe")
    return phrase(
        "{rolled} vs RISK {risk} at {place}: {outcome}",
        rolled=rolled,
        risk=card.risk,
        place=card.name,
        outcome=hurt,
    )


def _arrived(before: SojournState, after: SojournState) -> list[Phrase]:
    """What a trip's arrival changed at the destination: the fragments collected (and the
    count on the Traveler card), and those left on the card or, under revision 1, lost."""
    place = after.here
    collected = after.fragments - before.fragments
    words = []
    if collected:
        words.append(
            phrase_n(
                "collected {n} Time Fragment ({have} of {needed})",
                "collected {n} Time Fragments ({have} of {needed})",
                collected,
                have=after.fragments,
                needed=FRAGMENTS_NEEDED,
            )
        )
    there = before.timeline[after.position].fragments
    left = place.fragments
    if left:
        words.append(
            phrase_n(
                "{n} more stays at {place}", "{n} more stay at {place}", left, place=place.name
            )
        )
    elif there > collected:
        words.append(
            phrase("{n} more lost with the card emptied (rules revision 1)", n=there - collected)
        )
    return words


def _set_out(before: SojournState, action: Travel, after: SojournState) -> Phrase:
    place = after.here.name
    if action.paradox:
        line = phrase("Set out for {place} with a Paradox: no DROP, no COST", place=place)
    else:
        paid = before.charge - after.charge
        cards = kinds_words(action.drop)
        if paid:
            line = phrase(
                "Set out for {place} dropping {cards}, paid {paid} charge "
                "(charge {before} -> {after})",
                place=place,
                cards=cards,
                paid=paid,
                before=before.charge,
                after=after.charge,
            )
        else:
            line = phrase(
                "Set out for {place} dropping {cards}, paid {paid} charge",
                place=place,
                cards=cards,
                paid=paid,
            )
    return _with_arrival(line, before, after)


def _with_arrival(line: Phrase, before: SojournState, after: SojournState) -> Phrase:
    arrival = _arrived(before, after)
    return joined(", ", [line, *arrival]) if arrival else line


def step_line(before: SojournState, action: Any, after: SojournState) -> str:
    """The log line of one action, before any trip summary or ending is added."""
    if isinstance(action, DrawTimestream):
        return _drawn(before, action, after)
    if isinstance(action, DrawDestination | PlaceSide):
        return _opened(before, action, after)
    if isinstance(action, DrawTimeFragment):
        waiting = after.waiting
        stacked = waiting.fragments if isinstance(waiting, OpenNext) else 1
        return phrase(
            "Drew a Time Fragment card ({n} stacked): draw again for its destination", n=stacked
        )
    if isinstance(action, DestinationDeckEmpty):
        return phrase("The destination deck is empty: no more destinations open")
    if isinstance(action, RollRisk):
        return _rolled(before, action, after)
    if isinstance(action, Travel):
        return _set_out(before, action, after)
    if isinstance(action, LoopTo):
        here = after.here
        line = phrase(
            "Played Loop back to {place} ({date})", place=here.name, date=here.card.date.words()
        )
        return _with_arrival(line, before, after)
    if isinstance(action, OpenWithCharge):
        return phrase(
            "Spent 1 Temporal Charge to open a destination (charge {before} -> {after})",
            before=before.charge,
            after=after.charge,
        )
    if isinstance(action, PlayFracture):
        return phrase("Played Fracture: a destination opens for free")
    if isinstance(action, PlayBandage):
        return phrase(
            "Played Bandage: Health {before} -> {after}", before=before.health, after=after.health
        )
    if isinstance(action, PlayBattery):
        return phrase(
            "Played Temporal Battery: charge {before} -> {after}",
            before=before.charge,
            after=after.charge,
        )
    if isinstance(action, TravelHome):
        if action.paradox:
            return phrase("Travelled home to May 20, 2020 (a Paradox)")
        return phrase(
            "Travelled home to May 20, 2020 (charge {before} -> {after})",
            before=before.charge,
            after=after.charge,
        )
    if isinstance(action, EditDestination):
        return phrase(
            "Corrected {placed}", placed=placed_words(after, after.timeline[action.destination])
        )
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
            # TRANSLATORS: a log line: the step, then the whole trip it ended ("Trip done: ...")
            line = phrase("{step}. {trip}", step=line, trip=trip_summary(after, trip))
    if after.outcome is not None and before.outcome is None:
        reason = after.outcome.reason
        if after.outcome.status == "won":
            line = phrase("{step}. WON: {reason}", step=line, reason=reason)
        else:
            line = phrase("{step}. LOST: {reason}", step=line, reason=reason)
    return line


def undone_line(before: SojournState, action: Any, after: SojournState) -> str:
    """What an undo of this one step takes back: the step itself, not the whole trip that its
    log line sums up when it was the trip's last step (the GAIN cards, most often)."""
    if not ends_trip(before, after) or before.trip is None:
        return narrate(before, action, after)
    place = before.timeline[before.trip.destination].name
    return phrase(
        "{step} (the last step of the trip to {place}; the trip's earlier steps stand)",
        step=step_line(before, action, after),
        place=place,
    )

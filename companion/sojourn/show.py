"""What `companion show` tells of a Sojourn game: the state as plain data, and the step the game
waits for in words (the trip step in progress, a left/right choice, a GAIN to type in)."""

from __future__ import annotations

from companion.core import JsonValue, WaitingFor
from companion.phrases import Phrase, phrase, phrase_n
from companion.sojourn.model import (
    KINDS,
    Cards,
    Destination,
    DrawCards,
    OpenNext,
    OpenReason,
    Pending,
    PlaceCard,
    RiskRoll,
    SojournState,
    Trip,
)

OPENING: dict[OpenReason, Phrase] = {
    "setup": phrase("the first destination"),
    "trip": phrase("opened free after the trip"),
    "charge": phrase("opened with 1 Temporal Charge"),
    "fracture": phrase("opened by a Fracture"),
}
"""Why a destination is being opened, in words."""


def step_kind(pending: Pending) -> str:
    """The fixed name of a pending step, for programs reading the JSON."""
    if isinstance(pending, DrawCards):
        return "starting-hand" if pending.reason == "hand" else "gain"
    if isinstance(pending, OpenNext):
        return "open-destination"
    if isinstance(pending, PlaceCard):
        return "place-card"
    return "risk-roll"


def step_text(state: SojournState, pending: Pending) -> Phrase:
    """A pending step as a player reads it: "the RISK roll at Fall of Troy (RISK 50%)"."""
    if isinstance(pending, DrawCards):
        if pending.reason == "hand":
            return phrase_n(
                "the starting hand: the {n} timestream card drawn",
                "the starting hand: the {n} timestream cards drawn",
                pending.count,
            )
        return phrase_n(
            "the GAIN at {place}: the {n} timestream card drawn",
            "the GAIN at {place}: the {n} timestream cards drawn",
            pending.count,
            place=state.here.name,
        )
    if isinstance(pending, OpenNext):
        why = OPENING[pending.reason]
        if pending.fragments:
            return phrase_n(
                "the destination card drawn ({why}), {n} Time Fragment card stacked under it",
                "the destination card drawn ({why}), {n} Time Fragment cards stacked under it",
                pending.fragments,
                why=why,
            )
        return phrase("the destination card drawn ({why})", why=why)
    if isinstance(pending, PlaceCard):
        return phrase(
            "left or right for {card}: the spot above {here} is taken",
            card=pending.card.name.strip(),
            here=state.here.name,
        )
    place = state.timeline[pending.destination]
    return phrase("the RISK roll at {place} (RISK {risk}%)", place=place.name, risk=place.card.risk)


def waiting_for(state: SojournState) -> WaitingFor | None:
    """The step the game waits for now; None between moves and once the game is over."""
    pending = state.waiting
    if pending is None or state.outcome is not None:
        return None
    return WaitingFor(step_kind(pending), step_text(state, pending))


def describe_step(state: SojournState, pending: Pending) -> dict[str, JsonValue]:
    """One pending step as data: its kind, its words and what it is about."""
    data: dict[str, JsonValue] = {"step": step_kind(pending), "text": step_text(state, pending)}
    if isinstance(pending, DrawCards):
        data["count"] = pending.count
    elif isinstance(pending, OpenNext):
        data.update(reason=pending.reason, fragments=pending.fragments)
    elif isinstance(pending, PlaceCard):
        data.update(
            card=pending.card.name.strip(), reason=pending.reason, fragments=pending.fragments
        )
    elif isinstance(pending, RiskRoll):
        data["destination"] = pending.destination
    return data


def describe_place(index: int, place: Destination) -> dict[str, JsonValue]:
    """A destination on the table: its timeline index, its card, where it lies, its fragments."""
    card = place.card
    return {
        "index": index,
        "name": place.name,
        "date": str(card.date),
        "year": card.date.year,
        "row": place.row,
        "column": place.column,
        "drop": card.drop_label if card.drop is None else card.drop,
        "drop_text": card.drop_text,
        "cost": card.cost,
        "risk": card.risk,
        "dmg": card.dmg,
        "gain": card.gain,
        "fragments": place.fragments,
    }


def describe_trip(state: SojournState, trip: Trip) -> dict[str, JsonValue]:
    """The trip under way: where to, how, what it has cost so far and the step in progress."""
    waiting = state.waiting
    return {
        "destination": trip.destination,
        "name": state.timeline[trip.destination].name,
        "how": trip.how,
        "dropped": trip.dropped,
        "paid": trip.paid,
        "collected": trip.collected,
        "roll": trip.roll,
        "damage": trip.damage,
        "gained": [kind.value for kind in trip.gained],
        "step": None if waiting is None else step_kind(waiting),
    }


def cards_data(cards: Cards) -> dict[str, JsonValue]:
    return {kind.value: cards.count(kind) for kind in KINDS}


def describe(state: SojournState) -> dict[str, JsonValue]:
    """The state for `companion show ID --json` (documented in docs/json.md)."""
    data: dict[str, JsonValue] = {
        "health": state.health,
        "charge": state.charge,
        "fragments": state.fragments,
        "hand": cards_data(state.hand),
        "deck": cards_data(state.deck),
        "discard": cards_data(state.discard),
        "position": state.here.name,
        "position_index": state.position,
        "destinations": [describe_place(i, place) for i, place in enumerate(state.timeline)],
        "destination_deck_empty": state.destination_deck_empty,
        "trip": None if state.trip is None else describe_trip(state, state.trip),
        "pending": [] if state.outcome else [describe_step(state, p) for p in state.pending],
        "dice": "1-100" if state.setup.read_one_to_hundred else "00-99",
        "status": "playing" if state.outcome is None else state.outcome.status,
    }
    if state.outcome is not None:
        data["result"] = state.outcome.status
        data["reason"] = state.outcome.reason
    return data

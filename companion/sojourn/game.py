"""Sojourn, the solo time-travel card game: the log in words, the saved-game summary and the
`Game` the registry lists. The rules live in `rules`, the JSON description in `show`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.core import Game, Result, SeatOption
from companion.sojourn import GAME_ID, TITLE, history
from companion.sojourn.actions import (
    ACTION_TYPES,
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
from companion.sojourn.facts import facts
from companion.sojourn.model import (
    FRAGMENTS_NEEDED,
    RULES_REVISION,
    Cards,
    Destination,
    DrawCards,
    Kind,
    OpenNext,
    PlaceCard,
    SojournSetup,
    SojournState,
    Trip,
)
from companion.sojourn.replaced import replaced
from companion.sojourn.rules import apply, start
from companion.sojourn.show import describe, waiting_for
from companion.text import plural


def kinds_words(cards: tuple[Kind, ...]) -> str:
    return Cards.of(cards).words()


def trip_summary(state: SojournState, trip: Trip) -> str:
    """The whole trip in one line, as the log shows it once its last step is done."""
    place = state.timeline[trip.destination]
    card = place.card
    if trip.how == "loop":
        parts = [f"Looped back to {place.name}: no drop, cost or risk"]
    elif trip.how == "paradox":
        parts = [f"Travelled to {place.name} with a Paradox: no drop, no cost"]
    else:
        parts = [f"Travelled to {place.name}: dropped {trip.dropped}, paid {trip.paid} charge"]
    if trip.collected:
        parts.append(f"collected {plural(trip.collected, 'fragment')}")
    if trip.roll is not None:
        result = f"{trip.damage} damage" if trip.damage else "safe"
        parts.append(f"rolled {trip.roll:02d} vs RISK {card.risk}: {result}")
    elif trip.how != "loop" and card.risk == 0:
        parts.append("RISK 0: safe, no roll")
    if trip.gained:
        parts.append(f"gained {len(trip.gained)} ({kinds_words(trip.gained)})")
    return ", ".join(parts)


def placed_words(state: SojournState, place: Destination) -> str:
    fragments = f" on {plural(place.fragments, 'Time Fragment card')}" if place.fragments else ""
    return f"{place.name} ({place.card.date}) at row {place.row}, column {place.column}{fragments}"


def step_line(before: SojournState, action: Any, after: SojournState) -> str:
    """The log line of one action, before any trip summary or ending is added."""
    if isinstance(action, DrawTimestream):
        waiting = before.waiting
        starting = isinstance(waiting, DrawCards) and waiting.reason == "hand"
        what = "the starting hand" if starting else plural(len(action.cards), "timestream card")
        return f"Drew {what}: {kinds_words(action.cards)}"
    if isinstance(action, DrawDestination | PlaceSide):
        if isinstance(action, DrawDestination) and len(after.timeline) == len(before.timeline):
            return (
                f"Drew {action.card.name.strip()} ({action.card.date}): the spot above "
                f"{after.here.name} is taken, choose left or right"
            )
        side = f" {action.side} of the card above" if isinstance(action, PlaceSide) else ""
        reason = ""
        opening = before.waiting
        if isinstance(opening, OpenNext | PlaceCard):
            reason = {
                "setup": " (the first destination, free)",
                "trip": " (free after the trip)",
                "charge": " (1 Temporal Charge)",
                "fracture": " (Fracture)",
            }[opening.reason]
        return f"Opened {placed_words(after, after.timeline[-1])}{side}{reason}"
    if isinstance(action, DrawTimeFragment):
        waiting = after.waiting
        stacked = waiting.fragments if isinstance(waiting, OpenNext) else 1
        return f"Drew a Time Fragment card ({stacked} stacked): draw again for its destination"
    if isinstance(action, DestinationDeckEmpty):
        return "The destination deck is empty: no more destinations open"
    if isinstance(action, RollRisk):
        card = after.here.card
        value = (after.trip.roll if after.trip else None) or 0
        faces = f"{action.tens:02d}+{action.units}"
        if after.health < before.health:
            hurt = f"failed, {before.health - after.health} damage (Health {after.health})"
        else:
            hurt = "safe" if card.dmg or card.risk == 0 else "failed, but DMG is 0"
        by = "real dice" if action.source == "physical" else "app"
        return f"Rolled {value:02d} ({faces}, {by}) vs RISK {card.risk} at {card.name}: {hurt}"
    if isinstance(action, Travel):
        how = "with a Paradox" if action.paradox else f"dropping {kinds_words(action.drop)}"
        paid = before.charge - after.charge
        line = f"Set out for {after.here.name} {how}, paid {paid} charge ({after.charge} left)"
        return line + _collected(before, after)
    if isinstance(action, LoopTo):
        return f"Played Loop back to {after.here.name} ({after.here.card.date})" + _collected(
            before, after
        )
    if isinstance(action, OpenWithCharge):
        return f"Spent 1 Temporal Charge to open a destination ({after.charge} left)"
    if isinstance(action, PlayFracture):
        return "Played Fracture: a destination opens for free"
    if isinstance(action, PlayBandage):
        return f"Played Bandage: Health {before.health} -> {after.health}"
    if isinstance(action, PlayBattery):
        return f"Played Temporal Battery: charge {before.charge} -> {after.charge}"
    if isinstance(action, TravelHome):
        return "Travelled home to May 20, 2020"
    if isinstance(action, EditDestination):
        return f"Corrected {placed_words(after, after.timeline[action.destination])}"
    return type(action).__name__


def _collected(before: SojournState, after: SojournState) -> str:
    gained = after.fragments - before.fragments
    return f", collected {plural(gained, 'Time Fragment')}" if gained else ""


def narrate(before: SojournState, action: Any, after: SojournState) -> str:
    """The log line: the step in words, the trip's summary when it ends, and any ending."""
    line = step_line(before, action, after)
    if before.trip is not None and (after.trip is None or after.outcome is not None):
        trip = after.trip or before.trip
        if isinstance(action, DrawTimestream):
            trip = replace(trip, gained=action.cards)
        line = trip_summary(after, trip)
    if after.outcome is not None and before.outcome is None:
        verdict = "WON" if after.outcome.status == "won" else "LOST"
        line += f". {verdict}: {after.outcome.reason}"
    return line


def undone_line(before: SojournState, action: Any, after: SojournState) -> str:
    """What an undo of this one step takes back: the step itself, not the whole trip that its
    log line sums up when it was the trip's last step (the GAIN cards, most often)."""
    if before.trip is None or (after.trip is not None and after.outcome is None):
        return narrate(before, action, after)
    place = before.timeline[before.trip.destination].name
    return (
        f"{step_line(before, action, after)} (the last step of the trip to {place}; "
        "the trip's earlier steps stand)"
    )


def status(state: SojournState) -> str:
    return "playing" if state.outcome is None else state.outcome.status


def summary(state: SojournState) -> str:
    where = state.here.name
    ended = "" if state.outcome is None else f"{explain(state).outcome} · "
    return (
        f"{ended}Health {state.health}, Charge {state.charge}, "
        f"{state.fragments}/{FRAGMENTS_NEEDED} fragments, {plural(state.hand.total, 'card')}, "
        f"at {where}"
    )


def explain(state: SojournState) -> Result:
    """The traveller's end: home (and how), or lost in time and why; else where things stand."""
    standing = (
        f"Health {state.health} of 7, Temporal Charge {state.charge} of 7, "
        f"{state.fragments} of {FRAGMENTS_NEEDED} Time Fragments, "
        f"{plural(len(state.timeline) - 1, 'destination')} opened."
    )
    if state.outcome is None:
        return Result(f"Travelling, at {state.here.name}", (standing,))
    if state.outcome.status == "won":
        who = state.setup.traveller.strip() or "the traveller"
        return Result(f"Home: {who} is back in 2020", (state.outcome.reason, standing))
    return Result("Lost in time", (state.outcome.reason, standing))


def setup_summary(setup: SojournSetup) -> str:
    reading = "dice 1-100" if setup.read_one_to_hundred else "dice 00-99"
    return f"solo, {reading}, {setup.deck.total} timestream cards"


def seats(state: SojournState) -> tuple[SeatOption, ...]:
    """Sojourn's one seat: its traveller, as named in the setup."""
    name = state.setup.traveller or "The traveller"
    return (SeatOption(name, name),)


SOJOURN: Game[SojournSetup, SojournState] = Game(
    id=GAME_ID,
    title=TITLE,
    min_players=1,
    max_players=1,
    setup_type=SojournSetup,
    state_type=SojournState,
    action_types=ACTION_TYPES,
    start=start,
    apply=apply,
    narrate=narrate,
    summary=summary,
    status=status,
    describe=describe,
    setup_summary=setup_summary,
    waiting_for=waiting_for,
    explain=explain,
    rules_revision=RULES_REVISION,
    at_revision=lambda state, revision: replace(state, rules=revision),
    facts=facts,
    replaced=replaced,
    recorded=history.RECORDED,
    start_player=history.START_PLAYER,
    other_names=history.OTHER_NAMES,
    figures=history.figures,
    seats=seats,
)

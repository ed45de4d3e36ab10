"""Sojourn's rules: `start` and `apply`. Pure: dice faces and cards drawn come in inside actions."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.core import RuleError
from companion.phrases import Phrase, phrase, phrase_n
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
    JURASSIC_CARD,
    SQUARES,
    STARTING_HAND,
    Cards,
    Destination,
    DestinationCard,
    DrawCards,
    Kind,
    OpenNext,
    OpenReason,
    Outcome,
    Pending,
    PlaceCard,
    RiskRoll,
    SojournSetup,
    SojournState,
    Trip,
    TripKind,
)
from companion.sojourn.outlook import (
    is_safe,
    loop_targets,
    preview_trip,
    reading,
    rolls_for_risk,
    stuck_reason,
)
from companion.sojourn.timeline import above, check_new_name, free_spot, taken


def start(setup: SojournSetup) -> SojournState:
    """Seven Health, seven Charge, the marker on the Jurassic Period; the hand and the first
    destination are drawn next (the app waits for them to be typed in)."""
    for kind in Kind:
        if setup.deck.count(kind) < 0:
            count = setup.deck.count(kind)
            raise RuleError(
                phrase("The timestream deck cannot hold {n} {card}.", n=count, card=kind.label)
            )
    if setup.deck.total < STARTING_HAND:
        raise RuleError(
            phrase(
                "The timestream deck needs at least {least} cards for the starting hand; "
                "this one holds {n}.",
                least=STARTING_HAND,
                n=setup.deck.total,
            )
        )
    return SojournState(
        setup=setup,
        health=SQUARES,
        charge=SQUARES,
        fragments=0,
        hand=Cards(),
        deck=setup.deck,
        discard=Cards(),
        timeline=(Destination(JURASSIC_CARD, 0, 0),),
        position=0,
        pending=(DrawCards(STARTING_HAND, "hand"), OpenNext("setup")),
    )


ANSWERS: dict[type, tuple[type, ...]] = {
    DrawCards: (DrawTimestream,),
    OpenNext: (DrawDestination, DrawTimeFragment, DestinationDeckEmpty),
    PlaceCard: (PlaceSide,),
    RiskRoll: (RollRisk,),
}


def waiting_words(pending: Pending, start: bool = False) -> Phrase:
    """What the game waits for, as a player would say it (`start`: at a sentence's start,
    "Type in ...")."""
    if isinstance(pending, DrawCards):
        if start:
            return phrase_n(
                "Type in the {n} timestream card drawn",
                "Type in the {n} timestream cards drawn",
                pending.count,
            )
        return phrase_n(
            "type in the {n} timestream card drawn",
            "type in the {n} timestream cards drawn",
            pending.count,
        )
    if isinstance(pending, OpenNext):
        if start:
            return phrase("Type in the destination card drawn")
        return phrase("type in the destination card drawn")
    if isinstance(pending, PlaceCard):
        if start:
            return phrase("Choose left or right for {card}", card=pending.card.name)
        return phrase("choose left or right for {card}", card=pending.card.name)
    return phrase("Roll the RISK dice") if start else phrase("roll the RISK dice")


def apply(state: SojournState, action: Any) -> SojournState:
    """The state after `action`, or a `RuleError` naming the rule; the state is never changed."""
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise RuleError(phrase("{move} is not a move in Sojourn.", move=type(action).__name__))
    if state.outcome is not None:
        if state.outcome.status == "won":
            raise RuleError(phrase("The game is over (won): {reason}", reason=state.outcome.reason))
        raise RuleError(phrase("The game is over (lost): {reason}", reason=state.outcome.reason))
    waiting = state.waiting
    if waiting is not None and type(action) not in ANSWERS[type(waiting)]:
        raise RuleError(out_of_turn(state, action, waiting))
    if waiting is None and any(type(action) in answers for answers in ANSWERS.values()):
        raise RuleError(not_due(state, action))
    return settle(handler(state, action))


WHY_WAITING: dict[type, Phrase] = {
    DrawCards: phrase("the cards drawn go in the hand before anything else"),
    OpenNext: phrase("the destination drawn goes on the timeline before anything else"),
    PlaceCard: phrase("the card drawn goes on the timeline before anything else"),
    RiskRoll: phrase("the RISK roll comes before the GAIN and before any other move"),
}
"""Why the step the game waits for comes first, in the rulebook's order of a trip."""


def _no_step_here(state: SojournState, action: Any, start: bool = False) -> Phrase | None:
    """Why the trip at hand has no step of this kind at all: a Loop or RISK 0% (from revision
    3) rolls no dice, GAIN 0 (or an empty deck) draws no card; None when it does have one.
    `start`: the words open a sentence ("A Loop ..."), else they follow a semicolon."""
    if state.position == 0:
        return None
    place = state.here
    card = place.card
    trip = state.trip
    name = place.name
    if isinstance(action, RollRisk):
        if trip is not None and trip.how == "loop":
            if start:
                return phrase(
                    "A Loop skips the RISK roll: the trip back to {place} needs no roll",
                    place=name,
                )
            return phrase(
                "a Loop skips the RISK roll: the trip back to {place} needs no roll", place=name
            )
        if not rolls_for_risk(state, card.risk, "travel"):
            if start:
                return phrase(
                    "A RISK 0% trip needs no roll: every roll meets or beats 0 "
                    "({place} is RISK 0%)",
                    place=name,
                )
            return phrase(
                "a RISK 0% trip needs no roll: every roll meets or beats 0 ({place} is RISK 0%)",
                place=name,
            )
    if isinstance(action, DrawTimestream) and card.gain == 0:
        return phrase("GAIN 0 draws no card: {place} gives no timestream card", place=name)
    if isinstance(action, DrawTimestream) and not state.deck.total + state.discard.total:
        if start:
            return phrase(
                "The timestream deck and its discards are empty: there is no card to draw"
            )
        return phrase("the timestream deck and its discards are empty: there is no card to draw")
    return None


def out_of_turn(state: SojournState, action: Any, waiting: Pending) -> Phrase:
    """The refusal of an action while the game waits for another answer: what is due, why it
    comes first, and why this action has no step here at all when that is the case."""
    due = phrase(
        "First {step}: {why}.", step=waiting_words(waiting), why=WHY_WAITING[type(waiting)]
    )
    reason = _no_step_here(state, action, start=True) if state.trip is not None else None
    if reason is None:
        return due
    return phrase("{reason}. {due}", reason=reason, due=due)


def not_due(state: SojournState, action: Any) -> Phrase:
    """The refusal of an answer while no step waits: why none is due now."""
    reason = _no_step_here(state, action)
    if isinstance(action, RollRisk):
        head = phrase(
            "No RISK roll is due: the dice are rolled on a trip, after its new destination"
            " is opened"
        )
    elif isinstance(action, DrawTimestream):
        head = phrase(
            "No timestream card is due: cards are drawn for the starting hand and a trip's GAIN"
        )
    elif isinstance(action, PlaceSide):
        head = phrase(
            "No card waits for a side: left or right is asked when the spot above is taken"
        )
    else:
        head = phrase(
            "No destination is being opened: one opens after a trip, for 1 Temporal Charge "
            "or with a Fracture"
        )
    if reason:
        return phrase("{refusal}; {reason}.", refusal=head, reason=reason)
    return phrase("{refusal}.", refusal=head)


def step_effect(state: SojournState, action: Any) -> SojournState:
    """What an action accepted at `state` does before a finished trip is closed: the trip as
    its last step leaves it, for the log's summary of it (`apply` has checked the action)."""
    effect: SojournState = HANDLERS[type(action)](state, action)
    return effect


def settle(state: SojournState) -> SojournState:
    """End the trip once its steps are done and record a loss when no way on is left."""
    if state.outcome is not None or state.pending:
        return state
    state = replace(state, trip=None)
    reason = stuck_reason(state)
    if reason is not None:
        return replace(state, outcome=Outcome("lost", reason))
    return state


def _pop(state: SojournState, **changes: Any) -> SojournState:
    return replace(state, pending=state.pending[1:], **changes)


def _draw(state: SojournState, action: DrawTimestream) -> SojournState:
    waiting = state.waiting
    assert isinstance(waiting, DrawCards)
    if len(action.cards) != waiting.count:
        raise RuleError(
            phrase_n(
                "{n} timestream card was drawn; you typed {typed}.",
                "{n} timestream cards were drawn; you typed {typed}.",
                waiting.count,
                typed=len(action.cards),
            )
        )
    deck, discard, hand = state.deck, state.discard, state.hand
    for kind in action.cards:
        if not deck.total:
            deck, discard = discard, Cards()
        if not deck.count(kind):
            raise RuleError(
                phrase(
                    "The timestream deck has no {card} left to draw: it holds {cards}.",
                    card=kind.label,
                    cards=deck.words(),
                )
            )
        deck, hand = deck.plus(kind, -1), hand.plus(kind)
    trip = state.trip
    if trip is not None and waiting.reason == "gain":
        trip = replace(trip, gained=action.cards)
    return _pop(state, deck=deck, discard=discard, hand=hand, trip=trip)


def _place(
    state: SojournState, card: DestinationCard, fragments: int, spot: tuple[int, int]
) -> SojournState:
    placed = Destination(replace(card, name=card.name.strip()), spot[0], spot[1], fragments)
    return _pop(state, timeline=(*state.timeline, placed))


def _open(state: SojournState, action: DrawDestination) -> SojournState:
    waiting = state.waiting
    assert isinstance(waiting, OpenNext)
    check_new_name(state, action.card)
    spot = above(state)
    if taken(state, *spot):
        pending = (PlaceCard(action.card, waiting.fragments, waiting.reason), *state.pending[1:])
        return replace(state, pending=pending)
    return _place(state, action.card, waiting.fragments, spot)


def _fragment(state: SojournState, action: DrawTimeFragment) -> SojournState:
    waiting = state.waiting
    assert isinstance(waiting, OpenNext)
    stacked = replace(waiting, fragments=waiting.fragments + 1)
    return replace(state, pending=(stacked, *state.pending[1:]))


def _deck_empty(state: SojournState, action: DestinationDeckEmpty) -> SojournState:
    return _pop(state, destination_deck_empty=True)


def _side(state: SojournState, action: PlaceSide) -> SojournState:
    waiting = state.waiting
    assert isinstance(waiting, PlaceCard)
    if action.side not in ("left", "right"):
        raise RuleError(phrase("'{side}' is not a side: choose left or right.", side=action.side))
    return _place(state, waiting.card, waiting.fragments, free_spot(state, action.side))


def _risk(state: SojournState, action: RollRisk) -> SojournState:
    waiting = state.waiting
    assert isinstance(waiting, RiskRoll)
    if action.tens not in range(0, 91, 10):
        raise RuleError(
            phrase("{face} is not on the tens die: it shows 00, 10 ... 90.", face=action.tens)
        )
    if action.units not in range(10):
        raise RuleError(
            phrase("{face} is not on the units die: it shows 0 to 9.", face=action.units)
        )
    card = state.timeline[waiting.destination].card
    value = reading(action.tens, action.units, state.setup.read_one_to_hundred)
    damage = 0 if is_safe(value, card.risk) else card.dmg
    health = max(0, state.health - damage)
    trip = state.trip and replace(state.trip, roll=value, damage=damage)
    if health == 0:
        why = phrase(
            "Health dropped to 0 at {place}: rolled {roll} against RISK {risk}%.",
            place=card.name,
            roll=value,
            risk=card.risk,
        )
        return replace(state, health=0, trip=trip, pending=(), outcome=Outcome("lost", why))
    return _pop(state, health=health, trip=trip)


def _leave_for(state: SojournState, index: int, how: TripKind) -> SojournState:
    """Move the marker, collect the fragments there and queue the trip's remaining steps.

    Fragments beyond the four needed stay on the card from rules revision 2 (the rulebook
    collects "all Fragments", the green squares hold four); revision 1 emptied the card. From
    revision 3 RISK 0% asks for no roll: any roll meets or beats 0."""
    place = state.timeline[index]
    collected = min(place.fragments, FRAGMENTS_NEEDED - state.fragments)
    left = place.fragments - collected if state.rules >= 2 else 0
    timeline = list(state.timeline)
    timeline[index] = replace(place, fragments=left)
    steps: list[Pending] = []
    if not state.destination_deck_empty:
        steps.append(OpenNext("trip"))
    if rolls_for_risk(state, place.card.risk, how):
        steps.append(RiskRoll(index))
    gain = min(place.card.gain, state.deck.total + state.discard.total)
    if gain:
        steps.append(DrawCards(gain, "gain"))
    assert state.trip is not None
    return replace(
        state,
        position=index,
        timeline=tuple(timeline),
        fragments=state.fragments + collected,
        pending=tuple(steps),
        trip=replace(state.trip, collected=collected),
    )


def _discard(state: SojournState, cards: tuple[Kind, ...]) -> SojournState:
    hand = state.hand
    for kind in cards:
        if not hand.count(kind):
            raise RuleError(phrase("You hold no {card} card to give up.", card=kind.label))
        hand = hand.plus(kind, -1)
    return replace(state, hand=hand, discard=state.discard.add(Cards.of(cards)))


def _travel(state: SojournState, action: Travel) -> SojournState:
    _check_index(state, action.destination)
    how: TripKind = "paradox" if action.paradox else "travel"
    preview = preview_trip(state, action.destination, how)
    if preview.problem is not None:
        raise RuleError(preview.problem)
    card = state.timeline[action.destination].card
    if action.paradox:
        if action.drop:
            raise RuleError(phrase("Paradox skips the DROP: give up no other cards for this trip."))
        state = _discard(state, (Kind.PARADOX,))
    else:
        if card.drop is not None:
            needed = min(card.drop, state.hand.total)
            if len(action.drop) != needed:
                values = {"place": card.name, "chose": len(action.drop)}
                if needed < card.drop:
                    raise RuleError(
                        phrase_n(
                            "{place} asks you to DROP {n} timestream card (you hold {held}); "
                            "you chose {chose}.",
                            "{place} asks you to DROP {n} timestream cards (you hold {held}); "
                            "you chose {chose}.",
                            needed,
                            held=state.hand.total,
                            **values,
                        )
                    )
                raise RuleError(
                    phrase_n(
                        "{place} asks you to DROP {n} timestream card; you chose {chose}.",
                        "{place} asks you to DROP {n} timestream cards; you chose {chose}.",
                        needed,
                        **values,
                    )
                )
        state = _discard(state, action.drop)
    trip = Trip(action.destination, how, dropped=len(action.drop), paid=preview.cost)
    state = replace(state, charge=state.charge - preview.cost, trip=trip)
    return _leave_for(state, action.destination, how)


def _loop(state: SojournState, action: LoopTo) -> SojournState:
    _check_index(state, action.destination)
    preview = preview_trip(state, action.destination, "loop")
    if preview.problem is not None:
        raise RuleError(preview.problem)
    assert action.destination in loop_targets(state)
    state = _discard(state, (Kind.LOOP,))
    state = replace(state, trip=Trip(action.destination, "loop"))
    return _leave_for(state, action.destination, "loop")


def _check_index(state: SojournState, index: int) -> None:
    if not 0 <= index < len(state.timeline):
        raise RuleError(phrase("There is no destination {index} on the timeline.", index=index))


def _open_by(state: SojournState, reason: OpenReason) -> SojournState:
    if state.destination_deck_empty:
        raise RuleError(phrase("The destination deck is empty: no new destination can be opened."))
    return replace(state, pending=(OpenNext(reason),))


def _open_with_charge(state: SojournState, action: OpenWithCharge) -> SojournState:
    if state.charge < 1:
        raise RuleError(phrase("Opening a destination costs 1 Temporal Charge; you have 0."))
    return _open_by(replace(state, charge=state.charge - 1), "charge")


def _fracture(state: SojournState, action: PlayFracture) -> SojournState:
    if not state.hand.count(Kind.FRACTURE):
        raise RuleError(phrase("You hold no Fracture card."))
    return _open_by(_discard(state, (Kind.FRACTURE,)), "fracture")


def _bandage(state: SojournState, action: PlayBandage) -> SojournState:
    if not state.hand.count(Kind.BANDAGE):
        raise RuleError(phrase("You hold no Bandage card."))
    if state.health >= SQUARES:
        raise RuleError(
            phrase(
                "Bandage restores one Health on an empty red square: Health is {health} of "
                "{squares}, no square is empty.",
                health=state.health,
                squares=SQUARES,
            )
        )
    return replace(_discard(state, (Kind.BANDAGE,)), health=state.health + 1)


def _battery(state: SojournState, action: PlayBattery) -> SojournState:
    if not state.hand.count(Kind.BATTERY):
        raise RuleError(phrase("You hold no Temporal Battery card."))
    if state.charge >= SQUARES:
        raise RuleError(
            phrase(
                "Temporal Battery restores one charge on an empty blue square: charge is "
                "{charge} of {squares}, no square is empty.",
                charge=state.charge,
                squares=SQUARES,
            )
        )
    return replace(_discard(state, (Kind.BATTERY,)), charge=state.charge + 1)


def _home(state: SojournState, action: TravelHome) -> SojournState:
    if state.fragments < FRAGMENTS_NEEDED:
        raise RuleError(
            phrase(
                "Travel home needs {needed} Time Fragments; you have {have}.",
                needed=FRAGMENTS_NEEDED,
                have=state.fragments,
            )
        )
    if action.paradox:
        if not state.hand.count(Kind.PARADOX):
            raise RuleError(phrase("You hold no Paradox card."))
        state = _discard(state, (Kind.PARADOX,))
        why = phrase(
            "Home to May 20, 2020 with {needed} Time Fragments, using a Paradox card.",
            needed=FRAGMENTS_NEEDED,
        )
    else:
        if state.charge < 1:
            raise RuleError(
                phrase("Travel home needs 1 Temporal Charge (or a Paradox card); you have 0.")
            )
        state = replace(state, charge=state.charge - 1)
        why = phrase(
            "Home to May 20, 2020 with {needed} Time Fragments, using 1 Temporal Charge.",
            needed=FRAGMENTS_NEEDED,
        )
    return replace(state, outcome=Outcome("won", why))


def _edit(state: SojournState, action: EditDestination) -> SojournState:
    _check_index(state, action.destination)
    if action.destination == 0:
        raise RuleError(phrase("The Jurassic Period is the start card: it has nothing to edit."))
    check_new_name(state, action.card, editing=action.destination)
    timeline = list(state.timeline)
    card = replace(action.card, name=action.card.name.strip())
    timeline[action.destination] = replace(timeline[action.destination], card=card)
    return replace(state, timeline=tuple(timeline))


HANDLERS: dict[type, Any] = {
    DrawTimestream: _draw,
    DrawDestination: _open,
    DrawTimeFragment: _fragment,
    DestinationDeckEmpty: _deck_empty,
    PlaceSide: _side,
    RollRisk: _risk,
    Travel: _travel,
    LoopTo: _loop,
    OpenWithCharge: _open_with_charge,
    PlayFracture: _fracture,
    PlayBandage: _bandage,
    PlayBattery: _battery,
    TravelHome: _home,
    EditDestination: _edit,
}

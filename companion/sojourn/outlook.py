"""Questions a traveller asks before acting: what will this trip cost, how likely is damage,
what will I draw next, am I stuck, can I still make it home? All answered from the state alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from companion.dice import percentile_value
from companion.phrases import joined, phrase, phrase_n
from companion.sojourn.model import (
    FRAGMENTS_NEEDED,
    KINDS,
    SQUARES,
    Destination,
    Kind,
    SojournState,
    TripKind,
)


def reading(tens: int, units: int, one_to_hundred: bool) -> int:
    """The number the percentile dice show: 0-99 by default ("00"+"0" = 0), or 1-100."""
    return percentile_value(tens, units, zero_is_hundred=one_to_hundred)


def is_safe(value: int, risk: int) -> bool:
    """A RISK roll is safe when it meets or beats the RISK percentage."""
    return value >= risk


NO_ROLL_AT_RISK_0_FROM = 3
"""The rules revision from which RISK 0% asks for no roll (docs/rules-notes.md)."""


def rolls_for_risk(state: SojournState, risk: int, how: TripKind) -> bool:
    """Whether this trip asks for the RISK roll: a Loop never does, and from rules revision 3
    neither does RISK 0%, which every roll meets or beats."""
    if how == "loop":
        return False
    return risk > 0 or state.rules < NO_ROLL_AT_RISK_0_FROM


def damage_faces(risk: int, one_to_hundred: bool) -> int:
    """How many of the 100 (tens, units) face pairs fail a RISK: exactly RISK with 00-99."""
    return sum(
        1
        for tens in range(0, 100, 10)
        for units in range(10)
        if not is_safe(reading(tens, units, one_to_hundred), risk)
    )


def draw_chances(state: SojournState) -> dict[Kind, Fraction]:
    """The chance of each kind on the next timestream draw (the discards reshuffled if empty)."""
    deck = state.deck if state.deck.total else state.discard
    if not deck.total:
        return {kind: Fraction(0) for kind in KINDS}
    return {kind: Fraction(deck.count(kind), deck.total) for kind in KINDS}


def charge_within_reach(state: SojournState) -> int:
    """Charge now plus what the Temporal Batteries in hand would add (never above 7)."""
    return min(SQUARES, state.charge + state.hand.count(Kind.BATTERY))


def loop_targets(state: SojournState) -> list[int]:
    """Destinations a Loop can reach: opened, and earlier in history than the current one."""
    here = state.here.card.date.key
    return [
        index
        for index, place in enumerate(state.timeline)
        if index not in (0, state.position) and place.card.date.key < here
    ]


def reachable(state: SojournState, index: int) -> bool:
    """Whether the cards in hand and the charge (with batteries) can take the traveller there."""
    place = state.timeline[index]
    if index in (0, state.position):
        return False
    return (
        state.hand.count(Kind.PARADOX) > 0
        or place.card.cost <= charge_within_reach(state)
        or (state.hand.count(Kind.LOOP) > 0 and index in loop_targets(state))
    )


def can_open(state: SojournState) -> bool:
    """A new destination can still be opened: with 1 charge (batteries count) or a Fracture."""
    if state.destination_deck_empty:
        return False
    return state.hand.count(Kind.FRACTURE) > 0 or charge_within_reach(state) >= 1


def can_go_home(state: SojournState) -> bool:
    """4 fragments and 1 charge (a battery in hand counts) or a Paradox."""
    return state.fragments >= FRAGMENTS_NEEDED and (
        charge_within_reach(state) >= 1 or state.hand.count(Kind.PARADOX) > 0
    )


def stuck_reason(state: SojournState) -> str | None:
    """Why the traveller is stuck in history, or None while some way on remains."""
    if can_go_home(state) or can_open(state):
        return None
    if any(reachable(state, index) for index in range(len(state.timeline))):
        return None
    targets = [place for i, place in enumerate(state.timeline) if i not in (0, state.position)]
    if targets:
        cheapest = min(place.card.cost for place in targets)
        reach = phrase("the cheapest open destination costs {cost}", cost=cheapest)
    else:
        reach = phrase("there is no other open destination")
    opening = (
        phrase("the destination deck is empty")
        if state.destination_deck_empty
        else phrase("no charge or Fracture to open a new one")
    )
    return phrase(
        "Stuck in history: {reach}, you have {charge} Temporal Charge and no "
        "Temporal Battery, Paradox or usable Loop, and {opening}.",
        reach=reach,
        charge=state.charge,
        opening=opening,
    )


@dataclass(frozen=True)
class TripPreview:
    """What a trip will take and risk, shown before the player commits."""

    destination: Destination
    how: TripKind
    drop: str
    """The cards to drop in words."""
    cost: int
    charge_after: int
    damage_faces: int
    """Faces (of 100) that fail the RISK roll; 0 when there is no roll."""
    health_if_hurt: int
    gain: int
    fragments: int
    problem: str | None
    """Why the trip is refused, if it is."""


def preview_trip(state: SojournState, index: int, how: TripKind = "travel") -> TripPreview:
    """The cost and exact damage chance of a trip, and whether the rules allow it now."""
    place = state.timeline[index]
    card = place.card
    one_to_hundred = state.setup.read_one_to_hundred
    problem: str | None = None  # a phrase
    if index == 0:
        problem = phrase("The Jurassic Period is the start card: no trip goes there.")
    elif index == state.position:
        problem = phrase("You are already at {place}.", place=place.name)
    cost = 0 if how in ("paradox", "loop") else card.cost
    drop: str
    if how == "loop":
        drop = phrase("nothing (Loop)")
        faces = 0
        if problem is None and index not in loop_targets(state):
            problem = phrase(
                "Loop only goes back in history: {place} ({date}) is not earlier "
                "than {here} ({here_date}).",
                place=place.name,
                date=card.date.words(),
                here=state.here.name,
                here_date=state.here.card.date.words(),
            )
        if problem is None and not state.hand.count(Kind.LOOP):
            problem = phrase("You hold no Loop card.")
    else:
        faces = damage_faces(card.risk, one_to_hundred)
        if how == "paradox":
            drop = phrase("nothing (Paradox)")
            if problem is None and not state.hand.count(Kind.PARADOX):
                problem = phrase("You hold no Paradox card.")
        elif card.drop is None:
            drop = f"* {card.drop_text}"  # the card's own text, as typed
        else:
            count = min(card.drop, state.hand.total)
            if count < card.drop:
                drop = phrase_n(
                    "{n} card (DROP {drop}, you hold {held})",
                    "{n} cards (DROP {drop}, you hold {held})",
                    count,
                    drop=card.drop,
                    held=state.hand.total,
                )
            else:
                drop = phrase_n("{n} card", "{n} cards", count)
        if problem is None and cost > state.charge:
            problem = phrase(
                "Not enough Temporal Charge: this trip costs {cost}, you have {have}.",
                cost=cost,
                have=state.charge,
            )
    return TripPreview(
        destination=place,
        how=how,
        drop=drop,
        cost=cost,
        charge_after=state.charge - cost,
        damage_faces=faces,
        health_if_hurt=max(0, state.health - card.dmg) if faces else state.health,
        gain=card.gain,
        fragments=place.fragments,
        problem=problem,
    )


def home_outlook(state: SojournState) -> str:
    """The answer to "can I still make it home?", with the reasons, from the current state."""
    if state.outcome is not None:
        if state.outcome.status == "won":
            return phrase("You made it home. {reason}", reason=state.outcome.reason)
        return phrase("No. {reason}", reason=state.outcome.reason)
    have = state.fragments
    if have >= FRAGMENTS_NEEDED:
        if state.charge >= 1 or state.hand.count(Kind.PARADOX):
            return phrase("Yes: you hold 4 Time Fragments and the means; travel home now (h).")
        if state.hand.count(Kind.BATTERY):
            return phrase("Yes: play a Temporal Battery for 1 charge, then travel home (h).")
        return phrase(
            "Not now: you hold 4 Time Fragments but no charge and no Paradox; a Temporal "
            "Battery or Paradox from a GAIN would take you home."
        )
    stuck = stuck_reason(state)
    if stuck is not None:
        return phrase("No. {reason}", reason=stuck)
    need = FRAGMENTS_NEEDED - have
    lines = [
        phrase_n(
            "Still possible: you need {n} more Time Fragment.",
            "Still possible: you need {n} more Time Fragments.",
            need,
        )
    ]
    spots = [
        (index, place)
        for index, place in enumerate(state.timeline)
        if place.fragments and index != state.position
    ]
    for index, place in spots:
        values = {
            "place": place.name,
            "n": place.fragments,
            "cost": place.card.cost,
            "risk": place.card.risk,
        }
        if reachable(state, index):
            said = phrase("{place} holds {n} (within reach: COST {cost}, RISK {risk}%).", **values)
        else:
            said = phrase(
                "{place} holds {n} (out of reach for now: COST {cost}, RISK {risk}%).", **values
            )
        lines.append(said)
    if sum(place.fragments for _, place in spots) < need:
        lines.append(phrase("The rest must still turn up under new destinations."))
    reserve = charge_within_reach(state) - 1
    if state.hand.count(Kind.PARADOX):
        lines.append(phrase("Your Paradox can pay the trip home."))
    elif reserve >= 0:
        lines.append(phrase("Keep 1 charge for home: {n} to spend on the way.", n=reserve))
    else:
        lines.append(phrase("You will need a Temporal Battery or Paradox to get home."))
    return joined(" ", lines)


def fragments_words(state: SojournState, place: Destination) -> str:
    """The Time Fragments lying on a card and what a trip there collects: the green squares
    hold four, the rest stay on the card (rules revision 2; revision 1 took them off)."""
    count = place.fragments
    wanted = FRAGMENTS_NEEDED - state.fragments
    if count <= wanted:
        return phrase_n("{n} Time Fragment here", "{n} Time Fragments here", count)
    stay = state.rules >= 2
    if wanted == 0:
        if stay:
            return phrase_n(
                "{n} Time Fragment here (you hold {held}: they stay here)",
                "{n} Time Fragments here (you hold {held}: they stay here)",
                count,
                held=FRAGMENTS_NEEDED,
            )
        return phrase_n(
            "{n} Time Fragment here (you hold {held}: they are left behind)",
            "{n} Time Fragments here (you hold {held}: they are left behind)",
            count,
            held=FRAGMENTS_NEEDED,
        )
    if stay:
        return phrase_n(
            "{n} Time Fragment here ({wanted} to collect, the rest stay here)",
            "{n} Time Fragments here ({wanted} to collect, the rest stay here)",
            count,
            wanted=wanted,
        )
    return phrase_n(
        "{n} Time Fragment here ({wanted} to collect, the rest are left behind)",
        "{n} Time Fragments here ({wanted} to collect, the rest are left behind)",
        count,
        wanted=wanted,
    )

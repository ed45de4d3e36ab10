"""What a Sojourn action that sets a value replaces, for a traveller playing on several devices.

Correcting a destination card types a whole card over the one on the timeline: when another
device corrected that card meanwhile, the correction is refused with both cards
(`saves.games.journal`) rather than written over it. Every other move draws, travels, rolls or
plays a
card: it replaces nothing.
"""

from __future__ import annotations

from typing import Any

from companion.core import Replaced
from companion.phrases import phrase
from companion.sojourn.actions import EditDestination
from companion.sojourn.model import DestinationCard, SojournState
from companion.sojourn.timeline import column_words


def replaced(state: SojournState, action: Any) -> Replaced | None:
    """The card an `EditDestination` types over at `state`; None for any other move, and for a
    destination the rules refuse to edit (the start card, one not on the timeline)."""
    if not isinstance(action, EditDestination):
        return None
    index = action.destination
    if not isinstance(index, int) or not 0 < index < len(state.timeline):
        return None
    place = state.timeline[index]
    return Replaced(
        phrase("the card at row {row}, {column}", row=place.row, column=column_words(place.column)),
        card_words(place.card),
    )


def card_words(card: DestinationCard) -> str:
    """`Pompeii (79) DROP 2 COST 1 RISK 25% DMG 1 GAIN 2`: every value typed for the card, a `*`
    DROP with the text saying which cards."""
    drop = card.drop_label + (f" ({card.drop_text})" if card.drop is None else "")  # as typed
    return phrase(
        "{place} ({date}) DROP {drop} COST {cost} RISK {risk}% DMG {dmg} GAIN {gain}",
        place=card.name,
        date=card.date.words(),
        drop=drop,
        cost=card.cost,
        risk=card.risk,
        dmg=card.dmg,
        gain=card.gain,
    )

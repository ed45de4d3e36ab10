"""Where destination cards go on the timeline, and which typed cards are accepted."""

from __future__ import annotations

from companion.core import RuleError
from companion.phrases import phrase
from companion.sojourn.model import MAX_PRINTED, RISKS, DestinationCard, Side, SojournState


def column_label(column: int) -> str:
    """A timeline column named from the start card's: `start`, `1 left`, `2 right`."""
    if column == 0:
        # TRANSLATORS: the timeline's column of the start card (a column heading)
        return phrase("start")
    if column < 0:
        # TRANSLATORS: a timeline column heading, counted from the start card's
        return phrase("{n} left", n=-column)
    # TRANSLATORS: a timeline column heading, counted from the start card's
    return phrase("{n} right", n=column)


def column_words(column: int) -> str:
    """Where a card's column lies, as a player says it: "the start column", "1 left of start"."""
    if column == 0:
        return phrase("the start column")
    if column < 0:
        return phrase("{n} left of start", n=-column)
    return phrase("{n} right of start", n=column)


def check_card(card: DestinationCard) -> None:
    """Refuse a destination card typed with a missing or impossible value."""
    if not card.name.strip():
        raise RuleError(phrase("The destination needs its name, as printed on the card."))
    if card.risk not in RISKS:
        printed = ", ".join(f"{risk}%" for risk in RISKS)
        raise RuleError(
            phrase(
                "RISK {risk}% is not printed on any card: it is one of {printed}.",
                risk=card.risk,
                printed=printed,
            )
        )
    if card.drop is None and not card.drop_text.strip():
        raise RuleError(phrase("A DROP of * needs the card's text saying which cards to drop."))
    for label, value in (("DROP", card.drop), ("COST", card.cost), ("DMG", card.dmg)):
        if value is not None and not 0 <= value <= MAX_PRINTED:
            raise RuleError(
                phrase(
                    "{icon} {value} is not on a card: it is 0 to {most}.",
                    icon=label,
                    value=value,
                    most=MAX_PRINTED,
                )
            )
    if not 0 <= card.gain <= MAX_PRINTED:
        raise RuleError(
            phrase(
                "{icon} {value} is not on a card: it is 0 to {most}.",
                icon="GAIN",
                value=card.gain,
                most=MAX_PRINTED,
            )
        )


def check_new_name(state: SojournState, card: DestinationCard, editing: int = -1) -> None:
    """Refuse a card typed wrong, or a name already on the timeline (names identify cards)."""
    check_card(card)
    for index, place in enumerate(state.timeline):
        if index != editing and place.name.casefold() == card.name.strip().casefold():
            raise RuleError(phrase("{place} is already on the timeline.", place=place.name))


def above(state: SojournState) -> tuple[int, int]:
    """The spot directly above the traveller's current card."""
    return (state.here.row + 1, state.here.column)


def taken(state: SojournState, row: int, column: int) -> bool:
    return any(place.row == row and place.column == column for place in state.timeline)


def free_spot(state: SojournState, side: Side) -> tuple[int, int]:
    """The nearest free spot left or right of the card above the current one, in its row."""
    row, column = above(state)
    step = -1 if side == "left" else 1
    column += step
    while taken(state, row, column):
        column += step
    return (row, column)

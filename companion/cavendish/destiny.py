"""The Destiny deck tracker: learn the six modifiers as they are revealed, and exact test odds."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction

from companion.cavendish.model import DESTINY_CARDS, DestinyDeck
from companion.core import RuleError
from companion.phrases import joined, phrase

MODIFIER_RANGE = range(-9, 10)
"""Modifiers a Destiny card can plausibly show; anything else is a typing mistake."""


@dataclass(frozen=True)
class Odds:
    """Exact chances of each outcome for one draw from the cards left in the deck."""

    failure: Fraction
    critical: Fraction
    success: Fraction

    @property
    def not_failing(self) -> Fraction:
        return self.critical + self.success


def signed(value: int) -> str:
    """A modifier as printed on the card: +1, 0, -2."""
    return f"{value:+d}" if value else "0"


def start_deck(known: tuple[int, ...]) -> DestinyDeck:
    """The deck at the start of a mission, with the composition remembered from an earlier one."""
    if known and len(known) != DESTINY_CARDS:
        raise RuleError(
            phrase(
                "The Destiny deck has {cards} cards; {given} were given.",
                cards=DESTINY_CARDS,
                given=len(known),
            )
        )
    for value in known:
        check_modifier(value)
    return DestinyDeck(known=tuple(sorted(known)))


def check_modifier(value: int) -> None:
    """Refuse a modifier no Destiny card shows."""
    if value not in MODIFIER_RANGE:
        raise RuleError(
            phrase("A Destiny card shows a modifier from -9 to +9, not {value}.", value=value)
        )


def reveal(deck: DestinyDeck, value: int) -> DestinyDeck:
    """Record a revealed card, learning the composition; refuse a card the deck cannot hold.

    Each shuffle's discards show at least that many cards of each value, so the known cards
    are the most of each value seen in one shuffle; once they number six the deck is known.
    """
    check_modifier(value)
    if len(deck.discards) >= DESTINY_CARDS:
        raise RuleError(
            phrase(
                "All {cards} Destiny cards are in the discard pile: record the reshuffle first.",
                cards=DESTINY_CARDS,
            )
        )
    discards = (*deck.discards, value)
    if deck.complete:
        left = Counter(deck.known) - Counter(deck.discards)
        if left[value] == 0:
            cards = [signed(v) for v in sorted(left.elements())]
            shown = joined(", ", cards) if cards else phrase("nothing")
            raise RuleError(
                phrase(
                    "No {modifier} is left in the Destiny deck (it holds {cards}). Check the card, "
                    "or record a reshuffle.",
                    modifier=signed(value),
                    cards=shown,
                )
            )
        return replace(deck, discards=discards)
    learned = Counter(deck.known) | Counter(discards)
    return replace(deck, known=tuple(sorted(learned.elements())), discards=discards)


def reshuffle(deck: DestinyDeck) -> DestinyDeck:
    """The discards are shuffled back into the deck."""
    if not deck.discards:
        raise RuleError(phrase("No Destiny card has been discarded since the last shuffle."))
    return replace(deck, discards=(), reshuffles=deck.reshuffles + 1)


def remaining(deck: DestinyDeck) -> tuple[int, ...] | None:
    """The cards still in the deck, when the composition is known; else None."""
    if not deck.complete:
        return None
    return tuple(sorted((Counter(deck.known) - Counter(deck.discards)).elements()))


def odds(cards: tuple[int, ...], value: int, difficulty: int) -> Odds | None:
    """Chances of failure / critical success / success for a value before the Destiny card."""
    if not cards:
        return None
    total = len(cards)
    below = sum(1 for card in cards if value + card < difficulty)
    equal = sum(1 for card in cards if value + card == difficulty)
    above = total - below - equal
    return Odds(Fraction(below, total), Fraction(equal, total), Fraction(above, total))


def boosts_for(
    cards: tuple[int, ...], value: int, difficulty: int, target: Fraction, most: int
) -> int | None:
    """The fewest extra boosts (0..most) giving at least `target` chance of not failing."""
    for boosts in range(most + 1):
        chances = odds(cards, value + boosts, difficulty)
        if chances is not None and chances.not_failing >= target:
            return boosts
    return None


def percent(chance: Fraction) -> str:
    """A chance in whole percent, as the screen shows it."""
    return f"{round(chance * 100)}%"

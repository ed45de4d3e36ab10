"""The Six Sojourns play screen's words: its title, who leads or won, what the Turns tab asks."""

from __future__ import annotations

from collections.abc import Sequence

from companion.core import Score
from companion.six_sojourns.actions import SojournsState
from widgets.six_sojourns.tables import scored_anything

OLD_TITLE_PREFIX = "Six Sojourns: "
"""Saves made before titles named only the players began with the game's name."""


def players_title(title: str) -> str:
    """The save's title without the game's name, which the header already shows."""
    return title.removeprefix(OLD_TITLE_PREFIX)


def names_words(names: Sequence[str]) -> str:
    """`Ana`, `Ana and Ben`, `Ana, Ben and Cy`."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def standing_words(state: SojournsState, result: Score) -> str:
    """Who leads or won, in words: nobody leads before the first point is entered."""
    if state.finished:
        return f"finished · won by {names_words(result.winners)}"
    if not scored_anything(result):
        return "no points entered yet"
    tied = " (tied)" if len(result.winners) > 1 else ""
    return f"leading: {names_words(result.winners)}{tied}"


def turn_words(state: SojournsState) -> str:
    """What the Turns tab asks for: the card to buy, the final entries, or nothing once scored."""
    if state.finished:
        return "The game is finished and scored: no card to buy (ctrl+z reopens it)."
    if state.cards_over:
        return "Every player has 9 cards: enter the final board, then f to finish."
    return f"Turn {state.turn_number} of 9: {state.turn_player} buys a card: 0-4 (its cost)."

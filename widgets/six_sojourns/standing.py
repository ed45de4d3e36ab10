"""The Six Sojourns play screen's words: its title, its status line (who leads or won, where the
score comes from, a switch just made), what the Turns tab asks."""

from __future__ import annotations

from collections.abc import Sequence

from companion.core import Score
from companion.six_sojourns.actions import SojournsState
from companion.six_sojourns.game import title_of
from companion.text import plural
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


def status_words(state: SojournsState, result: Score, switch_line: str = "") -> str:
    """The status line: the map or sojourn, where the score comes from, who leads or won.

    While a pad/board switch is the last thing done (`switch_line`, its log line), the line says
    so, with what became of the trades tokens at its end: said here rather than in a notice,
    which would lie over the sheet the switch has just changed."""
    count = len(state.sheet.spaces)
    mode = "score pad" if state.sheet.pad else f"board, {plural(count, 'space')}"
    standing = standing_words(state, result)
    if not switch_line:
        return f"{title_of(state)} · {mode} · {standing}"
    tokens = switch_line.partition("; ")[2]
    said = f"{title_of(state)} · switched to the {mode} · {standing}"
    return f"{said} · {tokens}" if tokens else said


def turn_words(state: SojournsState) -> str:
    """What the Turns tab asks for: the card to buy, the final entries, or nothing once scored."""
    if state.finished:
        return "The game is finished and scored: no card to buy (ctrl+z reopens it)."
    if state.cards_over:
        return "Every player has 9 cards: enter the final board, then f to finish."
    return f"Turn {state.turn_number} of 9: {state.turn_player} buys a card: 0-4 (its cost)."

"""The Six Sojourns play screen's words: its title, its status line (who leads or won, where the
score comes from, a switch just made), what the Turns tab asks."""

from __future__ import annotations

from collections.abc import Sequence

from companion.core import Score
from companion.phrases import Phrase
from companion.six_sojourns.actions import SojournsState
from companion.six_sojourns.game import title_of
from companion.six_sojourns.verdict import names_and
from lang import t, tn, tr
from widgets.six_sojourns.tables import scored_anything

OLD_TITLE_PREFIX = "Six Sojourns: "
"""Saves made before titles named only the players began with the game's name."""


def players_title(title: str) -> str:
    """The save's title without the game's name, which the header already shows."""
    return title.removeprefix(OLD_TITLE_PREFIX)


def names_words(names: Sequence[str]) -> str:
    """`Ana`, `Ana and Ben`, `Ana, Ben and Cy`, in the language in use."""
    return tr(names_and(names))


def standing_words(state: SojournsState, result: Score) -> str:
    """Who leads or won, in words: nobody leads before the first point is entered."""
    if state.finished:
        return t("finished · won by {players}", players=names_words(result.winners))
    if not scored_anything(result):
        return t("no points entered yet")
    if len(result.winners) > 1:
        return t("leading: {players} (tied)", players=names_words(result.winners))
    return t("leading: {players}", players=names_words(result.winners))


def switch_tail(switch_line: str) -> str:
    """What a pad/board switch's log line says became of the trades tokens (after its "; "),
    in the language in use; "" when it says nothing of them."""
    if isinstance(switch_line, Phrase) and "tokens" in switch_line.params:
        return tr(switch_line.params["tokens"])
    return switch_line.partition("; ")[2]


def status_words(state: SojournsState, result: Score, switch_line: str = "") -> str:
    """The status line: the map or sojourn, where the score comes from, who leads or won.

    While a pad/board switch is the last thing done (`switch_line`, its log line), the line says
    so, with what became of the trades tokens at its end: said here rather than in a notice,
    which would lie over the sheet the switch has just changed."""
    count = len(state.sheet.spaces)
    if state.sheet.pad:
        mode = t("score pad")
        switched = t("switched to the score pad")
    else:
        mode = tn("board, {n} space", "board, {n} spaces", count)
        switched = tn(
            "switched to the board, {n} space", "switched to the board, {n} spaces", count
        )
    standing = standing_words(state, result)
    title = tr(title_of(state))
    if not switch_line:
        return f"{title} · {mode} · {standing}"
    tokens = switch_tail(switch_line)
    said = f"{title} · {switched} · {standing}"
    return f"{said} · {tokens}" if tokens else said


def turn_words(state: SojournsState) -> str:
    """What the Turns tab asks for: the card to buy, the final entries, or nothing once scored."""
    if state.finished:
        return t("The game is finished and scored: no card to buy (ctrl+z reopens it).")
    if state.cards_over:
        return t("Every player has 9 cards: enter the final board, then f to finish.")
    return t(
        "Turn {turn} of 9: {player} buys a card: 0-4 (its cost).",
        turn=state.turn_number,
        player=state.turn_player,
    )

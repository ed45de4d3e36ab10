"""Pebbles at the table (`v`): the pile and what each player holds, in large type."""

from __future__ import annotations

from typing import Any

from pebbles.game import PebblesState, player, score
from widgets.plugin import Figure, Group, TableContent


def headline(state: PebblesState) -> str:
    """Whose turn it is; once the pile is empty, who won."""
    if state.pile:
        return f"{player(state, state.turn)} to take"
    return f"Game over: {' and '.join(score(state).winners)} won"


def table(state: Any) -> TableContent:
    """The pile in a box of its own, then one box per player."""
    assert isinstance(state, PebblesState)
    players = tuple(
        Group(name, (Figure("Held", held),))
        for name, held in zip(state.setup.players, state.held, strict=True)
    )
    return TableContent(
        headline(state), (Group("Pile", (Figure("Pebbles", state.pile),)), *players)
    )

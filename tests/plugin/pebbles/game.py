"""The rules of Pebbles: the players take turns taking one to three pebbles from a pile (or
pass); whoever holds the most when the pile is empty wins."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from companion.core import Game, RuleError, Score, ScoreLine, SeatOption
from pebbles import GAME_ID, TITLE

MOST_TAKEN = 3
"""The most pebbles one turn may take."""


@dataclass(frozen=True)
class PebblesSetup:
    players: tuple[str, ...] = ("Ana", "Ben")
    pile: int = 7


@dataclass(frozen=True)
class PebblesState:
    setup: PebblesSetup
    pile: int
    """The pebbles still in the pile."""
    held: tuple[int, ...]
    """The pebbles each player holds, in seat order."""
    turn: int = 0
    """The seat of the player whose turn it is."""


@dataclass(frozen=True)
class Take:
    """The player whose turn it is takes `count` pebbles from the pile."""

    count: int


@dataclass(frozen=True)
class Pass:
    """The player whose turn it is takes nothing."""


def start(setup: PebblesSetup) -> PebblesState:
    if len(setup.players) < 2:
        raise RuleError("Pebbles needs two players at least.")
    if setup.pile < 1:
        raise RuleError("The pile needs one pebble at least.")
    return PebblesState(setup, setup.pile, tuple(0 for _ in setup.players))


def apply(state: PebblesState, action: Any) -> PebblesState:
    if state.pile == 0:
        raise RuleError("The pile is empty: the game is over.")
    following = (state.turn + 1) % len(state.held)
    if isinstance(action, Pass):
        return replace(state, turn=following)
    if not isinstance(action, Take):
        raise RuleError("Pebbles knows only Take and Pass.")
    if not 1 <= action.count <= MOST_TAKEN:
        raise RuleError(f"A turn takes 1 to {MOST_TAKEN} pebbles, not {action.count}.")
    if action.count > state.pile:
        raise RuleError(f"Only {state.pile} left in the pile: take {state.pile} at most.")
    held = list(state.held)
    held[state.turn] += action.count
    return replace(state, pile=state.pile - action.count, held=tuple(held), turn=following)


def player(state: PebblesState, seat: int) -> str:
    return state.setup.players[seat]


def narrate(before: PebblesState, action: Any, after: PebblesState) -> str:
    who = player(before, before.turn)
    if isinstance(action, Pass):
        return f"{who} passes"
    return f"{who} takes {action.count} ({after.pile} left)"


def summary(state: PebblesState) -> str:
    if state.pile == 0:
        return "The pile is empty"
    return f"{state.pile} in the pile, {player(state, state.turn)} to take"


def score(state: PebblesState) -> Score:
    totals = dict(zip(state.setup.players, state.held, strict=True))
    most = max(totals.values())
    lines = tuple(ScoreLine(name, held, f"holds {held}") for name, held in totals.items())
    return Score(totals, lines, tuple(name for name, held in totals.items() if held == most))


def seats(state: PebblesState) -> tuple[SeatOption, ...]:
    """Each player may sit at a device ("Sit as", `@`)."""
    return tuple(SeatOption(name, name) for name in state.setup.players)


def describe(state: PebblesState) -> dict[str, Any]:
    return {
        "pile": state.pile,
        "held": dict(zip(state.setup.players, state.held, strict=True)),
        "turn": player(state, state.turn),
    }


PEBBLES: Game[PebblesSetup, PebblesState] = Game(
    id=GAME_ID,
    title=TITLE,
    min_players=2,
    max_players=4,
    setup_type=PebblesSetup,
    state_type=PebblesState,
    action_types=(Take, Pass),
    start=start,
    apply=apply,
    narrate=narrate,
    summary=summary,
    status=lambda state: "finished" if state.pile == 0 else "playing",
    describe=describe,
    score=score,
    seats=seats,
    setup_summary=lambda setup: f"{len(setup.players)} players, {setup.pile} pebbles",
)
"""The game the entry point's `GameEntry.rules` names."""

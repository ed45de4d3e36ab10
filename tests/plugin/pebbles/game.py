"""The rules of Pebbles: the players take turns taking one to three pebbles from a pile (or
pass, or roll a D3 and take what it shows, the rest of the pile at most); whoever holds the most
when the pile is empty wins.

Pure, as every game's rules are: no Textual, no files, no clock, no randomness (a roll comes in
as a value in the action). The app, the command line and the saves know the game only through
`PEBBLES`, a `companion.core.Game`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from companion.core import (
    Facts,
    Game,
    Played,
    PlayShape,
    RuleError,
    Score,
    ScoreLine,
    SeatOption,
    Transition,
    score_facts,
)
from pebbles import GAME_ID, TITLE

MOST_TAKEN = 3
"""The most pebbles one turn may take (and the faces of the die: a D3)."""


@dataclass(frozen=True)
class PebblesSetup:
    """What the setup screen decides, read once by `start`."""

    players: tuple[str, ...] = ("Ana", "Ben")
    """The players in seat order; the first takes first."""
    pile: int = 7
    """The pebbles in the pile at the start."""


@dataclass(frozen=True)
class PebblesState:
    """Where the game stands. It is never saved: the file holds the setup and the actions,
    and the state is replayed from them; `describe` shows it to programs."""

    setup: PebblesSetup
    pile: int
    """The pebbles still in the pile."""
    held: tuple[int, ...]
    """The pebbles each player holds, in seat order."""
    turn: int = 0
    """The seat of the player whose turn it is."""


@dataclass(frozen=True)
class Take:
    """The player whose turn it is takes `count` pebbles from the pile: chosen (`rolled` is
    empty), or what a D3 showed (`rolled`: `physical` for real dice, `app` for the app's)."""

    count: int
    rolled: Literal["", "physical", "app"] = ""


@dataclass(frozen=True)
class Pass:
    """The player whose turn it is takes nothing."""


def start(setup: PebblesSetup) -> PebblesState:
    """The first state; a setup the rules refuse raises `RuleError` (the setup screen says it)."""
    if len(setup.players) < 2:
        raise RuleError("Pebbles needs two players at least.")
    if setup.pile < 1:
        raise RuleError("The pile needs one pebble at least.")
    return PebblesState(setup, setup.pile, tuple(0 for _ in setup.players))


def apply(state: PebblesState, action: Any) -> PebblesState:
    """The state after an action, or `RuleError` naming the rule it breaks."""
    if state.pile == 0:
        raise RuleError("The pile is empty: the game is over.")
    following = (state.turn + 1) % len(state.held)
    if isinstance(action, Pass):
        return replace(state, turn=following)
    if not isinstance(action, Take):
        raise RuleError("Pebbles knows only Take and Pass.")
    if not 1 <= action.count <= MOST_TAKEN:
        raise RuleError(f"A turn takes 1 to {MOST_TAKEN} pebbles, not {action.count}.")
    count = min(action.count, state.pile) if action.rolled else action.count
    if count > state.pile:
        raise RuleError(f"Only {state.pile} left in the pile: take {state.pile} at most.")
    held = list(state.held)
    held[state.turn] += count
    return replace(state, pile=state.pile - count, held=tuple(held), turn=following)


def player(state: PebblesState, seat: int) -> str:
    """The name of the player in this seat."""
    return state.setup.players[seat]


def narrate(before: PebblesState, action: Any, after: PebblesState) -> str:
    """The action log's line for an action just applied."""
    who = player(before, before.turn)
    if isinstance(action, Pass):
        return f"{who} passes"
    taken = before.pile - after.pile
    if action.rolled:
        die = "a real D3" if action.rolled == "physical" else "the app's D3"
        return f"{who} rolls {action.count} on {die} and takes {taken} ({after.pile} left)"
    return f"{who} takes {taken} ({after.pile} left)"


def summary(state: PebblesState) -> str:
    """The saved-games list's line for this game."""
    if state.pile == 0:
        return "The pile is empty"
    return f"{state.pile} in the pile, {player(state, state.turn)} to take"


def score(state: PebblesState) -> Score:
    """Each player's pebbles, explained; the winners hold the most."""
    totals = dict(zip(state.setup.players, state.held, strict=True))
    most = max(totals.values())
    lines = tuple(ScoreLine(name, held, f"holds {held}") for name, held in totals.items())
    return Score(totals, lines, tuple(name for name, held in totals.items() if held == most))


def seats(state: PebblesState) -> tuple[SeatOption, ...]:
    """Each player may sit at a device ("Sit as", `@`)."""
    return tuple(SeatOption(name, name) for name in state.setup.players)


def describe(state: PebblesState) -> dict[str, Any]:
    """The game's own fields of `companion show ID --json` (JSON values only), beside the
    fields every game has; `winners` once the game is over, as the four games give it."""
    fields: dict[str, Any] = {
        "pile": state.pile,
        "held": dict(zip(state.setup.players, state.held, strict=True)),
        "turn": player(state, state.turn),
    }
    if state.pile == 0:
        fields["winners"] = list(score(state).winners)
    return fields


ROLLED_TAKES = "rolled_takes"
"""The one detail a play of Pebbles keeps for the statistics: how many takes a D3 decided."""


def facts(
    game: Game[Any, Any], setup: PebblesSetup, state: PebblesState, steps: Sequence[Transition]
) -> Facts:
    """What the statistics count of a game: the players, scores and winners from `score`, and in
    its details how many takes were rolled."""
    rolled = sum(
        1 for _before, action, _after in steps if isinstance(action, Take) and action.rolled
    )
    return replace(score_facts(game, setup, state, steps), details={ROLLED_TAKES: rolled})


def figures(plays: Sequence[Played]) -> dict[str, Any]:
    """Pebbles' own line of `companion stats --json`: the takes a D3 decided, over the finished
    plays played in the app. A play typed in or imported has no such detail (its details are
    only `{"recorded": True}`): it counts in `plays` and `wins`, not here."""
    counted = [
        play.facts.details[ROLLED_TAKES]
        for play in plays
        if play.finished and isinstance(play.facts.details.get(ROLLED_TAKES), int)
    ]
    return {ROLLED_TAKES: sum(counted), "plays_with_rolls_counted": len(counted)}


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
    facts=facts,
    figures=figures,
    recorded=PlayShape(),
)
"""The game the entry point's `GameEntry.rules` names."""

"""A tiny game used to test the kernel, the saves and the app shell without a real game's rules."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from companion.core import Game, RuleError, Score, ScoreLine


@dataclass(frozen=True)
class TallySetup:
    players: tuple[str, ...] = ("Ana", "Ben")
    limit: int = 20


@dataclass(frozen=True)
class TallyState:
    setup: TallySetup
    counts: tuple[int, ...]


@dataclass(frozen=True)
class Add:
    player: int
    amount: int


def start(setup: TallySetup) -> TallyState:
    if not setup.players:
        raise RuleError("A tally needs at least one player.")
    return TallyState(setup, tuple(0 for _ in setup.players))


def apply(state: TallyState, action: Add) -> TallyState:
    if not isinstance(action, Add):
        raise RuleError("Only Add is an action of the tally.")
    if not 0 <= action.player < len(state.counts):
        raise RuleError(f"There is no player {action.player}.")
    new = state.counts[action.player] + action.amount
    if not 0 <= new <= state.setup.limit:
        raise RuleError(f"A count stays within 0..{state.setup.limit}; this would make {new}.")
    counts = list(state.counts)
    counts[action.player] = new
    return replace(state, counts=tuple(counts))


def narrate(before: TallyState, action: Add, after: TallyState) -> str:
    return f"{before.setup.players[action.player]} {action.amount:+d}"


def score(state: TallyState) -> Score:
    totals = dict(zip(state.setup.players, state.counts, strict=True))
    best = max(totals.values())
    lines = tuple(ScoreLine(p, c, "tally") for p, c in totals.items())
    return Score(totals, lines, tuple(p for p, c in totals.items() if c == best))


TALLY: Game[TallySetup, TallyState] = Game(
    id="tally",
    title="Tally",
    min_players=1,
    max_players=4,
    setup_type=TallySetup,
    state_type=TallyState,
    action_types=(Add,),
    start=start,
    apply=apply,
    narrate=narrate,
    summary=lambda state: " ".join(str(c) for c in state.counts),
    status=lambda state: "finished" if max(state.counts) == state.setup.limit else "playing",
    describe=lambda state: {"counts": list(state.counts)},
    score=score,
)


class CountingTally:
    """The tally game with its `apply` calls counted: how much a load or a listing replayed."""

    def __init__(self) -> None:
        self.calls = 0
        self.game = replace(TALLY, apply=self.apply)

    def apply(self, state: Any, action: Any) -> Any:
        self.calls += 1
        return TALLY.apply(state, action)

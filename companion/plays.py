"""A play: what one saved game tells the statistics (who played, the scores, who won, how it ended).

A play is derived from the game's setup and its states through the game's own rules, never kept
apart from the save: `facts_of` is the one place that knows each game's meaning of a win. The
facts travel as plain data (`to_plain` / `from_plain`) so the saved-games cache can keep them and
the statistics never replay a save whose bytes have not changed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from companion.core import Game
from companion.session import Session

UNNAMED_TRAVELLER = "Unnamed traveller"
"""The traveller of a Sojourn run saved before the setup asked for a name."""

Transition = tuple[Any, Any, Any]
"""(state before, action, state after) for one applied action."""


@dataclass(frozen=True)
class Facts:
    """What the rules say about one game, whatever its dates."""

    status: str
    """`playing`, or how the game ended (`finished`, `won`, `lost`, `failed`)."""
    players: tuple[str, ...]
    scores: Mapping[str, int] = field(default_factory=dict)
    """Each player's final score; a co-op group's score is every member's. Empty until the end."""
    winners: tuple[str, ...] = ()
    """The players credited with a win (a shared win names each of them)."""
    cooperative: bool = False
    """Solo and co-op games: the group wins or loses together."""
    lower_is_better: bool = False
    details: Mapping[str, Any] = field(default_factory=dict)
    """Figures only this game has (Six Sojourns categories, Cavendish crystals spent ...)."""


@dataclass(frozen=True)
class Play:
    """One saved game as the statistics see it."""

    save_id: str
    game_id: str
    started: datetime
    ended: datetime
    """When the last action was saved."""
    facts: Facts

    @property
    def finished(self) -> bool:
        return self.facts.status != "playing"

    @property
    def length(self) -> timedelta:
        """From the setup to the last action saved."""
        return self.ended - self.started

    @property
    def outcome(self) -> str:
        """`won`, `lost` or `failed` for a finished solo or co-op game; "" otherwise."""
        if not self.facts.cooperative or not self.finished:
            return ""
        if self.facts.winners:
            return "won"
        return "failed" if self.facts.status == "failed" else "lost"


def steps_of(initial: Any, transitions: Sequence[tuple[Any, Any]]) -> list[Transition]:
    """(before, action, after) for each (action, state after) in play order."""
    steps: list[Transition] = []
    before = initial
    for action, after in transitions:
        steps.append((before, action, after))
        before = after
    return steps


def facts_of(game: Game[Any, Any], setup: Any, state: Any, steps: Sequence[Transition]) -> Facts:
    """The facts of a game at `state`, reached through `steps`."""
    derive = DERIVERS.get(game.id, _generic)
    return derive(game, setup, state, steps)


def facts_of_session(session: Session) -> Facts:
    """The statistics' facts of a game, read from its session's steps."""
    steps = steps_of(session.initial, [(step.action, step.state) for step in session.steps])
    return facts_of(session.game, session.setup, session.state, steps)


def _generic(game: Game[Any, Any], setup: Any, state: Any, steps: Sequence[Transition]) -> Facts:
    """Any game: the players of the setup, the winners and totals of its score once it ends."""
    status = game.status(state)
    players = tuple(str(name) for name in getattr(setup, "players", ()))
    if status == "playing" or game.score is None:
        return Facts(status, players)
    score = game.score(state)
    return Facts(
        status, players, dict(score.totals), score.winners, lower_is_better=score.lower_is_better
    )


def _sojourn(game: Game[Any, Any], setup: Any, state: Any, steps: Sequence[Transition]) -> Facts:
    """Solo: reaching home is the traveller's win; a lost run ended by health or by being stuck."""
    traveller = setup.traveller or UNNAMED_TRAVELLER
    status = game.status(state)
    details = {"ended": "health" if state.health == 0 else "stuck"} if status == "lost" else {}
    winners = (traveller,) if status == "won" else ()
    return Facts(status, (traveller,), {}, winners, cooperative=True, details=details)


def _six_sojourns(
    game: Game[Any, Any], setup: Any, state: Any, steps: Sequence[Transition]
) -> Facts:
    """The winners the score names; the points per category of the last game scored."""
    # Imported here: the statistics need a game's rules only when that game is in the saves.
    from companion.six_sojourns.scoring import score, standings

    status = game.status(state)
    if status == "playing" or game.score is None:
        return Facts(status, tuple(setup.players))
    final = game.score(state)
    last = standings(state.sheet, score(state.sheet, state.thresholds))
    details = {
        "categories": {standing.name: dict(standing.breakdown) for standing in last},
        "campaign": bool(setup.campaign),
    }
    return Facts(status, tuple(setup.players), dict(final.totals), final.winners, details=details)


def _cavendish(game: Game[Any, Any], setup: Any, state: Any, steps: Sequence[Transition]) -> Facts:
    """A completed mission is everyone's win with the group's score; a failed one has neither."""
    from companion.cavendish.actions import AndCost, AttemptTest, Explore

    status = game.status(state)
    spent = {"tests": 0, "explores": 0, "updates": 0}
    for before, action, after in steps:
        into_vortex = max(0, after.vortex - before.vortex)
        if isinstance(action, AttemptTest | AndCost):
            spent["tests"] += into_vortex
        elif isinstance(action, Explore):
            spent["explores"] += into_vortex
    spent["updates"] = state.ledger.standard_updates + state.ledger.emergency_updates
    players = tuple(setup.players)
    details = {"spent": spent}
    if status != "finished":
        return Facts(status, players, cooperative=True, lower_is_better=True, details=details)
    final = state.final_score
    scores = {name: final for name in players}
    return Facts(
        status,
        players,
        scores,
        winners=players,
        cooperative=True,
        lower_is_better=True,
        details=details,
    )


def _time_bastards(
    game: Game[Any, Any], setup: Any, state: Any, steps: Sequence[Transition]
) -> Facts:
    """Duel: the verdict's winners and the tie-break step that decided; co-op: the team's."""
    from companion.time_bastards.result import verdict

    status = game.status(state)
    players = tuple(traveller.name for traveller in setup.players)
    cooperative = setup.mode == "coop"
    if status == "playing" or game.score is None:
        return Facts(status, players, cooperative=cooperative)
    result = verdict(state)
    totals = game.score(state).totals
    if cooperative:
        team = sum(totals.values())
        winners = players if result.winners else ()
        return Facts(status, players, dict.fromkeys(players, team), winners, cooperative=True)
    winners = tuple(players[index] for index in result.winners)
    details = {"decided_by": result.step}
    return Facts(status, players, dict(totals), winners, details=details)


DERIVERS: dict[str, Callable[[Game[Any, Any], Any, Any, Sequence[Transition]], Facts]] = {
    "sojourn": _sojourn,
    "six-sojourns": _six_sojourns,
    "cavendish": _cavendish,
    "time-bastards": _time_bastards,
}
"""Game id -> how its facts are read; a game not listed uses its `status` and `score`."""


def to_plain(facts: Facts) -> dict[str, Any]:
    """The facts as TOML-ready data (for the saved-games cache)."""
    return {
        "status": facts.status,
        "players": list(facts.players),
        "scores": dict(facts.scores),
        "winners": list(facts.winners),
        "cooperative": facts.cooperative,
        "lower_is_better": facts.lower_is_better,
        "details": dict(facts.details),
    }


PLAIN_KEYS = to_plain(Facts("", ())).keys()
"""The keys `to_plain` writes."""


def from_plain(data: Any) -> Facts | None:
    """Facts written by `to_plain`, or None when the data is not exactly that."""
    if not isinstance(data, dict) or data.keys() != PLAIN_KEYS:
        return None
    names = data["players"], data["winners"]
    if not all(
        isinstance(items, list) and all(isinstance(n, str) for n in items) for items in names
    ):
        return None
    scores = data["scores"]
    if not isinstance(scores, dict) or not all(type(v) is int for v in scores.values()):
        return None
    if not isinstance(data["status"], str) or not isinstance(data["details"], dict):
        return None
    if type(data["cooperative"]) is not bool or type(data["lower_is_better"]) is not bool:
        return None
    return Facts(
        data["status"],
        tuple(data["players"]),
        scores,
        tuple(data["winners"]),
        data["cooperative"],
        data["lower_is_better"],
        data["details"],
    )

"""Time Bastards results: the winner with the deciding step, the score, and the state as data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.core import JsonValue, Result, Score, ScoreLine
from companion.text import plural
from companion.time_bastards.model import (
    ROMAN,
    TIMELINES,
    Piece,
    TimeBastardsSetup,
    TimeBastardsState,
    held,
    hour,
    lap,
    name,
    piece,
    pieces_of,
    total_rounds,
)

Step = Literal["achievements", "pieces", "oldest piece", "tied", "team"]


@dataclass(frozen=True)
class Verdict:
    """Who wins (or leads) and which step of the rule decided it."""

    winners: tuple[int, ...]
    """Player indexes; two in a full tie, none when a co-op team falls short."""
    step: Step
    reason: str


def team_name(state: TimeBastardsState) -> str:
    return " & ".join(traveller.name for traveller in state.setup.players)


def verdict(state: TimeBastardsState) -> Verdict:
    """Most achievements, then fewest pieces on the board, then the oldest piece furthest on.

    Co-op: the team holds all four achievements, or time ran out with fewer.
    """
    if state.setup.mode == "coop":
        count = len(held(state, 0))
        if count == len(TIMELINES):
            return Verdict((0, 1), "team", f"{team_name(state)} hold all four achievements.")
        return Verdict((), "team", f"{team_name(state)} hold {count} of 4 achievements.")
    players = range(len(state.setup.players))
    counts = {p: len(held(state, p)) for p in players}
    best = max(counts.values())
    leaders = [p for p in players if counts[p] == best]
    if len(leaders) == 1:
        who, said = name(state, leaders[0]), _winner_first(counts, leaders[0])
        return Verdict((leaders[0],), "achievements", f"{who} has most achievements ({said}).")
    reason = f"Achievements tied at {best}"
    sizes = {p: len(pieces_of(state, p)) for p in leaders}
    fewest = min(sizes.values())
    leaders = [p for p in leaders if sizes[p] == fewest]
    if len(leaders) == 1:
        who, said = name(state, leaders[0]), _winner_first(sizes, leaders[0])
        fewer = f"{who} has fewer pieces on the board ({said})"
        return Verdict((leaders[0],), "pieces", f"{reason}; {fewer}.")
    reason += f", pieces tied at {fewest}"
    along = {p: _oldest_position(state, p) for p in leaders}
    furthest = max(along.values())
    leaders = [p for p in leaders if along[p] == furthest]
    if len(leaders) == 1:
        who, said = name(state, leaders[0]), _winner_first(along, leaders[0])
        return Verdict(
            (leaders[0],),
            "oldest piece",
            f"{reason}; {who}'s oldest piece is furthest through time (at {said}).",
        )
    return Verdict(
        tuple(leaders), "tied", f"{reason}, oldest pieces level at {furthest}: a shared win."
    )


def _winner_first(figures: dict[int, int], winner: int) -> str:
    """The deciding figures, the winner's first: "has most achievements (3 to 2)"."""
    others = [figure for player, figure in figures.items() if player != winner]
    return " to ".join(str(figure) for figure in (figures[winner], *others))


def explain(state: TimeBastardsState) -> Result:
    """The result in words, one line per step of the rule that was needed to decide it."""
    result = verdict(state)
    if state.setup.mode == "coop":
        count = len(held(state, 0))
        if result.winners:
            return Result("The team wins: all four achievements", (result.reason,))
        if state.finished:
            ran_out = f"{team_name(state)} hold {count} of 4 achievements when time ran out."
            return Result("Time ran out: the team falls short", (ran_out,))
        return Result(f"The team holds {count} of 4 achievements", (result.reason,))
    players = range(len(state.setup.players))
    counts = ", ".join(f"{name(state, p)} {len(held(state, p))}" for p in players)
    lines = [f"Step 1, most achievements: {counts}."]
    most = max(len(held(state, p)) for p in players)
    contenders = [p for p in players if len(held(state, p)) == most]
    if result.step in ("pieces", "oldest piece", "tied"):
        sizes = ", ".join(f"{name(state, p)} {len(pieces_of(state, p))}" for p in contenders)
        lines[0] += " Tied."
        lines.append(f"Step 2, fewest pieces on the board: {sizes}.")
    if result.step in ("oldest piece", "tied"):
        level = min(len(pieces_of(state, p)) for p in contenders)
        contenders = [p for p in contenders if len(pieces_of(state, p)) == level]
        along = ", ".join(f"{name(state, p)} {_where(state, p)}" for p in contenders)
        lines[1] += " Tied."
        lines.append(f"Step 3, oldest piece furthest through time: {along}.")
    winners = [name(state, p) for p in result.winners]
    if len(winners) == 1:
        verb = "wins" if state.finished else "leads"
        lines[-1] += f" {winners[0]} {verb} on this step."
        return Result(f"{winners[0]} {verb}", tuple(lines))
    lines[-1] += " Still tied: the win is shared." if state.finished else " Still tied."
    share = "share the win" if state.finished else "are level"
    return Result(f"{' and '.join(winners)} {share}", tuple(lines))


def _where(state: TimeBastardsState, player: int) -> str:
    position = _oldest_position(state, player)
    return "no piece on the board" if position < 0 else f"at {position}"


def _oldest_position(state: TimeBastardsState, player: int) -> int:
    """How far the player's oldest piece has advanced (-1 with no piece on the board)."""
    mine = pieces_of(state, player)
    return mine[0].position if mine else -1


def score(state: TimeBastardsState) -> Score:
    """One point per achievement, with the tie-break that decided the winner as 0-point lines."""
    result = verdict(state)
    lines: list[ScoreLine] = []
    if state.setup.mode == "coop":
        team = team_name(state)
        lines = [ScoreLine(team, 1, f"achievement {ROMAN[t]}") for t in held(state, 0)]
        shared: tuple[str, ...] = (team,) if result.winners else ()
        return Score({team: len(held(state, 0))}, tuple(lines), shared, heading="Achievements")
    totals = {name(state, p): len(held(state, p)) for p in range(len(state.setup.players))}
    for player in range(len(state.setup.players)):
        who = name(state, player)
        lines += [ScoreLine(who, 1, f"achievement {ROMAN[t]}") for t in held(state, player)]
        if result.step in ("pieces", "oldest piece", "tied"):
            mine = pieces_of(state, player)
            detail = f"tie-break: {plural(len(mine), 'piece')} on the board"
            if result.step != "pieces" and mine:
                detail += f", oldest piece at {mine[0].position}"
            lines.append(ScoreLine(who, 0, detail))
    winners = tuple(name(state, p) for p in result.winners)
    return Score(totals, tuple(lines), winners, heading="Achievements")


def describe(state: TimeBastardsState) -> dict[str, JsonValue]:
    """The state for `companion show ID --json` (documented in docs/json.md)."""
    players = range(len(state.setup.players))
    if state.setup.mode == "coop":
        achievements = {team_name(state): list(held(state, 0))}
    else:
        achievements = {name(state, p): list(held(state, p)) for p in players}
    data: dict[str, JsonValue] = {
        "round": state.round,
        "rounds": total_rounds(state.setup),
        "hour": hour(state),
        "lap": lap(state),
        "mode": state.setup.mode,
        "timeline_length": state.setup.timeline_length,
        "turn": None if state.finished else name(state, state.turn),
        "roll": state.roll,
        "pieces": [_piece_data(state, p) for p in sorted(state.pieces, key=lambda p: p.age)],
        "bumped": [_piece_data(state, p) for age in state.bumped if (p := piece(state, age))],
        "achievements": achievements,
        "supply": {name(state, p): state.supply[p] for p in players},
        "status": status(state),
    }
    if state.finished:
        result = verdict(state)
        if state.setup.mode == "coop":
            data["result"] = "won" if result.winners else "lost"
        else:
            data["winners"] = [name(state, p) for p in result.winners]
        data["reason"] = result.reason
    return data


def _piece_data(state: TimeBastardsState, target: Piece) -> dict[str, JsonValue]:
    return {
        "owner": name(state, target.owner),
        "timeline": target.timeline,
        "position": target.position,
        "age": target.age,
    }


def status(state: TimeBastardsState) -> str:
    return "finished" if state.finished else "playing"


def summary(state: TimeBastardsState) -> str:
    """One line for the saved games list."""
    if state.finished:
        return f"{explain(state).outcome} · {verdict(state).reason}"
    clock = f"Round {state.round}/{total_rounds(state.setup)}"
    if state.setup.mode == "coop":
        scores = f"team {len(held(state, 0))}/4"
    else:
        scores = ", ".join(
            f"{name(state, p)} {len(held(state, p))}" for p in range(len(state.setup.players))
        )
    return f"{clock} · achievements {scores} · {name(state, state.turn)} to play"


def setup_summary(setup: TimeBastardsSetup) -> str:
    """A few words on the setup for listings."""
    names = [traveller.name for traveller in setup.players]
    if setup.mode == "coop":
        return f"co-op, {' & '.join(names)}, timelines of {setup.timeline_length}"
    return f"duel, {' v '.join(names)}, timelines of {setup.timeline_length}"

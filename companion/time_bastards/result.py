"""Time Bastards results: the winner with the deciding step, the score, and the state as data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.core import JsonValue, Result, Score, ScoreLine
from companion.phrases import Phrase, joined, phrase, phrase_n
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
    reason: Phrase


def team_name(state: TimeBastardsState) -> str:
    return " & ".join(traveller.name for traveller in state.setup.players)


def verdict(state: TimeBastardsState) -> Verdict:
    """Most achievements, then fewest pieces on the board, then the oldest piece furthest on.

    Co-op: the team holds all four achievements, or time ran out with fewer.
    """
    if state.setup.mode == "coop":
        count = len(held(state, 0))
        if count == len(TIMELINES):
            return Verdict(
                (0, 1), "team", phrase("{team} hold all four achievements.", team=team_name(state))
            )
        return Verdict((), "team", _team_holds(state, count))
    players = range(len(state.setup.players))
    counts = {p: len(held(state, p)) for p in players}
    best = max(counts.values())
    leaders = [p for p in players if counts[p] == best]
    if len(leaders) == 1:
        who, said = name(state, leaders[0]), _winner_first(counts, leaders[0])
        return Verdict(
            (leaders[0],),
            "achievements",
            phrase("{player} has most achievements ({figures}).", player=who, figures=said),
        )
    sizes = {p: len(pieces_of(state, p)) for p in leaders}
    fewest = min(sizes.values())
    leaders = [p for p in leaders if sizes[p] == fewest]
    if len(leaders) == 1:
        who, said = name(state, leaders[0]), _winner_first(sizes, leaders[0])
        return Verdict(
            (leaders[0],),
            "pieces",
            phrase(
                "Achievements tied at {best}; {player} has fewer pieces on the board ({figures}).",
                best=best,
                player=who,
                figures=said,
            ),
        )
    along = {p: _oldest_position(state, p) for p in leaders}
    furthest = max(along.values())
    leaders = [p for p in leaders if along[p] == furthest]
    if len(leaders) == 1:
        who, said = name(state, leaders[0]), _winner_first(along, leaders[0])
        return Verdict(
            (leaders[0],),
            "oldest piece",
            phrase(
                "Achievements tied at {best}, pieces tied at {fewest}; {player}'s oldest piece is "
                "furthest through time (at {figures}).",
                best=best,
                fewest=fewest,
                player=who,
                figures=said,
            ),
        )
    return Verdict(
        tuple(leaders),
        "tied",
        phrase(
            "Achievements tied at {best}, pieces tied at {fewest}, oldest pieces level at "
            "{furthest}: a shared win.",
            best=best,
            fewest=fewest,
            furthest=furthest,
        ),
    )


def _team_holds(state: TimeBastardsState, count: int) -> Phrase:
    return phrase("{team} hold {count} of 4 achievements.", team=team_name(state), count=count)


def _winner_first(figures: dict[int, int], winner: int) -> Phrase:
    """The deciding figures, the winner's first: "has most achievements (3 to 2)"."""
    others = [figure for player, figure in figures.items() if player != winner]
    # TRANSLATORS: two figures compared, the winner's first: "3 to 2"
    return phrase("{first} to {second}", first=figures[winner], second=others[0])


def explain(state: TimeBastardsState) -> Result:
    """The result in words, one line per step of the rule that was needed to decide it."""
    result = verdict(state)
    if state.setup.mode == "coop":
        count = len(held(state, 0))
        if result.winners:
            return Result(phrase("The team wins: all four achievements"), (result.reason,))
        if state.finished:
            ran_out = phrase(
                "{team} hold {count} of 4 achievements when time ran out.",
                team=team_name(state),
                count=count,
            )
            return Result(phrase("Time ran out: the team falls short"), (ran_out,))
        return Result(
            phrase("The team holds {count} of 4 achievements", count=count), (result.reason,)
        )
    players = range(len(state.setup.players))
    counts = joined(", ", (f"{name(state, p)} {len(held(state, p))}" for p in players))
    lines: list[list[Phrase]] = [[phrase("Step 1, most achievements: {counts}.", counts=counts)]]
    most = max(len(held(state, p)) for p in players)
    contenders = [p for p in players if len(held(state, p)) == most]
    if result.step in ("pieces", "oldest piece", "tied"):
        sizes = joined(", ", (f"{name(state, p)} {len(pieces_of(state, p))}" for p in contenders))
        lines[0].append(phrase("Tied."))
        lines.append([phrase("Step 2, fewest pieces on the board: {sizes}.", sizes=sizes)])
    if result.step in ("oldest piece", "tied"):
        level = min(len(pieces_of(state, p)) for p in contenders)
        contenders = [p for p in contenders if len(pieces_of(state, p)) == level]
        along = joined(", ", (_where(state, p) for p in contenders))
        lines[1].append(phrase("Tied."))
        lines.append([phrase("Step 3, oldest piece furthest through time: {along}.", along=along)])
    winners = [name(state, p) for p in result.winners]
    if len(winners) == 1:
        if state.finished:
            lines[-1].append(phrase("{player} wins on this step.", player=winners[0]))
            outcome = phrase("{player} wins", player=winners[0])
        else:
            lines[-1].append(phrase("{player} leads on this step.", player=winners[0]))
            outcome = phrase("{player} leads", player=winners[0])
        return Result(outcome, tuple(joined(" ", line) for line in lines))
    if state.finished:
        lines[-1].append(phrase("Still tied: the win is shared."))
        outcome = phrase("{first} and {second} share the win", first=winners[0], second=winners[-1])
    else:
        lines[-1].append(phrase("Still tied."))
        outcome = phrase("{first} and {second} are level", first=winners[0], second=winners[-1])
    return Result(outcome, tuple(joined(" ", line) for line in lines))


def _where(state: TimeBastardsState, player: int) -> Phrase:
    """A contender's oldest piece: "Ann at 4", "Bob no piece on the board"."""
    position = _oldest_position(state, player)
    who = name(state, player)
    if position < 0:
        return phrase("{player} no piece on the board", player=who)
    return phrase("{player} at {time}", player=who, time=position)


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
        lines = [ScoreLine(team, 1, _achievement(t)) for t in held(state, 0)]
        shared: tuple[str, ...] = (team,) if result.winners else ()
        return Score(
            {team: len(held(state, 0))}, tuple(lines), shared, heading=phrase("Achievements")
        )
    totals = {name(state, p): len(held(state, p)) for p in range(len(state.setup.players))}
    for player in range(len(state.setup.players)):
        who = name(state, player)
        lines += [ScoreLine(who, 1, _achievement(t)) for t in held(state, player)]
        if result.step in ("pieces", "oldest piece", "tied"):
            lines.append(ScoreLine(who, 0, _tie_break(state, player, result.step)))
    winners = tuple(name(state, p) for p in result.winners)
    return Score(totals, tuple(lines), winners, heading=phrase("Achievements"))


def _achievement(timeline: int) -> Phrase:
    return phrase("achievement {timeline}", timeline=ROMAN[timeline])


def _tie_break(state: TimeBastardsState, player: int, step: Step) -> Phrase:
    """A 0-point score line: the player's pieces on the board (and where the oldest is)."""
    mine = pieces_of(state, player)
    if step != "pieces" and mine:
        return phrase_n(
            "tie-break: {n} piece on the board, oldest piece at {time}",
            "tie-break: {n} pieces on the board, oldest piece at {time}",
            len(mine),
            time=mine[0].position,
        )
    return phrase_n(
        "tie-break: {n} piece on the board", "tie-break: {n} pieces on the board", len(mine)
    )


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
        return joined(" · ", (explain(state).outcome, verdict(state).reason))
    clock = phrase("Round {round}/{rounds}", round=state.round, rounds=total_rounds(state.setup))
    if state.setup.mode == "coop":
        scores: str = phrase("team {count}/4", count=len(held(state, 0)))
    else:
        scores = ", ".join(
            f"{name(state, p)} {len(held(state, p))}" for p in range(len(state.setup.players))
        )
    return joined(
        " · ",
        (
            clock,
            phrase("achievements {scores}", scores=scores),
            phrase("{player} to play", player=name(state, state.turn)),
        ),
    )


def setup_summary(setup: TimeBastardsSetup) -> str:
    """A few words on the setup for listings."""
    names = [traveller.name for traveller in setup.players]
    if setup.mode == "coop":
        return phrase(
            "co-op, {team}, timelines of {length}",
            team=" & ".join(names),
            length=setup.timeline_length,
        )
    if len(names) != 2:  # a setup the rules refuse, listed all the same
        return phrase(
            "duel, {players}, timelines of {length}",
            players=", ".join(names),
            length=setup.timeline_length,
        )
    return phrase(
        "duel, {first} v {second}, timelines of {length}",
        first=names[0],
        second=names[1],
        length=setup.timeline_length,
    )

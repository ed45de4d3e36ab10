"""Time Bastards: the game as the companion knows it, and the legal choices of a state.

The rules live in `rules`, the data in `model`, the result in
`result`; this module joins them into one `Game` and lists what may be done now.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core import Game, RuleError, SeatOption, WaitingFor
from companion.phrases import Phrase, joined, phrase
from companion.time_bastards import GAME_ID, TITLE, history
from companion.time_bastards.facts import facts
from companion.time_bastards.model import (
    ACTION_TYPES,
    ROMAN,
    TIMELINES,
    Action,
    LeavePieces,
    MoveEarliest,
    PlaceNewPiece,
    SendBumpedPiece,
    ShiftPiece,
    TimeBastardsSetup,
    TimeBastardsState,
    name,
    piece,
    where,
)
from companion.time_bastards.result import (
    describe,
    explain,
    score,
    setup_summary,
    status,
    summary,
)
from companion.time_bastards.rules import apply, start


@dataclass(frozen=True)
class Choice:
    """A legal action now, with what it would do in words."""

    action: Action
    label: str
    outcome: str


def narrate(before: TimeBastardsState, action: Any, after: TimeBastardsState) -> str:
    """The log line: what the action did, as the rules reported it."""
    return joined(" ", after.events)


def timeline_label(timeline: int) -> Phrase:
    """A timeline as a choice names it: "Timeline II"."""
    return phrase("Timeline {timeline}", timeline=ROMAN[timeline])


def shift_label(state: TimeBastardsState, moved: Any, direction: str) -> Phrase:
    """A 6's move as a choice names it: "move Ann's II at 3 forward"."""
    values = {"owner": name(state, moved.owner), "place": where(moved)}
    if direction == "forward":
        return phrase("move {owner}'s {place} forward", **values)
    return phrase("move {owner}'s {place} back", **values)


def choices(state: TimeBastardsState) -> tuple[Choice, ...]:
    """Every legal answer to the decision in hand, or the legal piece move of a fresh turn.

    Rolling the D6 is always possible on a fresh turn and is not listed: its value is not known.
    """
    if state.finished:
        return ()
    if state.bumped:
        bumped = piece(state, state.bumped[0])
        assert bumped is not None
        candidates: list[tuple[Action, str]] = [
            (SendBumpedPiece(bumped.owner, t), timeline_label(t))
            for t in TIMELINES
            if t != bumped.timeline
        ]
    elif state.roll == 6:
        candidates = [
            (ShiftPiece(state.turn, p.age, d), shift_label(state, p, d))
            for p in sorted(state.pieces, key=lambda p: (p.timeline, p.position, p.age))
            for d in ("back", "forward")
        ]
        candidates.append((LeavePieces(state.turn), phrase("Move no piece")))
    elif state.roll is not None:
        candidates = [(PlaceNewPiece(state.turn, t), timeline_label(t)) for t in TIMELINES]
    else:
        candidates = [(MoveEarliest(state.turn), phrase("Move your earliest piece forward"))]
    found = []
    for action, label in candidates:
        outcome = preview(state, action)
        if outcome is not None:
            found.append(Choice(action, label, outcome))
    return tuple(found)


def waiting_for(state: TimeBastardsState) -> WaitingFor | None:
    """Who must act now and on what: a bumped piece's owner first, else the player to move."""
    if state.finished:
        return None
    if state.bumped:
        bumped = piece(state, state.bumped[0])
        assert bumped is not None
        owner = name(state, bumped.owner)
        return WaitingFor(
            "bumped-piece",
            phrase(
                "{owner} chooses where their bumped piece on {place} goes",
                owner=owner,
                place=where(bumped),
            ),
            owner,
            question=True,
        )
    player = name(state, state.turn)
    if state.roll == 6:
        text = phrase("{player} rolled 6: move a piece one space, or none", player=player)
        return WaitingFor("move-piece", text, player)
    if state.roll is not None:
        text = phrase(
            "{player} rolled {roll}: choose the timeline for the new piece",
            player=player,
            roll=state.roll,
        )
        return WaitingFor("place-piece", text, player)
    text = phrase("{player}'s turn: move the earliest piece forward or roll the D6", player=player)
    return WaitingFor("turn", text, player)


def preview(state: TimeBastardsState, action: Action) -> str | None:
    """What an action would do, in words, or None if the rules refuse it."""
    try:
        return joined(" ", apply(state, action).events)
    except RuleError:
        return None


def seats(state: TimeBastardsState) -> tuple[SeatOption, ...]:
    """A seat per traveller."""
    return tuple(SeatOption(t.name, t.name) for t in state.setup.players)


def mover(state: TimeBastardsState, action: Any) -> str | None:
    """Every move is a traveller's: the bumped piece's owner chooses where it goes, any other
    move is the player's whose turn it is."""
    if isinstance(action, SendBumpedPiece) and state.bumped:
        bumped = piece(state, state.bumped[0])
        if bumped is not None:
            return name(state, bumped.owner)
    return name(state, state.turn)


TIME_BASTARDS: Game[TimeBastardsSetup, TimeBastardsState] = Game(
    id=GAME_ID,
    title=TITLE,
    min_players=2,
    max_players=2,
    setup_type=TimeBastardsSetup,
    state_type=TimeBastardsState,
    action_types=ACTION_TYPES,
    start=start,
    apply=apply,
    narrate=narrate,
    summary=summary,
    status=status,
    describe=describe,
    score=score,
    setup_summary=setup_summary,
    waiting_for=waiting_for,
    explain=explain,
    facts=facts,
    recorded=history.RECORDED,
    start_player=history.START_PLAYER,
    figures=history.figures,
    seats=seats,
    mover=mover,
)

"""Time Bastards turns: move the earliest piece or roll the D6, collisions, bumps and the clock."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.core import RuleError
from companion.text import plural
from companion.time_bastards.model import (
    COLOURS,
    HOURS_PER_LAP,
    MAX_LENGTH,
    MAX_NAME,
    MIN_LENGTH,
    PIECES_PER_PLAYER,
    ROMAN,
    TIMELINES,
    Action,
    LeavePieces,
    MoveEarliest,
    Piece,
    PlaceNewPiece,
    RollD6,
    SendBumpedPiece,
    ShiftPiece,
    TimeBastardsSetup,
    TimeBastardsState,
    earliest,
    hour,
    lap,
    name,
    piece,
    total_rounds,
    track,
    where,
)

Handler = Callable[[TimeBastardsState, Any, list[str]], TimeBastardsState]


def start(setup: TimeBastardsSetup) -> TimeBastardsState:
    """Both first pieces on the start of their chosen timelines, the clock at hour 1."""
    check_setup(setup)
    pieces = tuple(
        Piece(age=index + 1, owner=index, timeline=traveller.start, position=0)
        for index, traveller in enumerate(setup.players)
    )
    tracks = 1 if setup.mode == "coop" else len(setup.players)
    return TimeBastardsState(
        setup=setup,
        pieces=pieces,
        supply=tuple(PIECES_PER_PLAYER - 1 for _ in setup.players),
        achievements=tuple(() for _ in range(tracks)),
        next_age=len(pieces) + 1,
    )


def check_setup(setup: TimeBastardsSetup) -> None:
    """Refuse a setup the board cannot hold, naming what is wrong."""
    if len(setup.players) != 2:
        raise RuleError(f"Time Bastards is for two travellers, not {len(setup.players)}.")
    names = [traveller.name.strip() for traveller in setup.players]
    for index, traveller in enumerate(setup.players, start=1):
        if not traveller.name.strip():
            raise RuleError(f"Player {index} needs a name.")
        if len(traveller.name) > MAX_NAME:
            raise RuleError(f"Player {index}'s name is longer than {MAX_NAME} characters.")
        if traveller.colour not in COLOURS:
            raise RuleError(f"{traveller.colour!r} is not a counter colour.")
        if traveller.start not in TIMELINES:
            raise RuleError(f"{traveller.name} must start on timeline I-IV, not {traveller.start}.")
    if names[0].casefold() == names[1].casefold():
        raise RuleError(f"Both players are called {names[0]}: give them different names.")
    if setup.players[0].colour == setup.players[1].colour:
        raise RuleError(f"Both players have {setup.players[0].colour} counters: pick two colours.")
    if not MIN_LENGTH <= setup.timeline_length <= MAX_LENGTH:
        raise RuleError(
            f"A timeline has {MIN_LENGTH}-{MAX_LENGTH} spaces, not {setup.timeline_length}."
        )


def apply(state: TimeBastardsState, action: Action) -> TimeBastardsState:
    """The state after an action, or a `RuleError` saying why it is refused."""
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise RuleError(f"{type(action).__name__} is not a Time Bastards action.")
    if state.finished:
        raise RuleError(
            f"The game is over: the clock ran out after round {total_rounds(state.setup)}."
        )
    if not 0 <= action.player < len(state.setup.players):
        raise RuleError(f"There is no player {action.player + 1}: this game has two.")
    _check_waiting(state, action)
    log: list[str] = []
    after = handler(state, action, log)
    if not after.bumped and not after.finished and after.roll is None:
        after = _end_turn(after, log)
    return replace(after, events=tuple(log))


def _check_waiting(state: TimeBastardsState, action: Action) -> None:
    """Only the answer to a pending decision is accepted; otherwise the player to move acts."""
    if state.bumped:
        bumped = piece(state, state.bumped[0])
        assert bumped is not None
        owner = name(state, bumped.owner)
        others = ", ".join(ROMAN[t] for t in TIMELINES if t != bumped.timeline)
        if not isinstance(action, SendBumpedPiece):
            raise RuleError(
                f"First {owner} chooses where the bumped piece on {where(bumped)} goes "
                f"(timeline {others}): a bumped piece moves to the same time on another "
                "timeline, its owner's choice."
            )
        if action.player != bumped.owner:
            raise RuleError(
                f"The bumped piece on {where(bumped)} is {owner}'s: {owner} chooses, "
                f"not {name(state, action.player)}."
            )
        return
    if isinstance(action, SendBumpedPiece):
        raise RuleError("No piece has been bumped: there is no timeline to choose.")
    if action.player != state.turn:
        raise RuleError(
            f"It is {name(state, state.turn)}'s turn, not {name(state, action.player)}'s."
        )
    if state.roll is None and isinstance(action, PlaceNewPiece | ShiftPiece | LeavePieces):
        raise RuleError(
            f"{name(state, action.player)} has not rolled the D6 yet: a turn is a roll of "
            "1D6 (or the earliest piece moved forward one space) before a piece is placed "
            "or moved."
        )
    if state.roll is not None:
        if isinstance(action, MoveEarliest | RollD6):
            raise RuleError(
                f"The D6 showed {state.roll}: {_roll_prompt(state.roll)} first (or undo the roll)."
            )
        if state.roll == 6 and isinstance(action, PlaceNewPiece):
            raise RuleError("A 6 moves a piece one space; it does not place a new piece.")
        if state.roll < 6 and isinstance(action, ShiftPiece | LeavePieces):
            raise RuleError(
                f"A {state.roll} places a new piece; only a 6 moves a piece on the board."
            )


def _roll_prompt(value: int) -> str:
    if value == 6:
        return "pick a piece and a direction"
    return "pick the timeline for the new piece"


def _move_earliest(state: TimeBastardsState, action: MoveEarliest, log: list[str]) -> Any:
    who = name(state, action.player)
    mine = earliest(state, action.player)
    if mine is None:
        raise RuleError(f"{who} has no piece on the board to move: roll the D6.")
    last = state.setup.timeline_length - 1
    if mine.position >= last:
        raise RuleError(
            f"{who}'s earliest piece is on {where(mine)}, the end of its timeline "
            f"(spaces 0-{last}): it cannot move forward, so roll the D6."
        )
    log.append(f"{who} moves the earliest piece from {where(mine)} forward to {mine.position + 1}.")
    return _land(_moved(state, mine, mine.timeline, mine.position + 1), mine.age, log)


def _roll(state: TimeBastardsState, action: RollD6, log: list[str]) -> Any:
    if not 1 <= action.value <= 6:
        raise RuleError(f"A D6 shows 1 to 6, not {action.value}.")
    who = name(state, action.player)
    by = "rolls" if action.source == "app" else "rolls a real die:"
    head = f"{who} {by} {action.value}."
    if action.value == 6:
        log.append(f"{head} A 6: {who} may move any piece one space along its timeline.")
        return replace(state, roll=6)
    if state.supply[action.player] == 0:
        log.append(f"{head} {who} has no counter left in the supply, so the roll does nothing.")
        return state
    mine = earliest(state, action.player)
    if mine is None:
        raise RuleError(f"{who} has no piece on the board to count back from.")
    target = mine.position - action.value
    if target < 0:
        log.append(
            f"{head} {plural(action.value, 'space')} before the earliest piece ({where(mine)}) is "
            "before "
            f"the start: the new piece is lost in time and goes back to the supply. Turn over."
        )
        return state
    log.append(f"{head} The new piece goes at time {target}: {who} picks its timeline.")
    return replace(state, roll=action.value)


def _place(state: TimeBastardsState, action: PlaceNewPiece, log: list[str]) -> Any:
    _check_timeline(action.timeline)
    assert state.roll is not None
    mine = earliest(state, action.player)
    assert mine is not None
    target = mine.position - state.roll
    age = state.next_age
    new = Piece(age=age, owner=action.player, timeline=action.timeline, position=target)
    supply = list(state.supply)
    supply[action.player] -= 1
    log.append(f"{name(state, action.player)} places a new piece on {where(new)}.")
    placed = replace(
        state, pieces=(*state.pieces, new), supply=tuple(supply), next_age=age + 1, roll=None
    )
    return _land(placed, age, log)


def _shift(state: TimeBastardsState, action: ShiftPiece, log: list[str]) -> Any:
    moved = piece(state, action.piece)
    if moved is None:
        raise RuleError(f"There is no piece #{action.piece} on the board.")
    step = 1 if action.direction == "forward" else -1
    target = moved.position + step
    last = state.setup.timeline_length - 1
    if not 0 <= target <= last:
        edge = "start" if step < 0 else "end"
        raise RuleError(
            f"The piece on {where(moved)} is at the {edge} of its timeline (spaces 0-{last}): "
            f"it cannot move {action.direction} off the board."
        )
    whose = name(state, moved.owner)
    log.append(
        f"{name(state, action.player)} moves {whose}'s piece from {where(moved)} "
        f"{action.direction} to {target}."
    )
    return _land(_moved(replace(state, roll=None), moved, moved.timeline, target), moved.age, log)


def _leave(state: TimeBastardsState, action: LeavePieces, log: list[str]) -> Any:
    log.append(f"{name(state, action.player)} moves no piece.")
    return replace(state, roll=None)


def _send(state: TimeBastardsState, action: SendBumpedPiece, log: list[str]) -> Any:
    _check_timeline(action.timeline)
    bumped = piece(state, state.bumped[0])
    assert bumped is not None
    if action.timeline == bumped.timeline:
        raise RuleError(
            "A bumped piece moves to another timeline: "
            f"pick one other than {ROMAN[bumped.timeline]}."
        )
    log.append(
        f"{name(state, action.player)} sends the bumped piece from {where(bumped)} "
        f"to {ROMAN[action.timeline]} at {bumped.position}."
    )
    rest = replace(state, bumped=state.bumped[1:])
    return _land(_moved(rest, bumped, action.timeline, bumped.position), bumped.age, log)


def _check_timeline(timeline: int) -> None:
    if timeline not in TIMELINES:
        raise RuleError(f"There is no timeline {timeline}: the board has I, II, III and IV.")


def _moved(state: TimeBastardsState, old: Piece, timeline: int, position: int) -> Any:
    new = replace(old, timeline=timeline, position=position)
    return replace(state, pieces=tuple(new if p.age == old.age else p for p in state.pieces))


def level_words(who: str, lander: Piece, other: Piece, older: Piece) -> str:
    """Two of a player's pieces level in time, each named by its timeline (or, on one space,
    as the piece that landed and the one already there), and which one leaves."""
    time = lander.position
    if lander.timeline == other.timeline:
        which = "the one that landed" if older is lander else "the one already there"
        return (
            f"{who}'s two pieces meet on {where(other)}, level in time: the older one ({which}) "
            "leaves for the supply"
        )
    return (
        f"{who}'s pieces on timelines {ROMAN[lander.timeline]} and {ROMAN[other.timeline]} are "
        f"level at time {time}: the older one leaves {where(older)} for the supply"
    )


def _land(state: TimeBastardsState, age: int, log: list[str]) -> TimeBastardsState:
    """The collision rules for a piece that just arrived: level with its owner's, then bumps."""
    lander = piece(state, age)
    assert lander is not None
    owner = lander.owner
    who = name(state, owner)
    for other in [p for p in state.pieces if p.owner == owner and p.age != age]:
        if other.position != lander.position:
            continue
        older = min(lander, other, key=lambda p: p.age)
        state = _remove(state, older)
        log.append(level_words(who, lander, other, older))
        state = _score(state, owner, older.timeline, log)
        if older is lander:
            return state
    hit = tuple(
        p.age
        for p in state.pieces
        if p.age != age and p.timeline == lander.timeline and p.position == lander.position
    )
    for bumped_age in hit:
        bumped = piece(state, bumped_age)
        assert bumped is not None
        whose = name(state, bumped.owner)
        log.append(
            f"Same space as {whose}'s piece on {where(bumped)}: {whose} chooses the other "
            f"timeline it moves to."
        )
    return replace(state, bumped=state.bumped + hit)


def _remove(state: TimeBastardsState, gone: Piece) -> TimeBastardsState:
    supply = list(state.supply)
    supply[gone.owner] += 1
    pieces = tuple(p for p in state.pieces if p.age != gone.age)
    return replace(state, pieces=pieces, supply=tuple(supply))


def _score(state: TimeBastardsState, owner: int, timeline: int, log: list[str]) -> Any:
    scoring = track(state, owner)
    holder = "the team" if state.setup.mode == "coop" else name(state, owner)
    if timeline in state.achievements[scoring]:
        log[-1] += f"; {holder} already holds achievement {ROMAN[timeline]}, so no new one."
        return state
    log[-1] += f"; {holder} scores achievement {ROMAN[timeline]}."
    achievements = list(state.achievements)
    achievements[scoring] = tuple(sorted((*achievements[scoring], timeline)))
    return replace(state, achievements=tuple(achievements))


def _end_turn(state: TimeBastardsState, log: list[str]) -> TimeBastardsState:
    """Pass the turn; a new round advances the clock; the last round's end ends the game."""
    following = (state.turn + 1) % len(state.setup.players)
    if following != 0:
        return replace(state, turn=following, roll=None)
    if state.round == total_rounds(state.setup):
        log.append("The clock has reached the end of its track: the game is over.")
        return replace(state, finished=True, roll=None)
    state = replace(state, round=state.round + 1, turn=0, roll=None)
    line = f"Round {state.round}: the clock moves to hour {hour(state)}"
    if lap(state) == 2 and hour(state) == 1:
        line += " on the second marker"
    if state.round == total_rounds(state.setup):
        line += "; the last marker reaches the end, so this is the last round"
    elif hour(state) == HOURS_PER_LAP:
        line += "; the first marker reaches the end and a second marker starts at X"
    log.append(line + ".")
    return state


_HANDLERS: dict[type, Handler] = {
    MoveEarliest: _move_earliest,
    RollD6: _roll,
    PlaceNewPiece: _place,
    ShiftPiece: _shift,
    LeavePieces: _leave,
    SendBumpedPiece: _send,
}

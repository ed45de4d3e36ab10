"""Time Bastards turns: move the earliest piece or roll the D6, collisions, bumps and the clock."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.core import RuleError
from companion.phrases import Phrase, joined, phrase, phrase_n
from companion.time_bastards.model import (
    COLOUR_NAMES,
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

Handler = Callable[[TimeBastardsState, Any, list[Phrase]], TimeBastardsState]


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
        raise RuleError(
            phrase("Time Bastards is for two travellers, not {count}.", count=len(setup.players))
        )
    names = [traveller.name.strip() for traveller in setup.players]
    for index, traveller in enumerate(setup.players, start=1):
        if not traveller.name.strip():
            raise RuleError(phrase("Player {number} needs a name.", number=index))
        if len(traveller.name) > MAX_NAME:
            raise RuleError(
                phrase(
                    "Player {number}'s name is longer than {most} characters.",
                    number=index,
                    most=MAX_NAME,
                )
            )
        if traveller.colour not in COLOURS:
            raise RuleError(
                phrase("{colour} is not a counter colour.", colour=repr(traveller.colour))
            )
        if traveller.start not in TIMELINES:
            raise RuleError(
                phrase(
                    "{player} must start on timeline I-IV, not {start}.",
                    player=traveller.name,
                    start=traveller.start,
                )
            )
    if names[0].casefold() == names[1].casefold():
        raise RuleError(
            phrase("Both players are called {player}: give them different names.", player=names[0])
        )
    if setup.players[0].colour == setup.players[1].colour:
        raise RuleError(
            phrase(
                "Both players have {colour} counters: pick two colours.",
                colour=COLOUR_NAMES[setup.players[0].colour],
            )
        )
    if not MIN_LENGTH <= setup.timeline_length <= MAX_LENGTH:
        raise RuleError(
            phrase(
                "A timeline has {least}-{most} spaces, not {length}.",
                least=MIN_LENGTH,
                most=MAX_LENGTH,
                length=setup.timeline_length,
            )
        )


def apply(state: TimeBastardsState, action: Action) -> TimeBastardsState:
    """The state after an action, or a `RuleError` saying why it is refused."""
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise RuleError(
            phrase("{action} is not a Time Bastards action.", action=type(action).__name__)
        )
    if state.finished:
        raise RuleError(
            phrase(
                "The game is over: the clock ran out after round {round}.",
                round=total_rounds(state.setup),
            )
        )
    if not 0 <= action.player < len(state.setup.players):
        raise RuleError(
            phrase("There is no player {number}: this game has two.", number=action.player + 1)
        )
    _check_waiting(state, action)
    log: list[Phrase] = []
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
                phrase(
                    "First {owner} chooses where the bumped piece on {place} goes "
                    "(timeline {others}): a bumped piece moves to the same time on another "
                    "timeline, its owner's choice.",
                    owner=owner,
                    place=where(bumped),
                    others=others,
                )
            )
        if action.player != bumped.owner:
            raise RuleError(
                phrase(
                    "The bumped piece on {place} is {owner}'s: {owner} chooses, not {player}.",
                    place=where(bumped),
                    owner=owner,
                    player=name(state, action.player),
                )
            )
        return
    if isinstance(action, SendBumpedPiece):
        raise RuleError(phrase("No piece has been bumped: there is no timeline to choose."))
    if action.player != state.turn:
        raise RuleError(
            phrase(
                "It is {player}'s turn, not {other}'s.",
                player=name(state, state.turn),
                other=name(state, action.player),
            )
        )
    if state.roll is None and isinstance(action, PlaceNewPiece | ShiftPiece | LeavePieces):
        raise RuleError(
            phrase(
                "{player} has not rolled the D6 yet: a turn is a roll of 1D6 (or the earliest "
                "piece moved forward one space) before a piece is placed or moved.",
                player=name(state, action.player),
            )
        )
    if state.roll is not None:
        if isinstance(action, MoveEarliest | RollD6):
            raise RuleError(
                phrase(
                    "The D6 showed {roll}: {prompt} first (or undo the roll).",
                    roll=state.roll,
                    prompt=_roll_prompt(state.roll),
                )
            )
        if state.roll == 6 and isinstance(action, PlaceNewPiece):
            raise RuleError(phrase("A 6 moves a piece one space; it does not place a new piece."))
        if state.roll < 6 and isinstance(action, ShiftPiece | LeavePieces):
            raise RuleError(
                phrase(
                    "A {roll} places a new piece; only a 6 moves a piece on the board.",
                    roll=state.roll,
                )
            )


def _roll_prompt(value: int) -> Phrase:
    if value == 6:
        return phrase("pick a piece and a direction")
    return phrase("pick the timeline for the new piece")


def _move_earliest(state: TimeBastardsState, action: MoveEarliest, log: list[Phrase]) -> Any:
    who = name(state, action.player)
    mine = earliest(state, action.player)
    if mine is None:
        raise RuleError(
            phrase("{player} has no piece on the board to move: roll the D6.", player=who)
        )
    last = state.setup.timeline_length - 1
    if mine.position >= last:
        raise RuleError(
            phrase(
                "{player}'s earliest piece is on {place}, the end of its timeline "
                "(spaces 0-{last}): it cannot move forward, so roll the D6.",
                player=who,
                place=where(mine),
                last=last,
            )
        )
    log.append(
        phrase(
            "{player} moves the earliest piece from {place} forward to {time}.",
            player=who,
            place=where(mine),
            time=mine.position + 1,
        )
    )
    return _land(_moved(state, mine, mine.timeline, mine.position + 1), mine.age, log)


def _roll(state: TimeBastardsState, action: RollD6, log: list[Phrase]) -> Any:
    if not 1 <= action.value <= 6:
        raise RuleError(phrase("A D6 shows 1 to 6, not {value}.", value=action.value))
    who = name(state, action.player)
    if action.source == "app":
        head = phrase("{player} rolls {value}.", player=who, value=action.value)
    else:
        head = phrase("{player} rolls a real die: {value}.", player=who, value=action.value)
    if action.value == 6:
        said = phrase("A 6: {player} may move any piece one space along its timeline.", player=who)
        log.append(joined(" ", (head, said)))
        return replace(state, roll=6)
    if state.supply[action.player] == 0:
        said = phrase(
            "{player} has no counter left in the supply, so the roll does nothing.", player=who
        )
        log.append(joined(" ", (head, said)))
        return state
    mine = earliest(state, action.player)
    if mine is None:
        raise RuleError(
            phrase("{player} has no piece on the board to count back from.", player=who)
        )
    target = mine.position - action.value
    if target < 0:
        said = phrase_n(
            "{n} space before the earliest piece ({place}) is before the start: the new piece "
            "is lost in time and goes back to the supply. Turn over.",
            "{n} spaces before the earliest piece ({place}) is before the start: the new piece "
            "is lost in time and goes back to the supply. Turn over.",
            action.value,
            place=where(mine),
        )
        log.append(joined(" ", (head, said)))
        return state
    said = phrase(
        "The new piece goes at time {time}: {player} picks its timeline.", time=target, player=who
    )
    log.append(joined(" ", (head, said)))
    return replace(state, roll=action.value)


def _place(state: TimeBastardsState, action: PlaceNewPiece, log: list[Phrase]) -> Any:
    _check_timeline(action.timeline)
    assert state.roll is not None
    mine = earliest(state, action.player)
    assert mine is not None
    target = mine.position - state.roll
    age = state.next_age
    new = Piece(age=age, owner=action.player, timeline=action.timeline, position=target)
    supply = list(state.supply)
    supply[action.player] -= 1
    log.append(
        phrase(
            "{player} places a new piece on {place}.",
            player=name(state, action.player),
            place=where(new),
        )
    )
    placed = replace(
        state, pieces=(*state.pieces, new), supply=tuple(supply), next_age=age + 1, roll=None
    )
    return _land(placed, age, log)


def _shift(state: TimeBastardsState, action: ShiftPiece, log: list[Phrase]) -> Any:
    moved = piece(state, action.piece)
    if moved is None:
        raise RuleError(phrase("There is no piece #{age} on the board.", age=action.piece))
    step = 1 if action.direction == "forward" else -1
    target = moved.position + step
    last = state.setup.timeline_length - 1
    if not 0 <= target <= last:
        if step < 0:
            raise RuleError(
                phrase(
                    "The piece on {place} is at the start of its timeline (spaces 0-{last}): "
                    "it cannot move back off the board.",
                    place=where(moved),
                    last=last,
                )
            )
        raise RuleError(
            phrase(
                "The piece on {place} is at the end of its timeline (spaces 0-{last}): "
                "it cannot move forward off the board.",
                place=where(moved),
                last=last,
            )
        )
    whose = name(state, moved.owner)
    if action.direction == "forward":
        log.append(
            phrase(
                "{player} moves {owner}'s piece from {place} forward to {time}.",
                player=name(state, action.player),
                owner=whose,
                place=where(moved),
                time=target,
            )
        )
    else:
        log.append(
            phrase(
                "{player} moves {owner}'s piece from {place} back to {time}.",
                player=name(state, action.player),
                owner=whose,
                place=where(moved),
                time=target,
            )
        )
    return _land(_moved(replace(state, roll=None), moved, moved.timeline, target), moved.age, log)


def _leave(state: TimeBastardsState, action: LeavePieces, log: list[Phrase]) -> Any:
    log.append(phrase("{player} moves no piece.", player=name(state, action.player)))
    return replace(state, roll=None)


def _send(state: TimeBastardsState, action: SendBumpedPiece, log: list[Phrase]) -> Any:
    _check_timeline(action.timeline)
    bumped = piece(state, state.bumped[0])
    assert bumped is not None
    if action.timeline == bumped.timeline:
        raise RuleError(
            phrase(
                "A bumped piece moves to another timeline: pick one other than {timeline}.",
                timeline=ROMAN[bumped.timeline],
            )
        )
    arrival = replace(bumped, timeline=action.timeline)
    log.append(
        phrase(
            "{player} sends the bumped piece from {place} to {arrival}.",
            player=name(state, action.player),
            place=where(bumped),
            arrival=where(arrival),
        )
    )
    rest = replace(state, bumped=state.bumped[1:])
    return _land(_moved(rest, bumped, action.timeline, bumped.position), bumped.age, log)


def _check_timeline(timeline: int) -> None:
    if timeline not in TIMELINES:
        raise RuleError(
            phrase(
                "There is no timeline {timeline}: the board has I, II, III and IV.",
                timeline=timeline,
            )
        )


def _moved(state: TimeBastardsState, old: Piece, timeline: int, position: int) -> Any:
    new = replace(old, timeline=timeline, position=position)
    return replace(state, pieces=tuple(new if p.age == old.age else p for p in state.pieces))


def level_words(who: str, lander: Piece, other: Piece, older: Piece) -> Phrase:
    """Two of a player's pieces level in time, each named by its timeline (or, on one space,
    as the piece that landed and the one already there), and which one leaves."""
    if lander.timeline == other.timeline:
        if older is lander:
            return phrase(
                "{player}'s two pieces meet on {place}, level in time: the older one (the one "
                "that landed) leaves for the supply",
                player=who,
                place=where(other),
            )
        return phrase(
            "{player}'s two pieces meet on {place}, level in time: the older one (the one "
            "already there) leaves for the supply",
            player=who,
            place=where(other),
        )
    return phrase(
        "{player}'s pieces on timelines {landed} and {other} are level at time {time}: the "
        "older one leaves {place} for the supply",
        player=who,
        landed=ROMAN[lander.timeline],
        other=ROMAN[other.timeline],
        time=lander.position,
        place=where(older),
    )


def _land(state: TimeBastardsState, age: int, log: list[Phrase]) -> TimeBastardsState:
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
            phrase(
                "Same space as {owner}'s piece on {place}: {owner} chooses the other timeline "
                "it moves to.",
                owner=whose,
                place=where(bumped),
            )
        )
    return replace(state, bumped=state.bumped + hit)


def _remove(state: TimeBastardsState, gone: Piece) -> TimeBastardsState:
    supply = list(state.supply)
    supply[gone.owner] += 1
    pieces = tuple(p for p in state.pieces if p.age != gone.age)
    return replace(state, pieces=pieces, supply=tuple(supply))


def _score(state: TimeBastardsState, owner: int, timeline: int, log: list[Phrase]) -> Any:
    scoring = track(state, owner)
    holder = phrase("the team") if state.setup.mode == "coop" else name(state, owner)
    if timeline in state.achievements[scoring]:
        log[-1] = phrase(
            "{meeting}; {holder} already holds achievement {timeline}, so no new one.",
            meeting=log[-1],
            holder=holder,
            timeline=ROMAN[timeline],
        )
        return state
    log[-1] = phrase(
        "{meeting}; {holder} scores achievement {timeline}.",
        meeting=log[-1],
        holder=holder,
        timeline=ROMAN[timeline],
    )
    achievements = list(state.achievements)
    achievements[scoring] = tuple(sorted((*achievements[scoring], timeline)))
    return replace(state, achievements=tuple(achievements))


def _end_turn(state: TimeBastardsState, log: list[Phrase]) -> TimeBastardsState:
    """Pass the turn; a new round advances the clock; the last round's end ends the game."""
    following = (state.turn + 1) % len(state.setup.players)
    if following != 0:
        return replace(state, turn=following, roll=None)
    if state.round == total_rounds(state.setup):
        log.append(phrase("The clock has reached the end of its track: the game is over."))
        return replace(state, finished=True, roll=None)
    state = replace(state, round=state.round + 1, turn=0, roll=None)
    log.append(_clock_line(state))
    return state


def _clock_line(state: TimeBastardsState) -> Phrase:
    """The clock's move at the start of a round, and the marker it reaches."""
    second = lap(state) == 2 and hour(state) == 1
    last = state.round == total_rounds(state.setup)
    values = {"round": state.round, "hour": hour(state)}
    if second and last:
        return phrase(
            "Round {round}: the clock moves to hour {hour} on the second marker; the last "
            "marker reaches the end, so this is the last round.",
            **values,
        )
    if second:
        return phrase(
            "Round {round}: the clock moves to hour {hour} on the second marker.", **values
        )
    if last:
        return phrase(
            "Round {round}: the clock moves to hour {hour}; the last marker reaches the end, "
            "so this is the last round.",
            **values,
        )
    if hour(state) == HOURS_PER_LAP:
        return phrase(
            "Round {round}: the clock moves to hour {hour}; the first marker reaches the end "
            "and a second marker starts at X.",
            **values,
        )
    return phrase("Round {round}: the clock moves to hour {hour}.", **values)


_HANDLERS: dict[type, Handler] = {
    MoveEarliest: _move_earliest,
    RollD6: _roll,
    PlaceNewPiece: _place,
    ShiftPiece: _shift,
    LeavePieces: _leave,
    SendBumpedPiece: _send,
}

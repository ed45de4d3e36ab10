"""Time Bastards data: the setup, the state, the actions, and questions asked of a state.

Timelines are numbered 1-4 (printed I-IV); position 0 is the start of a timeline, nearest X.
A piece's `age` is the order it was placed on the board: the smaller, the older.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.phrases import Phrase, phrase

TIMELINES: tuple[int, ...] = (1, 2, 3, 4)
"""The four timelines, printed I-IV on the board."""
ROMAN: dict[int, str] = {1: "I", 2: "II", 3: "III", 4: "IV"}
PIECES_PER_PLAYER = 4
"""Each traveller owns four counters: on the board or in the supply."""
HOURS_PER_LAP = 12
"""The clock track runs from X through 12 hours."""
MIN_LENGTH = 4
MAX_LENGTH = 15
DEFAULT_LENGTH = 10
"""Spaces per timeline unless the players set their printed board's count."""
MAX_NAME = 20

Colour = Literal["red", "blue", "green", "yellow", "magenta", "cyan"]
COLOURS: tuple[Colour, ...] = ("red", "blue", "green", "yellow", "magenta", "cyan")
COLOUR_NAMES: dict[str, Phrase] = {
    "red": phrase("red"),
    "blue": phrase("blue"),
    "green": phrase("green"),
    "yellow": phrase("yellow"),
    "magenta": phrase("magenta"),
    "cyan": phrase("cyan"),
}
"""Each counter colour in words (the save keeps the English id)."""
Mode = Literal["duel", "coop"]
Direction = Literal["forward", "back"]
RollSource = Literal["app", "physical"]


@dataclass(frozen=True)
class Traveller:
    """One player as chosen at setup."""

    name: str
    colour: Colour
    start: int = 1
    """The timeline (1-4) whose start holds this player's first piece."""


@dataclass(frozen=True)
class BoardSettings:
    """What players read off their printed board once; remembered between games."""

    timeline_length: int = DEFAULT_LENGTH
    """Spaces on each timeline, the start included."""


@dataclass(frozen=True)
class TimeBastardsSetup:
    """Chosen before play: the two travellers in turn order, duel or co-op, the board."""

    players: tuple[Traveller, ...] = (
        Traveller("Red", "red", 1),
        Traveller("Blue", "blue", 2),
    )
    mode: Mode = "duel"
    """`duel`: two clock laps, one scoring track each. `coop`: one lap, one shared track."""
    timeline_length: int = DEFAULT_LENGTH


@dataclass(frozen=True)
class Piece:
    """A counter on a timeline."""

    age: int
    """The order it was placed (1 = the first piece of the game); smaller is older."""
    owner: int
    """Index of the owning player in the setup."""
    timeline: int
    position: int
    """Spaces from the start of its timeline (0 = the start)."""


@dataclass(frozen=True)
class TimeBastardsState:
    """Everything the app keeps for a game in play."""

    setup: TimeBastardsSetup
    pieces: tuple[Piece, ...]
    supply: tuple[int, ...]
    """Counters each player still holds off the board."""
    achievements: tuple[tuple[int, ...], ...]
    """Timelines held on each scoring track (one track per player; co-op: one shared track)."""
    next_age: int
    """The age the next placed piece gets."""
    round: int = 1
    """The round in play; the clock advanced to it at the start of the round."""
    turn: int = 0
    """Index of the player whose turn it is."""
    roll: int | None = None
    """A D6 result waiting for the player's choice (a 1-5 placement or a 6 move)."""
    bumped: tuple[int, ...] = ()
    """Ages of pieces knocked off their space whose owners must pick another timeline."""
    finished: bool = False
    events: tuple[str, ...] = ()
    """What the last action did, in words (the log line)."""


@dataclass(frozen=True)
class MoveEarliest:
    """Move your earliest piece forward one space."""

    player: int


@dataclass(frozen=True)
class RollD6:
    """The D6 for a turn, rolled by the app or read off a real die."""

    player: int
    value: int
    source: RollSource = "app"


@dataclass(frozen=True)
class PlaceNewPiece:
    """After a 1-5: the timeline that gets the new piece."""

    player: int
    timeline: int


@dataclass(frozen=True)
class ShiftPiece:
    """After a 6: move one piece (any owner) one space along its timeline."""

    player: int
    piece: int
    """The age of the piece to move."""
    direction: Direction


@dataclass(frozen=True)
class LeavePieces:
    """After a 6: move nothing (the rule says you *may* move a piece)."""

    player: int


@dataclass(frozen=True)
class SendBumpedPiece:
    """The owner of a bumped piece picks the timeline it moves to, at the same time."""

    player: int
    timeline: int


Action = MoveEarliest | RollD6 | PlaceNewPiece | ShiftPiece | LeavePieces | SendBumpedPiece
ACTION_TYPES: tuple[type, ...] = (
    MoveEarliest,
    RollD6,
    PlaceNewPiece,
    ShiftPiece,
    LeavePieces,
    SendBumpedPiece,
)


def laps(setup: TimeBastardsSetup) -> int:
    """Clock laps in the game: two in the duel (24 hours), one in co-op."""
    return 2 if setup.mode == "duel" else 1


def total_rounds(setup: TimeBastardsSetup) -> int:
    """Rounds in the game: one per hour on the clock."""
    return HOURS_PER_LAP * laps(setup)


def hour(state: TimeBastardsState) -> int:
    """The hour (1-12) of the marker now moving."""
    return (state.round - 1) % HOURS_PER_LAP + 1


def lap(state: TimeBastardsState) -> int:
    """Which marker is moving: 1 for the first, 2 for the second."""
    return (state.round - 1) // HOURS_PER_LAP + 1


def name(state: TimeBastardsState, player: int) -> str:
    return state.setup.players[player].name


def track(state: TimeBastardsState, player: int) -> int:
    """The scoring track a player's achievements go on (co-op shares track 0)."""
    return 0 if state.setup.mode == "coop" else player


def held(state: TimeBastardsState, player: int) -> tuple[int, ...]:
    """Timelines whose achievement the player (or, in co-op, the team) holds."""
    return state.achievements[track(state, player)]


def pieces_of(state: TimeBastardsState, player: int) -> tuple[Piece, ...]:
    """A player's pieces on the board, oldest first."""
    return tuple(sorted((p for p in state.pieces if p.owner == player), key=lambda p: p.age))


def earliest(state: TimeBastardsState, player: int) -> Piece | None:
    """The player's piece nearest X (lowest position); the older one if two are level."""
    mine = pieces_of(state, player)
    return min(mine, key=lambda p: (p.position, p.age)) if mine else None


def piece(state: TimeBastardsState, age: int) -> Piece | None:
    """The piece on the board with this age, if any."""
    return next((p for p in state.pieces if p.age == age), None)


def rank(state: TimeBastardsState, target: Piece) -> int:
    """1 for the owner's oldest piece on the board, 2 for the next, and so on."""
    return [p.age for p in pieces_of(state, target.owner)].index(target.age) + 1


def where(target: Piece) -> Phrase:
    """A piece's place in words: `II at 3`."""
    # TRANSLATORS: a piece's place: its timeline (I-IV) and its time on it, "II at 3"
    return phrase("{timeline} at {time}", timeline=ROMAN[target.timeline], time=target.position)


def deciding(state: TimeBastardsState) -> int:
    """The player who must act now: a bumped piece's owner, else the player whose turn it is."""
    if state.bumped:
        bumped = piece(state, state.bumped[0])
        if bumped is not None:
            return bumped.owner
    return state.turn

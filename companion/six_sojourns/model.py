"""Six Sojourns: the game's vocabulary as data, what the players enter at the end of a game.

A `Sheet` is the one input of the scoring engine: either a score pad (numbers per player) or a
board (what stands on every space, plus each player's icons, coins and objective cards).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from companion.phrases import Phrase, phrase

TRADES: tuple[str, ...] = (
    "cooking",
    "carpentry",
    "sewing",
    "shoe-making",
    "art",
    "smithing",
    "jewelry",
)
"""The seven trades, in the order of the printed score pad."""

EXPANSIONS: dict[str, str] = {
    "places": "Places",
    "trades-tokens": "Trades Tokens",
    "specialties": "Specialties",
    "upgrades": "Upgrades",
    "sea-serpents": "Sea Serpents",
    "values": "Values",
    "feuds": "Feuds",
    "fierce-feuds": "Fierce Feuds",
    "exploration": "Exploration",
    "mountains": "Mountains",
    "shrines": "Shrines",
    "airships": "Airships",
    "volcano": "Volcano",
}
"""Expansion id (as in board files) -> name as printed on the cards."""

PIECES_PER_COLOUR: dict[str, int] = {"people": 35, "boats": 12, "houses": 8, "towers": 3}
"""One colour's wooden pieces (rulebook, Components)."""

RULES_REVISION = 3
"""The newest revision of the app's Six Sojourns rules. 1: as first released. 2: switching between
the score pad and the board never counts a trades token twice (`ScoreBy.tokens`). 3: a count of a
trade's icons above `MAX_TRADE_ICONS` is refused. A save replays under the revision it records
(docs/rules-notes.md)."""

START_COINS = 12
CARDS_EACH = 9
CARD_PRICES: tuple[int, ...] = (0, 1, 2, 3, 4)
UPGRADE_TOKENS = 10
UPGRADES_PER_TRADE = 2
UPGRADE_RANGE = 9
"""A typed upgrade token value must be between -9 and +9 and not 0."""
SERPENT_TOKENS = 8
MOUNTAIN_TOKENS = 8
SHRINES_EACH = 3
TRADE_TOKENS_EACH = 2
FIRST_VP = 4
SECOND_VP = 7
MAX_THRESHOLD = 99
"""The most icons a trade's threshold may ask for (`threshold_problem`)."""
MAX_TRADE_ICONS = MAX_THRESHOLD
"""The most icons of one trade a player's count may say (rules revision 3). The rulebook prints
no ceiling (9 cards each, "1 or more trade icons" on each); no threshold may ask for more than
`MAX_THRESHOLD`, so a bigger count scores nothing more and is a slip of the keys (225 typed for
2, 2 and 5 meant for three cells). A later revision that changes it leaves the thresholds be."""


@dataclass(frozen=True)
class Threshold:
    """The icons a trade needs for 4 VP (`first`) and for 7 VP (`second`)."""

    first: int
    second: int


@dataclass(frozen=True)
class Thresholds:
    """Trade thresholds as printed on the board (DESIGN.md); editable in settings."""

    cooking: Threshold = Threshold(5, 9)
    carpentry: Threshold = Threshold(5, 8)
    sewing: Threshold = Threshold(5, 7)
    shoe_making: Threshold = Threshold(4, 6)
    art: Threshold = Threshold(4, 5)
    smithing: Threshold = Threshold(3, 5)
    jewelry: Threshold = Threshold(3, 4)

    def of(self, trade: str) -> Threshold:
        """The threshold of a trade by its name (`shoe-making`, `cooking` ...)."""
        value: Threshold = getattr(self, trade.replace("-", "_"))
        return value


DEFAULT_THRESHOLDS = Thresholds()


def threshold_problem(thresholds: Thresholds) -> Phrase | None:
    """Why these thresholds cannot be used, or None: each needs 1 <= first < second <= 99
    (`MAX_THRESHOLD`)."""
    for trade in TRADES:
        t = thresholds.of(trade)
        if not 1 <= t.first < t.second <= MAX_THRESHOLD:
            return phrase(
                "{trade}: the 4 VP threshold ({first}) must be at least 1 and below "
                "the 7 VP threshold ({second}), at most {most}",
                trade=trade,
                first=t.first,
                second=t.second,
                most=MAX_THRESHOLD,
            )
    return None


@dataclass(frozen=True)
class Pieces:
    """One player's pieces on one space."""

    people: int = 0
    boats: int = 0
    houses: int = 0
    tower: bool = False
    """A tower locks control of its space for its owner."""

    @property
    def strength(self) -> int:
        """Control strength: people + boats + 2 per house (DESIGN.md)."""
        return self.people + self.boats + 2 * self.houses

    @property
    def empty(self) -> bool:
        return not (self.people or self.boats or self.houses or self.tower)


@dataclass(frozen=True)
class Space:
    """One space of the map and everything on it at the end of the game."""

    name: str
    island: str = ""
    """The island a land space belongs to; empty for a sea space."""
    sea: bool = False
    landmark: str = ""
    """The pictured landmark (Places objectives name it)."""
    mountain: bool = False
    shrines: int = 0
    serpents: int = 0
    trade_token: str = ""
    """The trade of the trades token lying here, if any."""
    lava: int = 0
    """Volcano lava: counts as a neutral player's strength."""
    pieces: dict[str, Pieces] = field(default_factory=dict)
    """Player name -> that player's pieces here."""


ObjectiveKind = Literal["houses", "trade", "trades", "place", "islands", "vp"]


@dataclass(frozen=True)
class Objective:
    """An objective card, all or nothing: `vp` when the condition holds, else 0."""

    kind: ObjectiveKind
    vp: int
    at_least: int = 0
    """The N of "houses >= N", "icons >= N", "islands >= N"."""
    trades: tuple[str, ...] = ()
    """The trade(s) counted by a `trade` / `trades` (Specialties) objective."""
    place: str = ""
    """The landmark a Places objective asks to control."""


PadField = Literal["spaces", "islands", "objective_vp", "expansion_vp"]
PAD_FIELDS: tuple[PadField, ...] = ("spaces", "islands", "objective_vp", "expansion_vp")


@dataclass(frozen=True)
class PlayerSheet:
    """What one player reports: icons, coins and objectives; pad numbers in score-pad mode."""

    name: str
    coins: int = START_COINS
    trades: dict[str, int] = field(default_factory=dict)
    """Trade -> icons on cards and explore tokens (trades tokens on the board come on top)."""
    objectives: tuple[Objective, ...] = ()
    spaces: int = 0
    """Score pad: VP for controlled spaces."""
    islands: int = 0
    """Score pad: VP for islands."""
    objective_vp: int = 0
    """Score pad: VP from objective cards."""
    expansion_vp: int = 0
    """Score pad: VP from expansions (serpents, shrines, mountains, feuds, values ...)."""

    def icons(self, trade: str) -> int:
        return self.trades.get(trade, 0)


@dataclass(frozen=True)
class Sheet:
    """The scoring engine's input: a score pad (`pad`) or a board with its spaces."""

    players: tuple[PlayerSheet, ...]
    expansions: tuple[str, ...] = ()
    upgrades: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """Trade -> printed values of the upgrade tokens beside it."""
    spaces: tuple[Space, ...] = ()
    pad: bool = True
    """True: the pad numbers are scored; False: the board is."""

    def has(self, expansion: str) -> bool:
        return expansion in self.expansions

    def player(self, name: str) -> PlayerSheet | None:
        for player in self.players:
            if player.name == name:
                return player
        return None


def towers_kept(seat: int, players: int) -> int:
    """Towers kept by the player in seat `seat` (1-based) of `players`: one per later player."""
    return players - seat

"""Six Sojourns state and actions: what is kept between entries, and every entry a player makes.

Entries made at the end (a space's pieces, a player's icons, an upgrade token) are actions like
the turn tracker's steps, so undo, redo and autosave treat them all alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from companion.six_sojourns.model import (
    CARDS_EACH,
    PAD_FIELDS,
    RULES_REVISION,
    TRADES,
    Objective,
    Sheet,
    Space,
    Thresholds,
)
from companion.six_sojourns.setup import SojournsSetup

COUNTS: tuple[str, ...] = ("coins", *TRADES, *PAD_FIELDS)
"""What `EnterCount` may set for a player."""


@dataclass(frozen=True)
class SojournResult:
    """A finished sojourn of a campaign: its totals, coins and winners."""

    sojourn: int
    map: str
    totals: dict[str, int]
    coins: dict[str, int]
    winners: tuple[str, ...]


@dataclass(frozen=True)
class SojournsState:
    """The setup, the current sojourn's sheet, the turn tracker and the finished sojourns."""

    setup: SojournsSetup
    sojourn: int
    """0 for a single game, else the campaign sojourn being played."""
    map: str
    thresholds: Thresholds
    sheet: Sheet
    cards_taken: int = 0
    """Cards bought this game, all players together (each buys 1 per turn, in turn order)."""
    serpents_placed: int = 0
    shrines_placed: dict[str, int] = field(default_factory=dict)
    results: tuple[SojournResult, ...] = ()
    finished: bool = False
    rules: int = RULES_REVISION
    """The revision of the rules this game is played under (set once, at the start)."""

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def turn_player(self) -> str:
        """Whose turn it is in the tracker."""
        return self.players[self.cards_taken % len(self.players)]

    @property
    def turn_number(self) -> int:
        return self.cards_taken // len(self.players) + 1

    @property
    def cards_over(self) -> bool:
        return self.cards_taken >= CARDS_EACH * len(self.players)


@dataclass(frozen=True)
class TakeCard:
    """The player whose turn it is buys the card in the slot costing `cost` (0-4)."""

    cost: int


@dataclass(frozen=True)
class AdjustCoins:
    """Coins gained (positive) or paid to the supply (negative) by a card or an explore token."""

    player: str
    delta: int


@dataclass(frozen=True)
class PayCoins:
    """One player pays another (a boat crossing costs 1 coin per move)."""

    payer: str
    payee: str
    amount: int = 1


@dataclass(frozen=True)
class PlaceSerpent:
    """A sea serpent placed by `player`; everyone in `boats_there` pays them 1 coin if they can."""

    player: str
    boats_there: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlaceShrine:
    """`player` builds one of their 3 shrines."""

    player: str


@dataclass(frozen=True)
class PlaceUpgrade:
    """An upgrade token with its printed `value` beside a trade (for everyone)."""

    trade: str
    value: int


@dataclass(frozen=True)
class RemoveUpgrade:
    """Take back an upgrade token entered by mistake."""

    trade: str
    value: int


@dataclass(frozen=True)
class EnterCount:
    """A number of the sheet: a player's coins, icons of a trade, or a score-pad category."""

    player: str
    what: str
    value: int


@dataclass(frozen=True)
class SetObjectives:
    """A player's objective cards, replacing the ones entered before."""

    player: str
    objectives: tuple[Objective, ...]


@dataclass(frozen=True)
class EnterSpace:
    """A space of the board with what is on it; `replaces` names the entry being edited."""

    space: Space
    replaces: str = ""


@dataclass(frozen=True)
class RemoveSpace:
    """Delete a space entered by mistake."""

    name: str


ScoreMode = Literal["pad", "board"]
TokenChoice = Literal["", "convert", "keep"]
"""What a switch between pad and board does with the trades tokens the board gives."""


@dataclass(frozen=True)
class ScoreBy:
    """Score from the score pad's numbers or from the board.

    The pad's trade icons count every icon, trades tokens included; the board's count those on
    cards and explore tokens, its tokens coming on top. From rules revision 2 a switch while the
    board gives a player a trades token says which: `convert` moves the tokens between the
    icons typed and the board, `keep` leaves the icons as typed (revision 1 had no choice:
    the icons stayed, so a token typed for the pad counted twice on the board)."""

    mode: ScoreMode
    tokens: TokenChoice = ""


@dataclass(frozen=True)
class SetThresholds:
    """The trade thresholds printed on this table's board."""

    thresholds: Thresholds


@dataclass(frozen=True)
class CloseSojourn:
    """The game is scored: record it; in a campaign go on to the next sojourn on `next_map`."""

    next_map: Literal["", "A", "B"] = ""


ACTIONS: tuple[type, ...] = (
    TakeCard,
    AdjustCoins,
    PayCoins,
    PlaceSerpent,
    PlaceShrine,
    PlaceUpgrade,
    RemoveUpgrade,
    EnterCount,
    SetObjectives,
    EnterSpace,
    RemoveSpace,
    ScoreBy,
    SetThresholds,
    CloseSojourn,
)

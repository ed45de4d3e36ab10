"""Sojourn's vocabulary: the Traveler card, timestream cards, destination cards, the timeline.

Everything here is a frozen dataclass or an enum so a game can be saved, replayed and undone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Literal

from companion.phrases import Phrase, joined, phrase

SQUARES = 7
"""Red (Health) and blue (Temporal Charge) squares on the Traveler card."""
FRAGMENTS_NEEDED = 4
"""Green squares on the Traveler card: the Time Fragments needed to travel home."""
STARTING_HAND = 5
"""Timestream cards drawn at setup."""
RISKS = (0, 25, 50, 75, 90)
"""The five RISK icons printed on destination cards."""
MAX_PRINTED = 9
"""Largest DROP, COST, DMG or GAIN accepted when a card is typed in (a typo guard)."""
RULES_REVISION = 3
"""The newest revision of the app's Sojourn rules. 1: as first released. 2: fragments beyond the
four needed stay at their destination (revision 1 emptied it). 3: a trip to a RISK 0% destination
asks for no roll (every roll meets or beats 0). A save replays under the revision it records
(docs/rules-notes.md)."""
JURASSIC = "Jurassic Period"
JURASSIC_YEAR = -150_000_000


class Kind(Enum):
    """The five kinds of timestream card."""

    BANDAGE = "bandage"
    FRACTURE = "fracture"
    LOOP = "loop"
    PARADOX = "paradox"
    BATTERY = "battery"

    @property
    def label(self) -> Phrase:
        """The name printed on the card."""
        return KIND_LABELS[self]

    @property
    def key(self) -> str:
        """The letter that stands for this kind when cards are typed in."""
        return "t" if self is Kind.BATTERY else self.value[0]


KINDS: tuple[Kind, ...] = tuple(Kind)
KIND_LABELS: dict[Kind, Phrase] = {
    # TRANSLATORS: a timestream card of Sojourn, as printed on it
    Kind.BANDAGE: phrase("Bandage"),
    # TRANSLATORS: a timestream card of Sojourn, as printed on it
    Kind.FRACTURE: phrase("Fracture"),
    # TRANSLATORS: a timestream card of Sojourn, as printed on it
    Kind.LOOP: phrase("Loop"),
    # TRANSLATORS: a timestream card of Sojourn, as printed on it
    Kind.PARADOX: phrase("Paradox"),
    # TRANSLATORS: a timestream card of Sojourn, as printed on it
    Kind.BATTERY: phrase("Temporal Battery"),
}


@dataclass(frozen=True)
class Cards:
    """A count of timestream cards by kind: a hand, the deck, the discard pile."""

    bandage: int = 0
    fracture: int = 0
    loop: int = 0
    paradox: int = 0
    battery: int = 0

    def count(self, kind: Kind) -> int:
        value: int = getattr(self, kind.value)
        return value

    @property
    def total(self) -> int:
        return sum(self.count(kind) for kind in KINDS)

    def plus(self, kind: Kind, amount: int = 1) -> Cards:
        counts = {k.value: self.count(k) for k in KINDS}
        counts[kind.value] += amount
        return Cards(**counts)

    def add(self, other: Cards) -> Cards:
        return Cards(**{k.value: self.count(k) + other.count(k) for k in KINDS})

    @classmethod
    def of(cls, kinds: tuple[Kind, ...]) -> Cards:
        """The counts of a list of cards."""
        cards = cls()
        for kind in kinds:
            cards = cards.plus(kind)
        return cards

    def words(self) -> Phrase:
        """`2 Loop, 1 Bandage`, or `no cards`."""
        parts = [
            # TRANSLATORS: a count of timestream cards of one kind: "2 Loop"
            phrase("{n} {card}", n=self.count(k), card=k.label)
            for k in KINDS
            if self.count(k)
        ]
        return joined(", ", parts) if parts else phrase("no cards")


FULL_DECK = Cards(5, 5, 5, 5, 5)
"""The timestream deck by default: 5 of each kind (DESIGN.md)."""


@dataclass(frozen=True)
class HistoricalDate:
    """When a destination happened; negative years are BC. Month and day are 0 when not given."""

    year: int
    month: int = 0
    day: int = 0

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.year, self.month, self.day)

    def __str__(self) -> str:
        return str(self.words())

    def words(self) -> str:
        """The date as a player reads it: `65 million BC`, `44 BC`, `1941-12-07` (a year is
        never grouped by thousands: given as text)."""
        if self.year < 0:
            years = -self.year
            if years >= 1_000_000 and years % 100_000 == 0:
                millions = f"{years / 1_000_000:g}"
                return phrase("{millions} million BC", millions=millions)
            return phrase("{years} BC", years=str(years))
        if self.month and self.day:
            return f"{self.year:04d}-{self.month:02d}-{self.day:02d}"
        if self.month:
            return f"{self.year:04d}-{self.month:02d}"
        return str(self.year)


_ISO = re.compile(r"^(\d{1,4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$")
_ERA = re.compile(r"^(\d+(?:\.\d+)?)\s*(million|m)?\s*(bc|bce|ad|ce)?$")


def parse_date(text: str) -> HistoricalDate:
    """Read a date as typed: `1941`, `1941-12-07`, `44 BC`, `-44`, `65 million BC`.

    Raises `ValueError` with a message for the player.
    """
    cleaned = " ".join(text.strip().lower().replace(",", "").split())
    if not cleaned:
        raise ValueError(
            phrase("The date is missing: type a year such as 1941, 44 BC or 1941-12-07.")
        )
    if cleaned.startswith("-") and cleaned[1:].isdigit():
        return HistoricalDate(-int(cleaned[1:]))
    iso = _ISO.match(cleaned)
    if iso:
        year, month, day = int(iso[1]), int(iso[2] or 0), int(iso[3] or 0)
        if iso[2] and not 1 <= month <= 12:
            raise ValueError(phrase("'{typed}': the month must be 1 to 12.", typed=text))
        if iso[3] and not 1 <= day <= 31:
            raise ValueError(phrase("'{typed}': the day must be 1 to 31.", typed=text))
        return HistoricalDate(year, month, day)
    era = _ERA.match(cleaned)
    if era and (era[2] or era[3]):
        amount = float(era[1]) * (1_000_000 if era[2] else 1)
        if amount != int(amount):
            raise ValueError(phrase("'{typed}': give whole years.", typed=text))
        bc = era[3] in ("bc", "bce") or (era[2] is not None and era[3] is None)
        return HistoricalDate(-int(amount) if bc else int(amount))
    raise ValueError(
        phrase(
            "'{typed}' is not a date: type 1941, 1941-12-07, 44 BC or 65 million BC.", typed=text
        )
    )


@dataclass(frozen=True)
class DestinationCard:
    """What a destination card shows, as the player typed it."""

    name: str
    date: HistoricalDate
    drop: int | None
    """Timestream cards to DROP; None for `*` (the card's text says which)."""
    cost: int
    """Temporal Charge to pay."""
    risk: int
    """RISK percentage: 0, 25, 50, 75 or 90."""
    dmg: int
    """Health lost when the RISK roll fails."""
    gain: int
    """Timestream cards drawn after the roll, whatever it showed."""
    drop_text: str = ""
    """For a `*` DROP: the text under the icons saying which cards to drop."""

    @property
    def drop_label(self) -> str:
        return "*" if self.drop is None else str(self.drop)


JURASSIC_CARD = DestinationCard(JURASSIC, HistoricalDate(JURASSIC_YEAR), 0, 0, 0, 0, 0)
"""The start card; it has no travel icons, so it is never a trip's target."""


@dataclass(frozen=True)
class Destination:
    """A card on the table: what it shows, where it lies, and the fragments stacked under it."""

    card: DestinationCard
    row: int
    """0 is the Jurassic Period's row; each new timeline row is one higher."""
    column: int
    """0 is the Jurassic Period's column; negative to its left."""
    fragments: int = 0
    """Time Fragment cards under it that are still to be collected."""

    @property
    def name(self) -> str:
        return self.card.name


Side = Literal["left", "right"]
OpenReason = Literal["setup", "trip", "charge", "fracture"]
TripKind = Literal["travel", "paradox", "loop"]
"""A trip paid with DROP and COST, with a Paradox card, or with a Loop card."""


@dataclass(frozen=True)
class DrawCards:
    """Waiting for the timestream cards just drawn to be typed in."""

    count: int
    reason: Literal["hand", "gain"]


@dataclass(frozen=True)
class OpenNext:
    """Waiting for the destination card drawn (Time Fragment cards first, if any)."""

    reason: OpenReason
    fragments: int = 0
    """Time Fragment cards drawn so far, to stack under the destination."""


@dataclass(frozen=True)
class PlaceCard:
    """The spot above the current card is taken: waiting for left or right of it."""

    card: DestinationCard
    fragments: int
    reason: OpenReason


@dataclass(frozen=True)
class RiskRoll:
    """Waiting for the percentile dice at the destination just reached."""

    destination: int


Pending = DrawCards | OpenNext | PlaceCard | RiskRoll


@dataclass(frozen=True)
class Trip:
    """What the current trip has done so far, for its summary line in the log."""

    destination: int
    how: TripKind
    dropped: int = 0
    paid: int = 0
    collected: int = 0
    roll: int | None = None
    damage: int = 0
    gained: tuple[Kind, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """How the game ended and why."""

    status: Literal["won", "lost"]
    reason: str


@dataclass(frozen=True)
class SojournSetup:
    """Chosen before play: how the percentile dice are read and what the timestream deck holds."""

    read_one_to_hundred: bool = False
    """False: dice read 00-99 ("00"+"0" = 0). True: 1-100 ("00"+"0" = 100)."""
    deck: Cards = FULL_DECK
    """The timestream deck's composition before the starting hand is drawn."""
    traveller: str = ""
    """Who plays the run, for the statistics ("" in saves from before it was asked: one unnamed
    traveller)."""


@dataclass(frozen=True)
class SojournState:
    """The Traveler card, the timeline, the hand and decks, and what the game waits for."""

    setup: SojournSetup
    health: int
    charge: int
    fragments: int
    hand: Cards
    deck: Cards
    """Timestream cards still in the deck."""
    discard: Cards
    """Timestream cards played or dropped."""
    timeline: tuple[Destination, ...]
    """Index 0 is the Jurassic Period; the others in the order they were opened."""
    position: int
    """Index in `timeline` of the card under the traveller's marker."""
    pending: tuple[Pending, ...] = ()
    """Steps still to answer, the first one now; nothing else is accepted meanwhile."""
    trip: Trip | None = None
    destination_deck_empty: bool = False
    outcome: Outcome | None = None
    rules: int = RULES_REVISION
    """The revision of the rules this run is played under (set once, at the start)."""

    @property
    def here(self) -> Destination:
        return self.timeline[self.position]

    @property
    def waiting(self) -> Pending | None:
        """The decision the game waits for now, if any."""
        return self.pending[0] if self.pending else None

"""What a Sojourn player can do, one frozen dataclass per move (saved by class name)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.sojourn.model import DestinationCard, Kind, Side


@dataclass(frozen=True)
class DrawTimestream:
    """The timestream cards just drawn (the starting hand or a GAIN), typed in by kind."""

    cards: tuple[Kind, ...]


@dataclass(frozen=True)
class DrawDestination:
    """The destination card just drawn from the destination deck, as it reads."""

    card: DestinationCard


@dataclass(frozen=True)
class DrawTimeFragment:
    """A Time Fragment card came off the destination deck; it stacks under the next destination."""


@dataclass(frozen=True)
class DestinationDeckEmpty:
    """The destination deck has no card left to open."""


@dataclass(frozen=True)
class PlaceSide:
    """Where a new destination goes when the spot above the current one is taken."""

    side: Side


@dataclass(frozen=True)
class RollRisk:
    """The percentile dice for a RISK roll, as they fell: tens die (00-90) and units die (0-9)."""

    tens: int
    units: int
    source: Literal["app", "physical"] = "app"


@dataclass(frozen=True)
class Travel:
    """Travel to an open destination, dropping these cards, or with a Paradox card."""

    destination: int
    """Index of the destination in the timeline (0 is the Jurassic Period)."""
    drop: tuple[Kind, ...] = ()
    paradox: bool = False
    """Play Paradox: no DROP and no COST."""


@dataclass(frozen=True)
class LoopTo:
    """Play Loop: travel to a destination earlier in history with no DROP, COST or RISK."""

    destination: int


@dataclass(frozen=True)
class OpenWithCharge:
    """Spend 1 Temporal Charge to open a new destination."""


@dataclass(frozen=True)
class PlayFracture:
    """Play Fracture: open a new destination without paying Temporal Charge."""


@dataclass(frozen=True)
class PlayBandage:
    """Play Bandage: restore 1 Health."""


@dataclass(frozen=True)
class PlayBattery:
    """Play Temporal Battery: restore 1 Temporal Charge."""


@dataclass(frozen=True)
class TravelHome:
    """With 4 Time Fragments, go home to May 20, 2020 using 1 charge or a Paradox card."""

    paradox: bool = False


@dataclass(frozen=True)
class EditDestination:
    """Correct a destination card typed in earlier."""

    destination: int
    card: DestinationCard


ACTION_TYPES: tuple[type, ...] = (
    DrawTimestream,
    DrawDestination,
    DrawTimeFragment,
    DestinationDeckEmpty,
    PlaceSide,
    RollRisk,
    Travel,
    LoopTo,
    OpenWithCharge,
    PlayFracture,
    PlayBandage,
    PlayBattery,
    TravelHome,
    EditDestination,
)

"""Everything the group can tell the app in a Cavendish mission; each is one undoable step.

Class names are written into save files: keep them.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.cavendish.model import Adjustments, Attribute, Receptacle


@dataclass(frozen=True)
class ChooseLocation:
    """Time Captain phase: the captain puts 1 Azrak from their pool on a location."""

    location: str
    """The location's letter or name as the group calls it."""


@dataclass(frozen=True)
class Explore:
    """Discovery phase: take another panorama card (1 Azrak, unless a free action)."""

    agent: Receptacle


@dataclass(frozen=True)
class AttemptTest:
    """A test: 1 Azrak to use the attribute, boosts, supports, then the Destiny card drawn."""

    agent: Receptacle
    attribute: Attribute
    difficulty: int
    destiny: int
    """The modifier on the Destiny card revealed."""
    boosts: int = 0
    supports: tuple[tuple[Receptacle, int], ...] = ()
    """(supporting agent, Azrak spent) pairs."""
    damage: int = 0
    """Damage points the result deals to a group conflict's adversary, as the card says."""
    adversary: str = ""
    """The adversary whose card takes the damage ("": the first one still standing)."""


@dataclass(frozen=True)
class AndCost:
    """An OR/AND card: take both options for 1 Azrak."""

    agent: Receptacle


@dataclass(frozen=True)
class GiveItems:
    """Hand Items to another agent: 1 Azrak in the Discovery phase, free between locations."""

    giver: Receptacle
    receiver: Receptacle
    items: tuple[str, ...]


@dataclass(frozen=True)
class GainAzrak:
    """A card says "gain N": N crystals from the Vortex, never past the starting level."""

    agent: Receptacle
    amount: int


@dataclass(frozen=True)
class LoseAzrak:
    """A card says "lose N": N crystals (as many as the pool holds) to the Vortex."""

    agent: Receptacle
    amount: int


@dataclass(frozen=True)
class TakeFear:
    """Fear tokens onto the Receptacle card; the excess over Confidence onto the location."""

    agent: Receptacle
    count: int


@dataclass(frozen=True)
class DiscardFear:
    """Fear tokens taken off the Receptacle card (back to the supply)."""

    agent: Receptacle
    count: int


@dataclass(frozen=True)
class TakeItem:
    """An Item card taken, with the bonuses printed on it: a green Item (or the agent's Talisman)
    is placed in front of the agent; a yellow or red one is read, resolved and stowed, unless its
    card text keeps it."""

    agent: Receptacle
    name: str
    strength: int = 0
    confidence: int = 0
    dexterity: int = 0
    kind: str = ""
    """`green`, `yellow`, `red` or `talisman`; "" reads the name: from rules revision 4 a name
    starting "Talisman" is the agent's Talisman, anything else a green Item."""
    kept: bool = False
    """A yellow or red Item whose card text says it is not stowed: it stays in front of the
    agent."""


@dataclass(frozen=True)
class StowItem:
    """An Item leaves the agent (stowed or removed from the game)."""

    agent: Receptacle
    name: str


@dataclass(frozen=True)
class Eject:
    """A card ejects an agent from the location until the Between Locations phase."""

    agent: Receptacle


@dataclass(frozen=True)
class PersonalConflict:
    """An agent read a card with the personal conflict icon: their next test resolves it, and
    until then they do nothing else (the rest of the group plays on)."""

    agent: Receptacle


@dataclass(frozen=True)
class AnnounceGroupConflict:
    """A card with the group conflict icon was read: everyone stops; Items swap at no cost."""

    adversary: str = ""
    """The adversary as the group calls it (optional, 0-24 characters)."""


@dataclass(frozen=True)
class BeginGroupConflict:
    """The group conflict begins: no more swapping; every agent attempts one test a turn."""

    order: tuple[Receptacle, ...]
    """The Time Captain's order of attempts: every agent not ejected, once each."""
    life_points: int = 0
    """The adversary's life points from its card (0: not counted, the group says when)."""


@dataclass(frozen=True)
class AddAdversary:
    """Another adversary in the group conflict ("each adversary will have a certain amount of
    life points"): its own life points and damage; the conflict ends when every one is defeated."""

    name: str
    """The adversary as the group calls it (1-24 characters, unlike the others')."""
    life_points: int = 0
    """Its life points from its card (0: not counted, the group says when it is defeated)."""


@dataclass(frozen=True)
class OrderAttempts:
    """The Time Captain sets a new order before a turn of the group conflict ("the above
    procedure is repeated")."""

    order: tuple[Receptacle, ...]
    """The order of attempts for this turn and the next ones: every agent not ejected, once."""


@dataclass(frozen=True)
class EndGroupConflict:
    """By the players' word the adversary is defeated: the adventure resumes."""

    adversary: str = ""
    """One adversary the players' word defeats (the conflict goes on while another stands);
    "": the whole conflict is over."""


@dataclass(frozen=True)
class LeaveLocation:
    """Everyone is in stand by: on to the Between Locations phase."""


@dataclass(frozen=True)
class StandardUpdate:
    """Between Locations: 1 Azrak to the Mission Return card (unless free), the Vortex shared."""

    shares: tuple[int, ...]
    """Crystals each agent takes, in seating order."""
    use_free: bool = True
    """Use an update at no cost if one is left: the group's choice from rules revision 2 (under
    revision 1 one is always used while any is left)."""


@dataclass(frozen=True)
class PassCaptain:
    """The Time Captain passes the deck left: a new round begins."""


@dataclass(frozen=True)
class EmergencyUpdate:
    """Broken link answer: the last crystal to the Mission Return card, the pool refilled."""

    use_free: bool = True
    """Use an update at no cost if one is left (the group's choice from rules revision 2)."""


@dataclass(frozen=True)
class LoseControl:
    """Broken link answer: the last crystal to the Vortex, the agent ejected."""


@dataclass(frozen=True)
class ReshuffleDestiny:
    """The discarded Destiny cards are shuffled back into the deck."""


@dataclass(frozen=True)
class RescueDamien:
    """Epilogue event, recorded when it happens: the group rescued Damien (the end of mission
    removes 1 Azrak from the Mission Return card)."""


@dataclass(frozen=True)
class TakeNote:
    """Epilogue event: an agent takes one of the six handwritten notes (ITEMS 1, 17, 26, 37, 43,
    48), kept in front of them as an Item; all six find the elixir of eternal life."""

    agent: Receptacle
    item: int
    """The note's ITEM number: 1, 17, 26, 37, 43 or 48."""


@dataclass(frozen=True)
class GiveEmerald:
    """Epilogue event: an agent gave the emerald to Anigimas, freeing him (the end of mission adds
    2 Azrak to the Mission Return card)."""

    agent: Receptacle


@dataclass(frozen=True)
class AntonDies:
    """Epilogue event: Anton is dead (the end of mission adds 1 Azrak to the Mission Return
    card)."""


@dataclass(frozen=True)
class EndMission:
    """The epilogue is reached: the four adjustments, then the final score."""

    adjustments: Adjustments | None = None
    """The group's answers to the four questions; left out: the answers the table recorded
    during the mission (the epilogue's events)."""


@dataclass(frozen=True)
class AbandonMission:
    """The group ends the mission early to start a new run: a failure."""


ACTIONS: tuple[type, ...] = (
    ChooseLocation,
    Explore,
    AttemptTest,
    AndCost,
    GiveItems,
    GainAzrak,
    LoseAzrak,
    TakeFear,
    DiscardFear,
    TakeItem,
    StowItem,
    Eject,
    PersonalConflict,
    AnnounceGroupConflict,
    BeginGroupConflict,
    AddAdversary,
    OrderAttempts,
    EndGroupConflict,
    LeaveLocation,
    StandardUpdate,
    PassCaptain,
    EmergencyUpdate,
    LoseControl,
    ReshuffleDestiny,
    RescueDamien,
    TakeNote,
    GiveEmerald,
    AntonDies,
    EndMission,
    AbandonMission,
)
"""Every action `apply` accepts."""

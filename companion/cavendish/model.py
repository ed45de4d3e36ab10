"""Cavendish's data: receptacle cards, the setup, and the state of the Azrak, Fear and Destiny."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from companion.cavendish.saying import both, capitalised
from companion.phrases import phrase

TOTAL_CRYSTALS = 31
"""The box holds 31 Azrak crystals: pools + Vortex + Mission Return + House Plan + box."""

RULES_REVISION = 4
"""The newest revision of the app's Cavendish rules. 1: as first released. 2: the settled rulings
(the final adjustments made on the card in printed order, a loss of control returns the Time
Captain's crystal to the Vortex, a gain is cut to what fits, a free update is the group's choice).
3: conflicts kept whole (a group conflict's turn ends only once everyone in it has attempted, the
mission ends only with no conflict open, an ended mission holds none; a gain into a full pool
is refused). 4: Items as the book keeps them (an Item named "Talisman ..." is the agent's Talisman,
never given; an Item is one card by its ITEM number, "17" and "ITEM 17" alike).
A save replays under the revision it records (docs/rules-notes.md)."""

DESTINY_CARDS = 6
"""The Destiny deck has 6 cards."""

Receptacle = Literal["Anton", "Amy", "Jennifer", "Doug"]
RECEPTACLES: tuple[Receptacle, ...] = ("Anton", "Amy", "Jennifer", "Doug")

Attribute = Literal["strength", "confidence", "dexterity"]
ATTRIBUTES: tuple[Attribute, ...] = ("strength", "confidence", "dexterity")

Phase = Literal["time-captain", "discovery", "between", "over"]
"""The round's three phases; `over` once the mission has ended (finished or failed)."""

PHASE_NAMES: dict[str, str] = {
    "time-captain": phrase("Time Captain phase"),
    "discovery": phrase("Discovery phase"),
    "between": phrase("Between Locations phase"),
    "over": phrase("mission over"),
}

Outcome = Literal["failure", "critical", "success"]


@dataclass(frozen=True)
class ReceptacleCard:
    """The numbers printed on one Receptacle card."""

    starting: int
    """Azrak pool starting level: the pool never holds more."""
    strength: int
    confidence: int
    dexterity: int


@dataclass(frozen=True)
class ReceptacleCards:
    """All four Receptacle cards (unplayed ones still count: their Azrak starts in the Vortex)."""

    anton: ReceptacleCard
    amy: ReceptacleCard
    jennifer: ReceptacleCard
    doug: ReceptacleCard

    def card(self, receptacle: Receptacle) -> ReceptacleCard:
        """The card of a receptacle by its name."""
        card: ReceptacleCard = getattr(self, receptacle.lower())
        return card


@dataclass(frozen=True)
class Seat:
    """One receptacle in play and the player who controls it (a solo player controls two)."""

    receptacle: Receptacle
    player: str


@dataclass(frozen=True)
class CavendishSetup:
    """Chosen once before the mission."""

    players: tuple[str, ...]
    """Player names in seating order (1 to 4)."""
    seats: tuple[Seat, ...]
    """The receptacles in play in seating order; the Time Captain deck passes left along it."""
    cards: ReceptacleCards
    destiny: tuple[int, ...] = ()
    """The Destiny deck's six modifiers if known from an earlier mission, else empty."""


ItemKind = Literal["green", "yellow", "red", "talisman"]
ITEM_KINDS: tuple[ItemKind, ...] = ("green", "yellow", "red", "talisman")
"""The Item cards by colour, and the agent's Talisman card (kept in front like a green Item)."""


@dataclass(frozen=True)
class Item:
    """An Item in front of an agent, with its attribute bonuses (they add up): a green Item, a
    yellow or red one its card text keeps, or the agent's Talisman (never swapped)."""

    name: str
    strength: int = 0
    confidence: int = 0
    dexterity: int = 0
    kind: ItemKind = "green"


@dataclass(frozen=True)
class Agent:
    """One receptacle in play: its Azrak pool, Fear tokens and Items."""

    receptacle: Receptacle
    player: str
    card: ReceptacleCard
    pool: int
    """Azrak crystals in the pool: 0..card.starting (0 only while the link is broken)."""
    fear: int = 0
    """Fear tokens on the Receptacle card: never more than the current Confidence."""
    items: tuple[Item, ...] = ()
    ejected: bool = False
    """Ejected from the location: no actions until the Between Locations phase."""
    lost_control: bool = False
    """Ejected by a loss of control: the group must perform a Standard Update before leaving."""
    free_explore_used: bool = False
    """Two agents: the first Explore of the round is free; True once it has been used."""
    personal_conflict: bool = False
    """A personal conflict card is in front of the agent: only its test until it is resolved."""

    @property
    def starting(self) -> int:
        return self.card.starting

    def attribute(self, name: Attribute) -> int:
        """The attribute's value with the bonuses of every Item held."""
        base: int = getattr(self.card, name)
        bonus: int = sum(getattr(item, name) for item in self.items)
        return base + bonus


@dataclass(frozen=True)
class Location:
    """A location on the House Plan and what lies on its tile."""

    name: str
    azrak: int = 0
    fear: int = 0


@dataclass(frozen=True)
class BrokenLink:
    """An agent spent or lost their last Azrak: Emergency Update or loss of control, asked now."""

    receptacle: Receptacle
    on_location: str = ""
    """Where the last crystal went when it was placed on a location (the Time Captain's choice)."""


@dataclass(frozen=True)
class Adversary:
    """One adversary of a group conflict: its card's life points and the damage placed on it."""

    name: str = ""
    """As the group calls it ("" when not named: only the first may be unnamed)."""
    life_points: int = 0
    """From its card, typed when it comes into the conflict (0: not counted)."""
    damage: int = 0
    """Damage points placed on its card by the tests so far."""
    by_word: bool = False
    """Defeated by the players' word (its card says so, or its life points were not counted)."""

    @property
    def defeated(self) -> bool:
        """ "when an adversary has accumulated damage equal to or greater than their life points"
        (or the players said so)."""
        return self.by_word or 0 < self.life_points <= self.damage

    @property
    def called(self) -> str:
        """Its name, or "the adversary" when not named."""
        return self.name or phrase("the adversary")

    @property
    def called_at_start(self) -> str:
        """The same starting a sentence: "The adversary", a name with its first letter raised."""
        return capitalised(self.name) if self.name else phrase("The adversary")

    @property
    def standing(self) -> str:
        """ "the Ghoul (2 damage of 4 life points)"."""
        if self.life_points:
            return phrase(
                "{adversary} ({damage} damage of {life_points} life points)",
                adversary=self.called,
                damage=self.damage,
                life_points=self.life_points,
            )
        return phrase(
            "{adversary} ({damage} damage, life points not counted)",
            adversary=self.called,
            damage=self.damage,
        )


@dataclass(frozen=True)
class GroupConflict:
    """A group conflict card was read: announced (Items swap freely), then begun (turns of tests
    in the Time Captain's order) until every adversary is defeated (its damage reaches its life
    points, or the group says so) or the group says the conflict is over."""

    adversaries: tuple[Adversary, ...] = (Adversary(),)
    """Each adversary of the conflict, the one announced first; more may join it."""
    begun: bool = False
    order: tuple[Receptacle, ...] = ()
    """The Time Captain's order of attempts, set when the conflict begins."""
    turn: int = 1
    attempted: tuple[Receptacle, ...] = ()
    """Who has attempted a test in this turn, in order."""

    @property
    def adversary(self) -> str:
        """The first adversary's name ("" when not named)."""
        return self.adversaries[0].name

    @property
    def life_points(self) -> int:
        """The adversaries' life points together (one adversary: its own)."""
        return sum(adversary.life_points for adversary in self.adversaries)

    @property
    def damage(self) -> int:
        """The damage placed on every adversary's card so far."""
        return sum(adversary.damage for adversary in self.adversaries)

    @property
    def defeated(self) -> bool:
        """Every adversary is defeated: the conflict ends."""
        return all(adversary.defeated for adversary in self.adversaries)

    @property
    def standing(self) -> tuple[Adversary, ...]:
        """The adversaries not yet defeated, in the order they came."""
        return tuple(adversary for adversary in self.adversaries if not adversary.defeated)

    @property
    def against(self) -> str:
        """The conflict in words: "the group conflict against the Butler (and the Ghoul)"."""
        names = [adversary.name for adversary in self.adversaries if adversary.name]
        if names:
            return phrase("the group conflict against {adversaries}", adversaries=both(names))
        return phrase("the group conflict")

    @property
    def against_at_start(self) -> str:
        """The same words starting a sentence, the adversary's name kept as typed."""
        names = [adversary.name for adversary in self.adversaries if adversary.name]
        if names:
            return phrase("The group conflict against {adversaries}", adversaries=both(names))
        return phrase("The group conflict")


@dataclass(frozen=True)
class DestinyDeck:
    """What the group knows of the six Destiny cards."""

    known: tuple[int, ...] = ()
    """The modifiers known to be in the deck (sorted); all six once the composition is known."""
    discards: tuple[int, ...] = ()
    """The modifiers revealed since the last shuffle, in order."""
    reshuffles: int = 0

    @property
    def complete(self) -> bool:
        return len(self.known) == DESTINY_CARDS


@dataclass(frozen=True)
class ResolvedTest:
    """The last test, kept for the screen and the log."""

    receptacle: Receptacle
    attribute: Attribute
    difficulty: int
    base: int
    boosts: int
    support: int
    destiny: int
    value: int
    outcome: Outcome
    spent: int
    """Crystals spent in all: the tester's (1 unless free, + boosts) and the supporters'."""
    damage: int = 0
    """Damage points the test dealt to a group conflict's adversary, as its card says."""


@dataclass(frozen=True)
class Adjustments:
    """The four end-of-mission questions."""

    damien_rescued: bool = False
    elixir_found: bool = False
    anigimas_freed: bool = False
    anton_dead: bool = False


HANDWRITTEN_NOTES: tuple[int, ...] = (1, 17, 26, 37, 43, 48)
"""The handwritten notes the rulebook names: "assembling the handwritten notes - ITEMS 1, 17, 26,
37, 43, and 48 - and reading the words written in capital letters" finds the elixir."""


@dataclass(frozen=True)
class Epilogue:
    """What the four end-of-mission questions ask, recorded by the table when it happens."""

    damien_rescued: bool = False
    notes: tuple[int, ...] = ()
    """The handwritten notes (their ITEM numbers) taken so far, in the order they were taken."""
    anigimas_freed: bool = False
    """The emerald was given to Anigimas."""
    anton_dead: bool = False

    @property
    def notes_missing(self) -> tuple[int, ...]:
        """The handwritten notes not taken yet, in the rulebook's order."""
        return tuple(note for note in HANDWRITTEN_NOTES if note not in self.notes)

    @property
    def elixir_found(self) -> bool:
        """All six handwritten notes assembled: the words in capital letters can be read."""
        return not self.notes_missing

    def adjustments(self) -> Adjustments:
        """The answers to the four questions as recorded (the group may still change them)."""
        return Adjustments(
            damien_rescued=self.damien_rescued,
            elixir_found=self.elixir_found,
            anigimas_freed=self.anigimas_freed,
            anton_dead=self.anton_dead,
        )


@dataclass(frozen=True)
class Ledger:
    """How the crystals reached the Mission Return card, for the final summary."""

    standard_updates: int = 0
    """Paid Standard Updates (1 crystal each)."""
    emergency_updates: int = 0
    """Paid Emergency Updates (1 crystal each)."""
    free_updates: int = 0
    """Updates at no cost used."""
    losses_of_control: int = 0


@dataclass(frozen=True)
class CavendishState:
    """The whole table as the app counts it."""

    setup: CavendishSetup
    agents: tuple[Agent, ...]
    vortex: int
    box: int
    captain: int
    """Index into `agents` of the Time Captain."""
    free_updates_left: int
    phase: Phase = "time-captain"
    round: int = 1
    mission_return: int = 0
    house_plan: tuple[Location, ...] = ()
    location: str = ""
    """The location the group is visiting ("" before the first one is chosen)."""
    captain_free_used: bool = False
    """Three agents: the Time Captain's first action of the round is free; True once used."""
    updated: bool = False
    """A Standard Update was performed in this Between Locations phase."""
    pending: tuple[BrokenLink, ...] = ()
    """Broken links waiting for their answer, first one first."""
    conflict: GroupConflict | None = None
    """The group conflict announced or under way, if any."""
    ended_conflict: GroupConflict | None = None
    """The last group conflict that ended, as it ended: a late damage is refused naming it."""
    destiny: DestinyDeck = field(default_factory=DestinyDeck)
    last_test: ResolvedTest | None = None
    tests: tuple[ResolvedTest, ...] = ()
    """Every test of the mission so far, oldest first (the last one is `last_test`)."""
    ledger: Ledger = field(default_factory=Ledger)
    outcome: Literal["", "failed", "finished"] = ""
    reason: str = ""
    """Why the mission ended, in words."""
    adjustments: Adjustments | None = None
    epilogue: Epilogue = field(default_factory=Epilogue)
    """The epilogue's events as the table recorded them during the mission."""
    rules: int = RULES_REVISION
    """The revision of the rules this mission is played under (set once, at the start)."""

    @property
    def captain_agent(self) -> Agent:
        return self.agents[self.captain]

    @property
    def house_total(self) -> int:
        return sum(location.azrak for location in self.house_plan)

    @property
    def crystals(self) -> int:
        """Every crystal counted: always 31."""
        pools = sum(agent.pool for agent in self.agents)
        return pools + self.vortex + self.mission_return + self.house_total + self.box

    @property
    def final_score(self) -> int | None:
        """Crystals on the Mission Return card after the adjustments, never below 0."""
        if self.adjustments is None:
            return None
        return adjusted_score(self.mission_return, self.adjustments, self.rules)

    def index(self, receptacle: str) -> int:
        """The position of a receptacle among the agents; -1 when it is not in play."""
        for number, agent in enumerate(self.agents):
            if agent.receptacle == receptacle:
                return number
        return -1


ADJUSTMENTS: tuple[tuple[str, str, int], ...] = (
    ("damien_rescued", phrase("Damien rescued"), -1),
    ("elixir_found", phrase("elixir of eternal life found"), -1),
    ("anigimas_freed", phrase("Anigimas freed"), +2),
    ("anton_dead", phrase("Anton dead"), +1),
)
"""The four end-of-mission adjustments: field, words, crystals added to the Mission Return card."""


def adjustment_moves(
    mission_return: int, adjustments: Adjustments, rules: int
) -> tuple[tuple[str, int], ...]:
    """The adjustments made, in printed order, each with the crystals it adds to the card.

    From revision 2 they are made on the card one after the other, so a removal takes a crystal
    only if one is there; revision 1 adds them up as printed (the score is then kept at 0 or more).
    """
    card = mission_return
    moves: list[tuple[str, int]] = []
    for name, words, delta in ADJUSTMENTS:
        if getattr(adjustments, name):
            moved = max(delta, -card) if rules >= 2 else delta
            card += moved
            moves.append((words, moved))
    return tuple(moves)


def adjusted_score(mission_return: int, adjustments: Adjustments, rules: int) -> int:
    """The final score: the Mission Return card after the adjustments, never below 0."""
    moves = adjustment_moves(mission_return, adjustments, rules)
    return max(0, mission_return + sum(delta for _words, delta in moves))


def free_updates_for(agents: int) -> int:
    """Updates at no cost per mission: 2 with two agents, 1 with three, none with four."""
    return {2: 2, 3: 1}.get(agents, 0)


def support_limit(agents: int) -> tuple[int, int]:
    """(most supporters, most crystals each) in a test: 4 agents (1 each), 3 (one, 2), 2 (3)."""
    if agents == 2:
        return (1, 3)
    if agents == 3:
        return (1, 2)
    return (agents - 1, 1)

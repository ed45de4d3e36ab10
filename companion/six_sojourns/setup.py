"""Six Sojourns setup: players, map, expansions or a campaign sojourn, and the setup checklist."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.core import RuleError
from companion.phrases import Phrase, phrase, phrase_n
from companion.six_sojourns.check import MAX_PLAYERS, check_expansions, check_players
from companion.six_sojourns.model import (
    DEFAULT_THRESHOLDS,
    EXPANSIONS,
    START_COINS,
    PlayerSheet,
    Thresholds,
    threshold_problem,
    towers_kept,
)

MapSide = Literal["A", "B"]


@dataclass(frozen=True)
class Sojourn:
    """One game of the prescribed campaign (rulebook, Six Sojourn Campaign)."""

    number: int
    name: str
    map: MapSide | None
    """The map the sojourn is played on; None for "any map"."""
    expansions: tuple[str, ...]


SOJOURNS: tuple[Sojourn, ...] = (
    Sojourn(1, "Enchanting Sites", "A", ("places",)),
    Sojourn(2, "Learn from the Masters", "B", ("places", "trades-tokens")),
    Sojourn(3, "Golden Age", None, ("trades-tokens", "specialties")),
    Sojourn(4, "Wild Rumors", "B", ("places", "trades-tokens", "upgrades")),
    Sojourn(5, "Unknown Paths", "A", ("places", "exploration", "sea-serpents")),
    Sojourn(
        6,
        "Feuding Families",
        "B",
        ("places", "exploration", "values", "sea-serpents", "feuds"),
    ),
)
"""The six sojourns with their expansion sets; Places A/B means Places on map A/B."""

SETUP_STEPS: dict[str, Phrase] = {
    "places": phrase("Places: shuffle the Places cards of map {map} into the base cards."),
    "trades-tokens": phrase(
        "Trades Tokens: place the 14 tokens in different regions (sea is fine)."
    ),
    "specialties": phrase("Specialties: shuffle the Specialties cards into the base cards."),
    "upgrades": phrase(
        "Upgrades: shuffle the Upgrades cards in; the 10 upgrade tokens beside the board."
    ),
    "sea-serpents": phrase(
        "Sea Serpents: shuffle their cards in; the 8 serpent tokens beside the board."
    ),
    "values": phrase("Values: deal 1 value card face up to each player."),
    "feuds": phrase("Feuds: the feud card near the board, Feuds side up (+1)."),
    "fierce-feuds": phrase("Feuds: the feud card near the board, Fierce Feuds side up (+2)."),
    "exploration": phrase("Exploration: 20 explore tokens face down, 1 per region at most."),
    "mountains": phrase("Mountains: 8 mountain tokens on land spaces, 1 per space at most."),
    "shrines": phrase("Shrines: 3 shrine tokens to each player's supply."),
    "airships": phrase("Airships: the 2 airships on 2 different land spaces."),
    "volcano": phrase("Volcano: set up the volcano components (rulebook pages 12-15)."),
}
"""The setup step of each expansion, from the rulebook's Setup."""


@dataclass(frozen=True)
class SojournsSetup:
    """What is chosen before the first card is bought."""

    players: tuple[str, ...] = ("Ana", "Ben")
    """Player names in turn order: seat 1 plays first."""
    map: MapSide = "A"
    expansions: tuple[str, ...] = ()
    sojourn: int = 0
    """0: expansions of the players' choosing; 1-6: that campaign sojourn's preset."""
    campaign: bool = False
    """Play the six sojourns in a row and add up the totals (starts with sojourn 1)."""
    thresholds: Thresholds = DEFAULT_THRESHOLDS


def sojourn(number: int) -> Sojourn:
    """The campaign sojourn with this number (1-6)."""
    if not 1 <= number <= len(SOJOURNS):
        raise RuleError(
            phrase("there is no sojourn {number}: the campaign has sojourns 1 to 6", number=number)
        )
    return SOJOURNS[number - 1]


def check_setup(setup: SojournsSetup) -> None:
    """Raise `RuleError` when the setup cannot be played."""
    if not 1 <= len(setup.players) <= MAX_PLAYERS:  # counted before a sheet is made for each
        raise RuleError(
            phrase("Six Sojourns is for 1 to 4 players, not {count}", count=len(setup.players))
        )
    check_players(tuple(PlayerSheet(name) for name in setup.players))
    check_expansions(setup.expansions)
    if len(set(setup.expansions)) != len(setup.expansions):
        raise RuleError(phrase("an expansion is chosen twice"))
    problem = threshold_problem(setup.thresholds)
    if problem:
        raise RuleError(phrase("thresholds: {problem}", problem=problem))
    if setup.campaign and setup.sojourn != 1:
        raise RuleError(phrase("a campaign starts with sojourn 1, Enchanting Sites"))
    if setup.sojourn:
        preset = sojourn(setup.sojourn)
        if set(setup.expansions) != set(preset.expansions):
            wanted = ", ".join(EXPANSIONS[e] for e in preset.expansions)
            raise RuleError(
                phrase(
                    "sojourn {number} '{name}' is played with {expansions}",
                    number=preset.number,
                    name=preset.name,
                    expansions=wanted,
                )
            )
        if preset.map is not None and setup.map != preset.map:
            raise RuleError(
                phrase(
                    "sojourn {number} '{name}' is played on map {map}",
                    number=preset.number,
                    name=preset.name,
                    map=preset.map,
                )
            )


def towers_by_seat(players: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """Each player with the towers they keep: seat i of N keeps N - i."""
    return tuple(
        (name, towers_kept(seat, len(players))) for seat, name in enumerate(players, start=1)
    )


def checklist(setup: SojournsSetup) -> tuple[str, ...]:
    """The setup steps for this table, in the rulebook's order."""
    steps: list[str] = [
        phrase("Place the board, map {map} side up; coins in a supply.", map=setup.map),
        phrase("Shuffle the base cards (no label in the bottom left corner)."),
    ]
    steps += [
        Phrase(SETUP_STEPS[e].template, {"map": setup.map})
        for e in EXPANSIONS
        if e in setup.expansions
    ]
    steps.append(
        phrase("Give each player {coins} coins and one colour of wooden pieces.", coins=START_COINS)
    )
    steps.append(phrase("Draw 1 card for each slot of the card row (costs 0 to 4)."))
    for name, towers in towers_by_seat(setup.players):
        steps.append(
            phrase_n("{player} keeps {n} tower.", "{player} keeps {n} towers.", towers, player=name)
        )
    steps.append(
        phrase("Choose a land starting space: each player puts 1 house and 2 people there.")
    )
    return tuple(steps)

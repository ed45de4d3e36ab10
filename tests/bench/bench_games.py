"""The games the benchmark plays: a long legal Cavendish mission and a big Six Sojourns board."""

from __future__ import annotations

from typing import Any

from companion.cavendish import CAVENDISH
from companion.cavendish.actions import DiscardFear, GainAzrak, LoseAzrak, TakeFear
from companion.cavendish.model import CavendishSetup, ReceptacleCard, ReceptacleCards, Seat
from companion.six_sojourns.model import Objective, Pieces, PlayerSheet, Sheet, Space
from saves.store import SavedGame, SaveStore

SETUP = CavendishSetup(
    ("Amy", "Anton", "Jennifer", "Doug"),
    (
        Seat("Amy", "Amy"),
        Seat("Anton", "Anton"),
        Seat("Jennifer", "Jennifer"),
        Seat("Doug", "Doug"),
    ),
    ReceptacleCards(
        ReceptacleCard(3, 2, 1, 5),
        ReceptacleCard(4, 1, 2, 4),
        ReceptacleCard(3, 1, 3, 4),
        ReceptacleCard(2, 3, 1, 3),
    ),
)
"""A four-agent Cavendish mission: the longest kind of game the app keeps."""

AGENTS = ("Amy", "Anton", "Jennifer", "Doug")


def cavendish_action(number: int) -> Any:
    """The n-th action of a long legal mission: agents in turn lose Azrak, take and discard
    a Fear token, and regain the Azrak, so the game can go on for any length."""
    agent = AGENTS[(number // 4) % len(AGENTS)]
    kind = number % 4
    if kind == 0:
        return LoseAzrak(agent, 1)
    if kind == 1:
        return TakeFear(agent, 1)
    if kind == 2:
        return DiscardFear(agent, 1)
    return GainAzrak(agent, 1)


def long_game(store: SaveStore, actions: int, title: str = "") -> SavedGame:
    """A saved Cavendish game with `actions` legal actions logged (written once, at the end)."""
    saved = store.create(CAVENDISH, SETUP, title or f"{actions} actions")
    for number in range(actions):
        saved.session.do(cavendish_action(number))
    store.save(saved)
    return saved


def sojourns_sheet() -> Sheet:
    """A 4-player, 60-space Six Sojourns board with people, houses and objectives on it."""
    names = ("Ana", "Ben", "Cy", "Dee")
    board = tuple(
        Space(
            f"A{i:02d}",
            island=f"I{i % 9}",
            mountain=i % 7 == 0,
            pieces={n: Pieces(people=(i * j) % 4, houses=(i + j) % 2) for j, n in enumerate(names)},
        )
        for i in range(60)
    )
    players = tuple(
        PlayerSheet(
            name,
            coins=i % 2,
            trades={"cooking": 3 + i, "art": i},
            objectives=(Objective("houses", 2, at_least=2), Objective("islands", 3, at_least=1)),
        )
        for i, name in enumerate(names)
    )
    expansions = ("feuds", "mountains", "shrines", "sea-serpents", "trades-tokens", "volcano")
    return Sheet(players, expansions, {}, board, pad=False)

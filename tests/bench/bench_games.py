"""The games the benchmark plays: a long legal Cavendish mission and a big Six Sojourns board."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from companion.cavendish.actions import DiscardFear, GainAzrak, LoseAzrak, TakeFear
from companion.cavendish.game import CAVENDISH
from companion.cavendish.model import CavendishSetup, ReceptacleCard, ReceptacleCards, Seat
from companion.session import Session
from companion.six_sojourns.actions import AdjustCoins
from companion.six_sojourns.model import Objective, Pieces, PlayerSheet, Sheet, Space
from companion.sojourn.actions import EditDestination
from saves.games.journal import Draft
from saves.games.store import SavedGame, SaveStore, from_document

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
    """A saved Cavendish game with `actions` legal actions logged (appended in one transaction)."""
    saved = store.create(CAVENDISH, SETUP, title or f"{actions} actions")
    return logged(store, saved, [cavendish_action(number) for number in range(actions)])


def logged(store: SaveStore, saved: SavedGame, actions: list[Any]) -> SavedGame:
    """The game with `actions` appended to its file, as one transaction of many records."""
    if actions:
        store.transact(saved, lambda _theirs: [Draft("do", action) for action in actions])
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


SAMPLES = Path(__file__).resolve().parents[1] / "data" / "samples"
"""Real games played by `tests/data/samples/make_samples.py`: the start of every long game."""


def _repeat(game_id: str, state: Any, number: int) -> Any:
    """A legal action a table could log again and again, for a game to grow to any length.

    Six Sojourns: a player gains a coin, then pays it back. Sojourn: the first destination card
    is typed in again as it is (a correction that corrects nothing). Cavendish has its own
    (`long_game`); Time Bastards has none: its clock ends every game after 24 rounds.
    """
    if game_id == "six-sojourns":
        return AdjustCoins(state.players[0], 1 if number % 2 == 0 else -1)
    if game_id == "sojourn":
        return EditDestination(1, state.timeline[1].card)
    raise ValueError(f"{game_id} has no action that can be repeated")


def sample_game(store: SaveStore, game_id: str, actions: int) -> SavedGame:
    """A saved game of `game_id` with `actions` logged: the sample's real play, then repeats."""
    path = SAMPLES / f"{game_id}.toml"
    with open(path, "rb") as handle:
        sample = from_document(path, tomllib.load(handle)).session
    played = Session(sample.game, sample.setup)
    for action in sample.actions[:actions]:
        played.do(action)
    while getattr(played.state, "pending", ()):  # end on a question answered
        played.undo()
    while len(played.steps) < actions:
        played.do(_repeat(game_id, played.state, len(played.steps)))
    saved = store.create(sample.game, sample.setup, f"{actions} actions")
    return logged(store, saved, list(played.actions))

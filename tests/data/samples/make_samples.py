"""Rebuild the valid sample saves the damaged-saves test mutates: one per game, real play.

Run from the repository root:

    python tests/data/samples/make_samples.py

Each game is played by a small seeded "player" that proposes moves a table would make (answer
what the game waits for, then pick among sensible moves); every move goes through the game's own
rules, and only the ones the rules accept are kept. The session is written by the real
`SaveStore` with a fixed clock, under the id that is the sample's file stem (the store refuses a
file whose `id` differs from its name), so the output is byte-for-byte the same on every run.
"""

from __future__ import annotations

import random
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:  # run as a script: make the project importable
    sys.path.insert(0, str(ROOT))

from companion.cavendish.actions import (  # noqa: E402
    AttemptTest,
    ChooseLocation,
    DiscardFear,
    EmergencyUpdate,
    Explore,
    GainAzrak,
    GiveItems,
    LeaveLocation,
    LoseAzrak,
    LoseControl,
    PassCaptain,
    StandardUpdate,
    TakeFear,
    TakeItem,
)
from companion.cavendish.azrak import even_split, update_cost  # noqa: E402
from companion.cavendish.game import CAVENDISH  # noqa: E402
from companion.cavendish.model import (  # noqa: E402
    CavendishSetup,
    CavendishState,
    ReceptacleCard,
    ReceptacleCards,
    Seat,
)
from companion.core import Game, RuleError  # noqa: E402
from companion.session import Session  # noqa: E402
from companion.six_sojourns.actions import (  # noqa: E402
    AdjustCoins,
    EnterCount,
    EnterSpace,
    PayCoins,
    PlaceSerpent,
    PlaceUpgrade,
    ScoreBy,
    SetObjectives,
    SojournsState,
    TakeCard,
)
from companion.six_sojourns.game import SIX_SOJOURNS  # noqa: E402
from companion.six_sojourns.model import Objective, Pieces, Space  # noqa: E402
from companion.six_sojourns.setup import SojournsSetup  # noqa: E402
from companion.sojourn.actions import (  # noqa: E402
    DrawDestination,
    DrawTimeFragment,
    DrawTimestream,
    LoopTo,
    OpenWithCharge,
    PlaceSide,
    PlayBandage,
    PlayBattery,
    PlayFracture,
    RollRisk,
    Travel,
)
from companion.sojourn.game import SOJOURN  # noqa: E402
from companion.sojourn.model import (  # noqa: E402
    KINDS,
    DestinationCard,
    DrawCards,
    HistoricalDate,
    Kind,
    OpenNext,
    PlaceCard,
    RiskRoll,
    SojournSetup,
    SojournState,
)
from companion.time_bastards.game import TIME_BASTARDS, choices  # noqa: E402
from companion.time_bastards.model import (  # noqa: E402
    RollD6,
    TimeBastardsSetup,
    TimeBastardsState,
    Traveller,
)
from saves.games.store import SavedGame, SaveStore  # noqa: E402
from tests.support.saving import publish_whole  # noqa: E402

HERE = Path(__file__).resolve().parent
NOW = datetime(2026, 11, 29, 12, 0, 0, tzinfo=UTC)
"""The fixed clock: the same instant the tests use."""

Propose = Callable[[Any, random.Random], Iterator[Any]]
"""Moves a player might make now, most wanted first; the first one the rules accept is made."""


def fixed_clock() -> datetime:
    return NOW


def play(game: Game[Any, Any], setup: Any, propose: Propose, count: int, seed: int) -> Session:
    """A session of up to `count` accepted moves (fewer if the game ends or nothing fits)."""
    rng = random.Random(seed)
    session = Session(game, setup)
    while len(session.actions) < count and game.status(session.state) == "playing":
        for move in propose(session.state, rng):
            try:
                session.do(move)
            except RuleError:
                continue
            break
        else:
            break
    return session


# Sojourn ---------------------------------------------------------------------------------------

DESTINATIONS = (
    DestinationCard("Pearl Harbor", HistoricalDate(1941, 12, 7), 2, 2, 90, 4, 1),
    DestinationCard("Fall of Troy", HistoricalDate(-1184), 1, 1, 50, 2, 2),
    DestinationCard("Apollo 11", HistoricalDate(1969, 7, 20), 1, 2, 25, 1, 1),
    DestinationCard("Great Library", HistoricalDate(-48), 0, 1, 25, 1, 2),
    DestinationCard("Krakatoa", HistoricalDate(1883, 8, 27), 2, 1, 75, 3, 1),
    DestinationCard("Globe Theatre", HistoricalDate(1599), 1, 0, 0, 0, 1),
    DestinationCard("Salem", HistoricalDate(1692), 1, 1, 50, 2, 1),
    DestinationCard("Giza", HistoricalDate(-2560), 0, 2, 25, 1, 2),
    DestinationCard("Tunguska", HistoricalDate(1908, 6, 30), 1, 1, 75, 2, 1),
    DestinationCard("Woodstock", HistoricalDate(1969, 8, 15), 0, 1, 0, 0, 1),
    DestinationCard("Hastings", HistoricalDate(1066, 10, 14), 1, 2, 50, 2, 2),
    DestinationCard("Pompeii", HistoricalDate(79), 2, 1, 90, 3, 1),
)


def sojourn_moves(state: SojournState, rng: random.Random) -> Iterator[Any]:
    waiting = state.waiting
    if isinstance(waiting, DrawCards):
        pool = [kind for kind in KINDS for _ in range(state.deck.count(kind))]
        yield DrawTimestream(tuple(rng.sample(pool, min(waiting.count, len(pool)))))
    elif isinstance(waiting, OpenNext):
        if waiting.fragments == 0 and rng.random() < 0.3:
            yield DrawTimeFragment()
        opened = {place.name for place in state.timeline}
        for card in DESTINATIONS:
            if card.name not in opened:
                yield DrawDestination(card)
    elif isinstance(waiting, PlaceCard):
        yield PlaceSide(rng.choice(("left", "right")))
    elif isinstance(waiting, RiskRoll):
        yield RollRisk(
            rng.randrange(0, 100, 10), rng.randrange(10), rng.choice(("app", "physical"))
        )
    else:
        yield from sojourn_turn(state, rng)


def sojourn_turn(state: SojournState, rng: random.Random) -> Iterator[Any]:
    """A free turn: heal or recharge when low, open a destination now and then, else travel."""
    hand = state.hand
    if state.health <= 3 and hand.count(Kind.BANDAGE):
        yield PlayBandage()
    if state.charge <= 2 and hand.count(Kind.BATTERY):
        yield PlayBattery()
    if rng.random() < 0.25:
        yield PlayFracture() if hand.count(Kind.FRACTURE) else OpenWithCharge()
    cards = [kind for kind in KINDS for _ in range(hand.count(kind))]
    targets = [n for n in range(1, len(state.timeline)) if n != state.position]
    rng.shuffle(targets)
    for target in targets:
        drop = state.timeline[target].card.drop or 0
        yield Travel(target, tuple(rng.sample(cards, min(drop, len(cards)))))
        yield LoopTo(target)
        yield Travel(target, paradox=True)
    yield OpenWithCharge()
    yield PlayFracture()


# Six Sojourns ----------------------------------------------------------------------------------

SIX_PLAYERS = ("Ana", "Ben", "Cy", "Dee")
SIX_EXPANSIONS = ("upgrades", "sea-serpents", "mountains", "feuds")


def six_board() -> list[Any]:
    """What the table reports at the end: spaces with pieces, icons, objectives, upgrades."""
    a, b, c, d = SIX_PLAYERS
    spaces = (
        Space("N1", "North", pieces={a: Pieces(people=2, houses=1), b: Pieces(people=1)}),
        Space("N2", "North", mountain=True, pieces={a: Pieces(people=1), c: Pieces(people=3)}),
        Space("N3", "North", pieces={d: Pieces(houses=1), b: Pieces(people=2)}),
        Space("S1", "South", pieces={b: Pieces(people=2, houses=1), a: Pieces(tower=True)}),
        Space("S2", "South", mountain=True, pieces={c: Pieces(people=1, houses=1)}),
        Space("S3", "South", pieces={d: Pieces(people=2), c: Pieces(people=2)}),
        Space("E1", "East", pieces={d: Pieces(people=3, houses=1)}),
        Space("E2", "East", pieces={a: Pieces(people=1), d: Pieces(people=1, houses=1)}),
        Space("Sea1", sea=True, serpents=1, pieces={b: Pieces(boats=2), c: Pieces(boats=1)}),
        Space("Sea2", sea=True, pieces={a: Pieces(boats=1), d: Pieces(boats=1)}),
    )
    moves: list[Any] = [ScoreBy("board"), *(EnterSpace(space) for space in spaces)]
    icons = {
        a: {"cooking": 6, "art": 3},
        b: {"carpentry": 5, "jewelry": 4},
        c: {"sewing": 7, "smithing": 2},
        d: {"shoe-making": 4, "cooking": 3},
    }
    for name, trades in icons.items():
        moves += [EnterCount(name, trade, value) for trade, value in trades.items()]
    moves += [
        SetObjectives(a, (Objective("houses", 3, at_least=2),)),
        SetObjectives(b, (Objective("trade", 4, at_least=4, trades=("jewelry",)),)),
        SetObjectives(c, (Objective("islands", 2, at_least=2),)),
        SetObjectives(d, (Objective("houses", 2, at_least=3),)),
        PlaceUpgrade("cooking", 2),
        PlaceUpgrade("art", -1),
        PlaceUpgrade("sewing", 1),
    ]
    return moves


def six_moves(state: SojournsState, rng: random.Random) -> Iterator[Any]:
    """Buy cards in turn order (with coins changing hands on the way), then enter the board."""
    if not state.cards_over:
        player = state.turn_player
        roll = rng.random()
        if roll < 0.1 and state.serpents_placed < 3:
            yield PlaceSerpent(player, (rng.choice(SIX_PLAYERS),))
        elif roll < 0.2:
            yield AdjustCoins(player, rng.choice((1, 2, -1)))
        elif roll < 0.25:
            yield PayCoins(player, rng.choice(SIX_PLAYERS))
        yield TakeCard(rng.choice((0, 1, 1, 2, 2, 3, 4)))
        yield TakeCard(0)
        return
    entered = len([a for a in SIX_BOARD if _done(state, a)])
    yield from SIX_BOARD[entered:]


SIX_BOARD = six_board()


def _done(state: SojournsState, move: Any) -> bool:
    """Whether a board entry is already in the sheet (so the next one is proposed)."""
    sheet = state.sheet
    if isinstance(move, ScoreBy):
        return not sheet.pad
    if isinstance(move, EnterSpace):
        return any(space.name == move.space.name for space in sheet.spaces)
    if isinstance(move, EnterCount):
        player = sheet.player(move.player)
        return player is not None and player.icons(move.what) == move.value
    if isinstance(move, SetObjectives):
        player = sheet.player(move.player)
        return player is not None and player.objectives == move.objectives
    if isinstance(move, PlaceUpgrade):
        return move.value in sheet.upgrades.get(move.trade, ())
    return False


# Cavendish -------------------------------------------------------------------------------------

CARDS = ReceptacleCards(
    anton=ReceptacleCard(starting=5, strength=2, confidence=1, dexterity=2),
    amy=ReceptacleCard(starting=6, strength=1, confidence=2, dexterity=3),
    jennifer=ReceptacleCard(starting=6, strength=1, confidence=3, dexterity=2),
    doug=ReceptacleCard(starting=5, strength=3, confidence=1, dexterity=1),
)
CAVENDISH_SETUP = CavendishSetup(
    players=("Ana", "Ben", "Cy"),
    seats=(Seat("Amy", "Ana"), Seat("Anton", "Ben"), Seat("Doug", "Cy")),
    cards=CARDS,
)
LOCATIONS = ("A", "B", "C", "D", "E", "F")
ITEMS = (("ITEM 4", 1, 0, 0), ("ITEM 12", 0, 1, 1), ("ITEM 21", 0, 0, 2))


def cavendish_moves(state: CavendishState, rng: random.Random) -> Iterator[Any]:
    if state.pending:
        yield EmergencyUpdate() if state.vortex > 2 else LoseControl()
        yield LoseControl()
        return
    if state.phase == "time-captain":
        yield ChooseLocation(LOCATIONS[(state.round - 1) % len(LOCATIONS)])
        return
    if state.phase == "between":
        if not state.updated and state.vortex:
            yield StandardUpdate(even_split(state, state.vortex - update_cost(state)))
        yield PassCaptain()
        return
    active = [agent for agent in state.agents if not agent.ejected and agent.pool > 0]
    if not active or rng.random() < 0.2:
        yield LeaveLocation()
    rng.shuffle(active)
    for agent in active:
        name = agent.receptacle
        roll = rng.random()
        if roll < 0.35:
            yield Explore(name)
        elif roll < 0.6:
            attribute = rng.choice(("strength", "confidence", "dexterity"))
            helpers = [a.receptacle for a in active if a.receptacle != name]
            supports = ((helpers[0], 1),) if helpers and rng.random() < 0.4 else ()
            difficulty, destiny = rng.randint(2, 6), rng.choice((-1, 0, 0, 1, 2))
            yield AttemptTest(name, attribute, difficulty, destiny, rng.randint(0, 1), supports)
        elif roll < 0.7:
            yield TakeFear(name, 1)
            yield DiscardFear(name, 1)
        elif roll < 0.8:
            item, strength, confidence, dexterity = rng.choice(ITEMS)
            yield TakeItem(name, item, strength, confidence, dexterity)
            others = [a.receptacle for a in active if a.receptacle != name]
            if agent.items and others:
                yield GiveItems(name, others[0], (agent.items[0].name,))
        elif roll < 0.9:
            yield GainAzrak(name, 1)
        else:
            yield LoseAzrak(name, 1)
    yield LeaveLocation()


# Time Bastards ---------------------------------------------------------------------------------

BASTARDS_SETUP = TimeBastardsSetup(
    players=(Traveller("Mara", "red", 1), Traveller("Jonas", "blue", 3)), mode="duel"
)


def bastards_moves(state: TimeBastardsState, rng: random.Random) -> Iterator[Any]:
    legal = [choice.action for choice in choices(state)]
    if state.roll is None and not state.bumped:
        legal.append(RollD6(state.turn, rng.randint(1, 6), rng.choice(("app", "physical"))))
        legal.append(legal[-1])  # a turn mostly starts with the die
    yield rng.choice(legal)


# Writing ---------------------------------------------------------------------------------------

SAMPLES: tuple[tuple[str, str, Game[Any, Any], Any, Propose, int], ...] = (
    ("sojourn", "Solo run through the timestream", SOJOURN, SojournSetup(), sojourn_moves, 40),
    (
        "six-sojourns",
        "Friday table, map A",
        SIX_SOJOURNS,
        SojournsSetup(players=SIX_PLAYERS, map="A", expansions=SIX_EXPANSIONS),
        six_moves,
        80,
    ),
    ("cavendish", "Cavendish, three agents", CAVENDISH, CAVENDISH_SETUP, cavendish_moves, 45),
    ("time-bastards", "Mara vs Jonas", TIME_BASTARDS, BASTARDS_SETUP, bastards_moves, 50),
)
"""(file stem = save id, title, game, setup, player, moves wanted)."""


def build(folder: Path = HERE, seed: int = 2026) -> dict[str, int]:
    """Write every sample into `folder`; returns the number of actions of each."""
    written: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as home:
        store = SaveStore(Path(home), fixed_clock)
        for save_id, title, game, setup, propose, count in SAMPLES:
            session = play(game, setup, propose, count, seed)
            publish_whole(store, SavedGame(save_id, title, session, NOW, NOW))
            shutil.copyfile(store.path_for(save_id), folder / f"{save_id}.toml")
            written[save_id] = len(session.actions)
    return written


if __name__ == "__main__":
    for name, actions in build().items():
        print(f"{name}.toml: {actions} actions")

"""A data folder of real saves for the statistics: every game, every ending, played through the
rules and written by the real `SaveStore`, one day apart.

Imported by name (`from stats_helpers import ...`): pytest puts this folder on the path. The
moves come from the seeded players that build the shipped samples (tests/data/samples).

Hand count of what the folder holds (the tests check these numbers):

| save | game | players | ending |
|---|---|---|---|
| 1 | Sojourn | Ana | won (home) |
| 2 | Sojourn | (no name: an old save) | lost, health 0 |
| 3 | Sojourn | Ana | lost, stuck |
| 4 | Sojourn | Ana | in progress |
| 5 | Six Sojourns | Ana Ben Cy Dee | finished: Ben 18, Cy 13, Ana 10, Dee 10 |
| 6 | Six Sojourns | Ana Ben Cy Dee | in progress |
| 7 | Cavendish | Ana Ben Cy | mission complete |
| 8 | Cavendish | Ana Ben Cy | abandoned (failed) |
| 9 | Time Bastards | Mara Jonas | Mara wins on pieces |
| 10 | Time Bastards | Mara Jonas | Mara wins on achievements |
| 11 | Time Bastards | Mara Jonas | Jonas wins on the oldest piece |
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "samples"
if str(SAMPLES) not in sys.path:
    sys.path.insert(0, str(SAMPLES))

import make_samples as samples  # noqa: E402

from companion.cavendish.actions import AbandonMission, EndMission  # noqa: E402
from companion.cavendish.game import CAVENDISH  # noqa: E402
from companion.cavendish.model import Adjustments  # noqa: E402
from companion.core import Game  # noqa: E402
from companion.session import Session  # noqa: E402
from companion.six_sojourns.actions import CloseSojourn  # noqa: E402
from companion.six_sojourns.game import SIX_SOJOURNS  # noqa: E402
from companion.six_sojourns.setup import SojournsSetup  # noqa: E402
from companion.sojourn.actions import (  # noqa: E402
    DrawDestination,
    DrawTimeFragment,
    DrawTimestream,
    RollRisk,
    Travel,
    TravelHome,
)
from companion.sojourn.game import SOJOURN  # noqa: E402
from companion.sojourn.model import DestinationCard, HistoricalDate, Kind, SojournSetup  # noqa: E402
from companion.time_bastards.game import TIME_BASTARDS  # noqa: E402
from saves.games.store import SaveStore  # noqa: E402
from tests.support.saving import record_played  # noqa: E402

FIRST_DAY = datetime(2026, 11, 1, 20, 0, tzinfo=UTC)
"""Save N is set up on day N at 20:00 and its last action is saved 45 minutes later."""


def _card(name: str, year: int, risk: int = 0, dmg: int = 0) -> DestinationCard:
    return DestinationCard(name, HistoricalDate(year), 0, 1, risk, dmg, 1)


def sojourn_home_run() -> list[Any]:
    """Four Time Fragment cards under the first destination, one trip, then home: a win."""
    b = Kind.BANDAGE
    return [
        DrawTimestream((b, Kind.FRACTURE, Kind.LOOP, Kind.PARADOX, Kind.BATTERY)),
        *[DrawTimeFragment()] * 4,
        DrawDestination(_card("Globe Theatre", 1599, risk=25)),
        Travel(1),
        DrawDestination(_card("Salem", 1692, risk=50, dmg=2)),
        RollRisk(50, 0),
        DrawTimestream((b,)),
        TravelHome(),
    ]


def seeded(game: Game[Any, Any], setup: Any, propose: Any, count: int, seed: int) -> list[Any]:
    """The moves the seeded sample player makes (until the game ends or `count` moves)."""
    return samples.play(game, setup, propose, count, seed).actions


def _bastards(seed: int) -> tuple[Game[Any, Any], Any, list[Any]]:
    return (
        TIME_BASTARDS,
        samples.BASTARDS_SETUP,
        seeded(TIME_BASTARDS, samples.BASTARDS_SETUP, samples.bastards_moves, 5000, seed),
    )


def games() -> list[tuple[Game[Any, Any], Any, list[Any]]]:
    """(game, setup, moves) of the eleven saves, in the order of the table above."""
    named = SojournSetup(traveller="Ana")
    six = SojournsSetup(players=samples.SIX_PLAYERS, map="A", expansions=samples.SIX_EXPANSIONS)
    six_moves = seeded(SIX_SOJOURNS, six, samples.six_moves, 200, 1)
    cavendish = seeded(CAVENDISH, samples.CAVENDISH_SETUP, samples.cavendish_moves, 45, 2026)
    soj = samples.sojourn_moves
    return [
        (SOJOURN, named, sojourn_home_run()),
        (SOJOURN, SojournSetup(), seeded(SOJOURN, SojournSetup(), soj, 3000, 0)),
        (SOJOURN, named, seeded(SOJOURN, named, soj, 3000, 9)),
        (SOJOURN, named, seeded(SOJOURN, named, soj, 20, 2)),
        (SIX_SOJOURNS, six, [*six_moves, CloseSojourn()]),
        (SIX_SOJOURNS, six, six_moves[:10]),
        (CAVENDISH, samples.CAVENDISH_SETUP, [*cavendish, EndMission(Adjustments())]),
        (CAVENDISH, samples.CAVENDISH_SETUP, [*cavendish[:10], AbandonMission()]),
        _bastards(0),
        _bastards(3),
        _bastards(24),
    ]


def write_games(home: Path, chosen: Iterable[int] | None = None) -> list[str]:
    """Play the saves (all, or the numbers chosen) into `home` through the store; their ids."""
    ids = []
    everything = games()
    for number in chosen or range(1, len(everything) + 1):
        game, setup, moves = everything[number - 1]
        day = FIRST_DAY + timedelta(days=number - 1)
        store = SaveStore(home, clock=lambda day=day: day)
        saved = store.create(game, setup, title=f"Save {number}")
        for move in moves:
            saved.session.do(move)
        store.clock = lambda day=day: day + timedelta(minutes=45)
        record_played(store, saved)
        ids.append(saved.id)
    return ids


def session_of(game: Game[Any, Any], setup: Any, moves: list[Any]) -> Session:
    """A session with the moves applied (for tests on the rules side alone)."""
    return Session(game, setup, moves)

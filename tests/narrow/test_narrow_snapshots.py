"""Every play screen and the saved-games list on a phone (40x40, 44x43 = a 390x844 phone, 44x20
= the same phone with its keyboard up) as well as at 80x24 and 120x40."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.time_bastards.model import (
    MoveEarliest,
    PlaceNewPiece,
    RollD6,
    TimeBastardsSetup,
    Traveller,
)
from saves.games.store import SaveStore
from tests.conftest import fixed_clock
from tests.support.samples import install_sample
from tests.support.saving import record_played
from tests.support.snapshots import Size, size_sets

SLOW = pytest.mark.slow
PHONE = [pytest.param((40, 40), marks=SLOW), (44, 43), pytest.param((44, 20), marks=SLOW)]
SIZES = size_sets([(44, 43)], slow=[(40, 40), (44, 20), (80, 24), (120, 40)])
"""The default run draws a phone (44x43); `-m slow` every size (80x24 and 120x40 are also each
game's own snapshots)."""
GAMES = ["sojourn", "six-sojourns", "cavendish", "time-bastards"]

TO_THE_END = TimeBastardsSetup(
    (Traveller("Ana", "red", 1), Traveller("Ben", "blue", 3)), "duel", timeline_length=15
)
WALK = [
    *[MoveEarliest(p) for _ in range(14) for p in (0, 1)],
    RollD6(0, 1),
    PlaceNewPiece(0, 2),
    RollD6(1, 1),
    PlaceNewPiece(1, 4),
]
"""The longest timelines (15 spaces) with a piece on each of the last two spaces of every one."""


def opened(save_id: str) -> Any:
    def start(app: Any) -> None:
        app.open_saved(save_id)

    return start


async def settled(pilot: Any) -> None:
    """The screen drawn and laid out, with any question the save is waiting on put off
    (Sojourn's sample waits for a side, which `escape` leaves for later)."""
    await pilot.pause()
    if pilot.app.screen.is_modal:
        await pilot.press("escape")
    await pilot.pause()


class TestPlayScreens:
    @pytest.mark.parametrize("sizes", SIZES)
    @pytest.mark.parametrize("game", GAMES)
    def test_sample_game(
        self,
        snap_sizes: Any,
        make_test_app: Any,
        companion_home: Path,
        game: str,
        sizes: list[Size],
    ) -> None:
        app = make_test_app(start=opened(install_sample(companion_home, game)))
        assert snap_sizes(app, sizes, run_before=settled, name=game) == []

    @pytest.mark.parametrize("sizes", SIZES)
    def test_time_bastards_last_spaces(
        self, snap_sizes: Any, make_test_app: Any, sizes: list[Size]
    ) -> None:
        def start(app: Any) -> None:
            saved = app.start_game("time-bastards", TO_THE_END, "Ana v Ben")
            for action in WALK:
                saved.session.do(action)

        assert snap_sizes(make_test_app(start=start), sizes, run_before=settled) == []


@pytest.fixture
def games_to_list(companion_home: Path) -> None:
    """The four samples in play and a duel that ran out of time (its winner named)."""
    for game in GAMES:
        install_sample(companion_home, game)
    store = SaveStore(companion_home, fixed_clock)
    from companion.registry import get_game

    game = get_game("time-bastards")
    assert game is not None
    setup = TimeBastardsSetup((Traveller("Ana", "red", 1), Traveller("Ben", "blue", 3)))
    saved = store.create(game, setup, "Ana v Ben, Sunday")
    saved.session.do(MoveEarliest(0))  # Ana's piece ahead: she wins on the oldest piece
    while not saved.session.state.finished:  # every other roll lost in time
        saved.session.do(RollD6(saved.session.state.turn, 5))
    record_played(store, saved)


class TestSavedGames:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_saved_games_list(
        self, snap_sizes: Any, make_test_app: Any, games_to_list: None, sizes: list[Size]
    ) -> None:
        assert snap_sizes(make_test_app(), sizes, press=["s"]) == []

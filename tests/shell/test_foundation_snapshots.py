"""Snapshots of the home screen and the dice tray at 80x24 and 120x40."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from companion import registry
from saves.games.store import SaveStore
from tests.conftest import fixed_clock
from tests.support.samples import install_sample
from tests.support.saving import record_played
from tests.support.snapshots import Size, size_sets
from tests.support.toy import TALLY, Add, TallySetup

DATA = Path(__file__).resolve().parents[1] / "data"
SIZES = size_sets([(80, 24), (120, 40)])


@pytest.fixture
def saved_games(companion_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One readable game and one damaged file in the games folder."""
    monkeypatch.setitem(registry.GAMES, "tally", TALLY)
    store = SaveStore(companion_home, fixed_clock)
    saved = store.create(TALLY, TallySetup(), "Tuesday tally")
    saved.session.do(Add(0, 4))
    record_played(store, saved)
    shutil.copyfile(DATA / "not-toml.toml", store.folder / "damaged.toml")


class TestHome:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_home_with_saves(
        self, snap_sizes: Any, make_test_app: Any, saved_games: None, sizes: list[Size]
    ) -> None:
        assert snap_sizes(make_test_app(), sizes) == []

    def test_no_saves_yet_and_its_help(self, snap_sizes: Any, make_test_app: Any) -> None:
        """An empty folder: home says there is nothing to resume yet; F1 there, home's help."""
        views = {"home": [], "help": ["f1"]}
        assert snap_sizes(make_test_app(), [(80, 24)], views=views) == []


@pytest.fixture
def every_game_saved(companion_home: Path) -> None:
    """The four shipped sample games, mid-play, as a player's own saves."""
    for game in ("sojourn", "six-sojourns", "cavendish", "time-bastards"):
        install_sample(companion_home, game)


class TestHomeWithGames:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_four_games_in_play(
        self, snap_sizes: Any, make_test_app: Any, every_game_saved: None, sizes: list[Size]
    ) -> None:
        assert snap_sizes(make_test_app(), sizes) == []


class TestDiceTray:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_tray_after_rolls(self, snap_sizes: Any, make_test_app: Any, sizes: list[Size]) -> None:
        keys = ["d", "r", "escape", "2", "r", "escape", "p", *"37", "enter"]
        assert snap_sizes(make_test_app(seed=5), sizes, press=keys) == []

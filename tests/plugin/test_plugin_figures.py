"""A game's own statistics (`Game.figures`) sit beside the figures the statistics count, and
can never replace them: a plug-in's figures named `plays` or `wins` are left out and named."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from pebbles.game import PEBBLES, PebblesSetup, Take

from companion import registry
from companion.core import Played
from companion.history.report import with_own_figures
from companion.history.stats import Filter
from saves.games.store import SaveStore
from saves.history.plays import gather, stats_data
from saves.shared.settings import SettingsStore
from tests.conftest import fixed_clock
from tests.support.saving import record_played

pytestmark = pytest.mark.usefixtures("installed_plugin")


def boastful(plays: Sequence[Played]) -> dict[str, Any]:
    """Figures that try to pass for the statistics' own."""
    return {"plays": 99, "wins": 99, "last_played": "never", "longest_game": len(plays)}


def test_a_figure_named_like_a_counted_one_is_left_out_and_named() -> None:
    line = with_own_figures({"plays": 1, "wins": 0}, {"wins": 5, "pile": 7})
    assert line == {"plays": 1, "wins": 0, "pile": 7, "figures_left_out": ["wins"]}
    assert with_own_figures({"plays": 1}, {"pile": 7}) == {"plays": 1, "pile": 7}


def test_a_plugins_figures_cannot_overwrite_plays_and_wins(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(registry.GAMES, PEBBLES.id, replace(PEBBLES, figures=boastful))
    store = SaveStore(companion_home, fixed_clock)
    saved = store.create(PEBBLES, PebblesSetup(pile=3), "Pebbles night")
    saved.session.do(Take(3))
    record_played(store, saved)

    plays, _unreadable = gather(store, SettingsStore(companion_home))
    line = stats_data(plays, Filter())["games"]["pebbles"]
    assert (line["plays"], line["wins"]) == (1, 1)
    assert line["last_played"] != "never"
    assert line["longest_game"] == 1  # the game's own figure, beside the counted ones
    assert line["figures_left_out"] == ["last_played", "plays", "wins"]


def failing(plays: Sequence[Played]) -> dict[str, Any]:
    """Figures whose code fails, as a plug-in's bug would."""
    raise ZeroDivisionError("division by zero")


def test_a_games_failing_figures_leave_its_counted_figures(companion_home: Path) -> None:
    """A game whose `figures` raises loses only its own figures: its line keeps what the
    statistics counted and says why in `figures_failed`, in the guard's one line."""
    registry.register(replace(PEBBLES, figures=failing))  # through the guard, as installed
    store = SaveStore(companion_home, fixed_clock)
    saved = store.create(PEBBLES, PebblesSetup(pile=3), "Pebbles night")
    saved.session.do(Take(3))
    record_played(store, saved)

    plays, _unreadable = gather(store, SettingsStore(companion_home))
    line = stats_data(plays, Filter())["games"]["pebbles"]
    assert (line["plays"], line["wins"]) == (1, 1)
    assert "figures raised ZeroDivisionError: division by zero" in line["figures_failed"]
    assert "rolled_takes" not in line

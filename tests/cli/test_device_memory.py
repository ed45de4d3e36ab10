"""A browser's memory of its last game (`locks/device-*.last`) holding an id the store cannot
name (issue 30): nothing is remembered, and the app starts on its home screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from saves.games.document import SAVE_ID
from saves.shared.devices import DEVICE_VARIABLE, MEMORY_SAVE_ID, device_file, last_game
from widgets.play.reopen import device_start
from widgets.shell.home import HomeScreen

DEVICE = "p" * 32
REFUSED_IDS = ("-leading-dash", "a" * 81, "x" * 128)
"""Ids of the memory's old shape that `SaveStore.path_for` refuses."""


def test_the_memory_reads_exactly_the_ids_a_save_can_have() -> None:
    assert MEMORY_SAVE_ID.pattern == SAVE_ID.pattern


@pytest.mark.parametrize("remembered", REFUSED_IDS)
def test_an_id_no_save_can_have_is_not_remembered(companion_home: Path, remembered: str) -> None:
    path = device_file(companion_home, DEVICE)
    path.parent.mkdir(parents=True)
    path.write_text(f"{remembered}\n")
    assert last_game(companion_home, DEVICE) is None


@pytest.mark.parametrize("remembered", REFUSED_IDS[:2])
async def test_the_app_starts_at_home_beside_a_damaged_memory(
    make_test_app: Any, companion_home: Path, remembered: str
) -> None:
    path = device_file(companion_home, DEVICE)
    path.parent.mkdir(parents=True)
    path.write_text(f"{remembered}\n")
    app = make_test_app(start=device_start(None, {DEVICE_VARIABLE: DEVICE}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)

"""Snapshots of one game on two devices: undoing another device's action asks first, and a file
changed outside the app asks to reload it or keep a copy."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from companion.time_bastards.game import MoveEarliest
from saves.games.journal import Draft
from saves.games.store import SaveStore
from tests.conftest import fixed_clock
from tests.support.samples import install_sample
from tests.support.snapshots import Size, size_sets
from tests.support.waiting import pause_until

SIZES = size_sets([(80, 24), (120, 40)], slow=[(44, 43)])


class TestOneGameTwoDevices:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_undo_of_another_devices_action(
        self, snap_sizes: Any, make_test_app: Any, companion_home: Path, sizes: list[Size]
    ) -> None:
        save_id = install_sample(companion_home, "time-bastards")

        async def another_device_moved(pilot: Any) -> None:
            await pilot.press("r")
            screen = pilot.app.screen
            count = len(screen.session.steps)
            other = SaveStore(companion_home, fixed_clock)
            theirs = other.open_for_play(save_id)
            move = [Draft("do", MoveEarliest(theirs.session.state.turn))]
            other.transact(theirs, lambda _theirs: move, by="b0123456789a", seat="Jonas")
            await pause_until(pilot, lambda: len(screen.session.steps) == count + 1)
            await pilot.press("ctrl+z")
            await pilot.pause()

        app = make_test_app()
        assert snap_sizes(app, sizes, run_before=another_device_moved) == []

    @pytest.mark.parametrize("sizes", SIZES)
    def test_conflict_question(
        self, snap_sizes: Any, make_test_app: Any, companion_home: Path, sizes: list[Size]
    ) -> None:
        save_id = install_sample(companion_home, "time-bastards")

        async def replaced_elsewhere(pilot: Any) -> None:
            await pilot.press("r")
            pilot.app.screen.shared.close()
            path = companion_home / "games" / f"{save_id}.toml"
            temp = path.with_name("replacement")
            temp.write_bytes(path.read_bytes())
            os.replace(temp, path)  # another program wrote the file anew
            await pilot.press("ctrl+z")
            await pilot.pause()

        app = make_test_app()
        assert snap_sizes(app, sizes, run_before=replaced_elsewhere) == []

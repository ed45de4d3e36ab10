"""Snapshots of one game in two windows: the read-only header and the conflict question."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from saves.store import SaveStore
from tests.conftest import fixed_clock
from tests.support.samples import install_sample

SIZES = [(80, 24), (120, 40)]


class TestOneWindow:
    @pytest.mark.parametrize("size", SIZES)
    def test_read_only_game(
        self, snap_compare: Any, make_test_app: Any, companion_home: Path, size: tuple[int, int]
    ) -> None:
        save_id = install_sample(companion_home, "time-bastards")
        lock = SaveStore(companion_home).lock(save_id)  # another window plays it
        assert lock is not None
        assert snap_compare(make_test_app(), press=["r", "ctrl+z"], terminal_size=size)

    @pytest.mark.parametrize("size", SIZES)
    def test_conflict_question(
        self, snap_compare: Any, make_test_app: Any, companion_home: Path, size: tuple[int, int]
    ) -> None:
        save_id = install_sample(companion_home, "time-bastards")

        async def changed_elsewhere(pilot: Any) -> None:
            await pilot.press("r")
            other = SaveStore(companion_home, fixed_clock)
            theirs = other.load(save_id)
            theirs.session.undo()
            other.save(theirs)
            await pilot.press("ctrl+z")
            await pilot.pause()

        app = make_test_app()
        assert snap_compare(app, run_before=changed_elsewhere, terminal_size=size)

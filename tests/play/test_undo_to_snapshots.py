"""How "Undo back to line N?" looks at 80x24 and on a phone (44x43): three actions of the Time
Bastards sample picked in its log, the question naming them, who made them and what redo does."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support.samples import install_sample
from tests.support.snapshots import Size, size_sets
from widgets.play.action_log import ActionLog
from widgets.play.game_screen import GameScreen

SIZES = size_sets([(80, 24), (44, 43)])


async def pick_the_line_three_back(pilot: Any) -> None:
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    screen.query_one(ActionLog).focus()
    await pilot.pause()
    await pilot.press("up", "up", "up", "enter")
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


@pytest.mark.parametrize("sizes", SIZES)
def test_undo_back_to_a_line_asked(
    snap_sizes: Any, make_test_app: Callable[..., Any], companion_home: Path, sizes: list[Size]
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    assert snap_sizes(app, sizes, run_before=pick_the_line_three_back) == []

"""How "Jonas's move: make it for Jonas?" looks at 80x24 and on a phone (44x43): a device seated
as Mara making Jonas's move in the Time Bastards sample."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.time_bastards.model import RollD6
from tests.support.samples import install_sample
from tests.support.snapshots import Size, size_sets
from widgets.time_bastards.play import TimeBastardsScreen

SIZES = size_sets([(80, 24), (44, 43)])


async def make_the_other_travellers_move(pilot: Any) -> None:
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, TimeBastardsScreen)
    names = [traveller.name for traveller in screen.tb.setup.players]
    turn = screen.tb.turn
    assert screen.seats.sit(names[1 - turn])
    await pilot.pause()
    pilot.app.clear_notifications()  # ("... sits at this device.": its timing is not drawn)
    assert screen.act(RollD6(turn, 6, "physical")) is False  # asked
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


@pytest.mark.parametrize("sizes", SIZES)
def test_another_seats_move_asked(
    snap_sizes: Any, make_test_app: Callable[..., Any], companion_home: Path, sizes: list[Size]
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    assert snap_sizes(app, sizes, run_before=make_the_other_travellers_move) == []

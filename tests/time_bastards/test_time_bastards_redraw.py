"""A key redraws only the panels it changed (issue 33), and nothing is left undrawn: after each
key the screen paints what a screen opened afresh on the same game paints, on a laptop's
terminal and on a phone's column."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support.painted import opened_from_home, painted, painted_screen, settled_paint
from tests.support.samples import install_sample
from tests.support.waiting import pause_until
from widgets.time_bastards.choices import NumberedChoices
from widgets.time_bastards.play import TimeBastardsScreen


async def opened(pilot: Any, save_id: str) -> TimeBastardsScreen:
    """The game opened from the home screen, drawn and idle."""
    screen: TimeBastardsScreen = await opened_from_home(pilot, save_id, TimeBastardsScreen)
    return screen


@pytest.mark.parametrize("size", [(80, 24), (44, 43)])
async def test_each_key_paints_what_a_screen_opened_afresh_paints(
    make_test_app: Callable[..., Any], companion_home: Path, size: tuple[int, int]
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    async with app.run_test(size=size) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, TimeBastardsScreen))
        await pilot.pause()
        # Taken back: the turn is the other player's again; put back; then a real 6 typed,
        # which shows the prompt hidden on a fresh turn and lists the moves it allows.
        for keys in (["ctrl+z"], ["ctrl+y"], ["t", "6", "enter"]):
            before = painted_screen(app.screen)
            await pilot.press(*keys)
            await pause_until(pilot, lambda: isinstance(app.screen, TimeBastardsScreen))
            await pilot.pause()
            shown = await settled_paint(pilot)
            assert shown != before, f"{keys} changed nothing on the screen"
            screen = await opened(pilot, save_id)
            assert shown == await settled_paint(pilot)
        assert screen.tb.roll == 6
        prompt = " ".join(" ".join(painted(screen.query_one("#tb-prompt"))).split())
        assert "rolled 6: move any piece one space" in prompt
        assert screen.query_one(NumberedChoices).highlighted == 0

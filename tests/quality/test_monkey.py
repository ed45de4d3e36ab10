"""Monkey tests: seeded random keys on the home screen and the dice tray; games are added by id."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from saves.shared.rolls import RollLog
from tests.conftest import fixed_clock
from tests.quality.monkey import EXPLORE, press_all, random_keys

QUICK, LONG = 200, 2000


async def monkey_home(make_test_app: Any, home: Path, count: int, shift: int = 0) -> None:
    app = make_test_app(seed=3 + shift)
    async with app.run_test(size=(80, 24)) as pilot:
        await press_all(pilot, random_keys(11 + shift, count))
        assert app.is_running
        assert app.screen_stack  # still showing something
    reloaded = RollLog(home, fixed_clock)
    assert reloaded.rolls == app.rolls.rolls


async def monkey_dice_tray(make_test_app: Any, count: int, shift: int = 0) -> None:
    app = make_test_app(seed=4 + shift)
    async with app.run_test(size=(80, 24)) as pilot:
        keys = random_keys(12 + shift, count)
        await pilot.press("d")
        await press_all(pilot, [key for key in keys if key != "escape"])
        assert app.is_running
        assert app.rolls.rolls  # the keys reached the tray: quick keys among them rolled
        for entry in app.rolls.rolls:
            assert entry.roll.source in ("app", "physical")


async def test_monkey_home(make_test_app: Any, companion_home: Path) -> None:
    await monkey_home(make_test_app, companion_home, QUICK)


async def test_monkey_dice_tray(make_test_app: Any) -> None:
    await monkey_dice_tray(make_test_app, QUICK)


@pytest.mark.slow
async def test_monkey_home_long(make_test_app: Any, companion_home: Path) -> None:
    await monkey_home(make_test_app, companion_home, LONG, EXPLORE)


@pytest.mark.slow
async def test_monkey_dice_tray_long(make_test_app: Any) -> None:
    await monkey_dice_tray(make_test_app, LONG, EXPLORE)

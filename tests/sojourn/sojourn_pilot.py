"""Keyboard helpers for Sojourn pilot and snapshot tests: type cards and answer dialogs."""

from __future__ import annotations

from typing import Any


async def type_card(pilot: Any, *values: str) -> None:
    """Fill the destination dialog field by field (name, date, DROP, COST, RISK, DMG, GAIN)."""
    for value in values:
        await pilot.press(*value, "enter") if value else await pilot.press("enter")
    await pilot.pause()


async def new_game(pilot: Any) -> None:
    """From the setup screen: start, type the hand, open Pearl Harbor."""
    await pilot.press("ctrl+s")
    await pilot.pause()
    await pilot.press(*"bflpt")
    await pilot.pause()
    await type_card(pilot, "Pearl Harbor", "1941", "2", "2", "90", "4", "1")

"""Keyboard helpers for Sojourn pilot and snapshot tests: type cards and answer dialogs."""

from __future__ import annotations

from typing import Any


async def type_card(pilot: Any, *values: str) -> None:
    """Fill the destination dialog field by field (name, date, DROP, COST, RISK, DMG, GAIN).

    Each value goes into the focused field, then enter moves on as a player's would (the
    characters are pasted rather than pressed one by one, to keep the tests quick).
    """
    for value in values:
        pilot.app.focused.insert_text_at_cursor(value)
        await pilot.press("enter")
    await pilot.pause()


async def new_game(pilot: Any) -> None:
    """From the setup screen: start, type the hand, open Pearl Harbor."""
    await pilot.press("ctrl+s")
    await pilot.pause()
    await pilot.press(*"bflpt")
    await pilot.pause()
    await type_card(pilot, "Pearl Harbor", "1941", "2", "2", "90", "4", "1")

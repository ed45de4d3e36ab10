"""Keys, clicks and pastes that reach the app after its last screen is gone are dropped."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events


def late_events() -> list[events.Event]:
    """What a loaded machine can still deliver after the app's screens are closed."""
    return [
        events.Key("a", "a"),
        events.Key("escape", "\x1b"),
        events.Key("f1", None),
        events.Key("d", "d"),
        events.Paste("late"),
        events.MouseDown(None, 1, 1, 0, 0, 1, False, False, False),
        events.MouseMove(None, 1, 1, 0, 0, 0, False, False, False),
    ]


async def test_input_after_the_last_screen_closed_is_dropped_quietly(
    make_test_app: Callable[..., Any],
) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d")  # the dice tray over home: two screens to close
    assert not app.screen_stack, "the run ended with every screen closed"
    for event in late_events():
        await app.on_event(event)  # as the app's message loop would, after the end
    assert not app.screen_stack


async def test_input_before_the_end_still_reaches_the_screen(
    make_test_app: Callable[..., Any],
) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.on_event(events.Key("d", "d"))
        await pilot.pause()
        assert type(app.screen).__name__ == "DiceTray"

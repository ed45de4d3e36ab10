"""Keys, clicks and pastes that reach the app after its last screen is gone are dropped."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual import events

from tests.support.samples import install_sample


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


async def test_a_game_opened_as_the_app_closes_closes_quietly(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    """The game's screen mounts after the app began to exit (its widgets never come): its
    handlers, which look for those widgets, do not run and the app ends without an error."""
    save_id = install_sample(companion_home, "sojourn")

    def open_then_quit(app: Any) -> None:
        assert app.open_saved(save_id)
        app.exit()  # as a ctrl+q typed right behind the key that resumed the game

    app = make_test_app(start=open_then_quit)
    async with app.run_test(size=(80, 24)):
        pass
    assert app.return_code == 0

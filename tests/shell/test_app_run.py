"""`CompanionApp.run` sets what the imports made aside from the garbage collector, once, and
keeps the collector still until the first screen is drawn."""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any

import pytest
from textual.app import App


def test_run_freezes_the_imports_once_and_returns_the_apps_result(
    make_test_app: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    frozen: list[int] = []
    monkeypatch.setattr(gc, "get_freeze_count", lambda: len(frozen))
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(1))
    stopped: list[int] = []
    monkeypatch.setattr(gc, "disable", lambda: stopped.append(1))
    ran: list[dict[str, Any]] = []

    def run(app: App[Any], **options: Any) -> str:
        ran.append(options)
        return "result"

    monkeypatch.setattr(App, "run", run)
    assert make_test_app().run(headless=True, size=(80, 24)) == "result"
    assert frozen == [1] and ran == [{"headless": True, "size": (80, 24)}]
    assert stopped == [1]
    make_test_app().run(headless=True)
    assert frozen == [1], "a second app in the same process freezes nothing more"


async def test_the_collector_runs_again_once_the_first_screen_is_drawn(
    make_test_app: Callable[..., Any],
) -> None:
    """Stopped for the start (by `run` and the command line), it must not stay stopped: every
    cycle the app makes afterwards would be kept for good."""
    from widgets.shell.home import HomeScreen

    gc.disable()
    try:
        app = make_test_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
            assert gc.isenabled()
    finally:
        gc.enable()

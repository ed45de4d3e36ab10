"""`CompanionApp.run` sets what the imports made aside from the garbage collector, once."""

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
    ran: list[dict[str, Any]] = []

    def run(app: App[Any], **options: Any) -> str:
        ran.append(options)
        return "result"

    monkeypatch.setattr(App, "run", run)
    assert make_test_app().run(headless=True, size=(80, 24)) == "result"
    assert frozen == [1] and ran == [{"headless": True, "size": (80, 24)}]
    make_test_app().run(headless=True)
    assert frozen == [1], "a second app in the same process freezes nothing more"

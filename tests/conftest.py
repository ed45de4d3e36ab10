"""Shared fixtures: every test gets its own data folder, a fixed clock, UTC and a seeded RNG."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

os.environ["TZ"] = "UTC"
time.tzset()

FIXED_NOW = datetime(2026, 11, 29, 12, 0, 0, tzinfo=UTC)


def fixed_clock() -> datetime:
    """The clock every test uses, so saves and snapshots never depend on the real time."""
    return FIXED_NOW


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto` starts two workers per core: a Pilot test spends most of its time asleep (Textual
    waits for the app to go idle twice per key pressed), so one worker per core leaves the cores
    half unused. `PYTEST_XDIST_AUTO_NUM_WORKERS` still overrides it."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS") or not hasattr(os, "sched_getaffinity"):
        return None  # pytest-xdist's own count
    return 2 * len(os.sched_getaffinity(0))


@pytest.fixture(autouse=True)
def companion_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private data folder per test; nothing touches the real user folder."""
    home = tmp_path / "companion-home"
    monkeypatch.setenv("COMPANION_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def steady_cursor(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """In snapshots the text cursor stays on: whether it has blinked off depends on timing."""
    if "snap_compare" in request.fixturenames:
        from textual.widgets import Input

        monkeypatch.setattr(Input, "cursor_blink", False)


@pytest.fixture
def make_test_app(companion_home: Path) -> Callable[..., Any]:
    """Build the real app on the test's folder with a seeded RNG and the fixed clock."""
    from widgets.app import make_app

    def build(seed: int = 7, **kwargs: Any) -> Any:
        return make_app(home=companion_home, rng=random.Random(seed), clock=fixed_clock, **kwargs)

    return build


from hypothesis import settings  # noqa: E402

settings.register_profile("companion", deadline=None, max_examples=60, derandomize=True)
settings.load_profile("companion")

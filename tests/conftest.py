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


def share_parsed_css() -> None:
    """Parse each piece of CSS once per test process instead of once per app.

    Every test builds a new app, and each new app's stylesheet parses all of Textual's and our CSS
    again (its own cache holds 64 pieces, fewer than an app has): about a sixth of the CPU of a
    Pilot test. The parsed rules depend only on the CSS, where it comes from, its scope and
    priority, and the theme's variables, which are all in the key; Textual itself reuses them
    from one parse to the next. This is test machinery only (Textual is pinned in pyproject.toml);
    if Textual's private `_parse_rules` changes shape, the tests fail at once, and removing this
    function only makes them slower.
    """
    from textual.css.stylesheet import Stylesheet

    parse_rules = Stylesheet._parse_rules
    parsed: dict[tuple[Any, ...], Any] = {}

    def shared_parse_rules(
        self: Stylesheet,
        css: str,
        read_from: Any,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> Any:
        variables = tuple(sorted(self._variables.items()))
        key = (css, read_from, is_default_rules, tie_breaker, scope, variables)
        if key not in parsed:
            parsed[key] = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        return parsed[key]

    Stylesheet._parse_rules = shared_parse_rules  # type: ignore[method-assign]


share_parsed_css()

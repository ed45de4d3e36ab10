"""Shared fixtures: every test gets its own data folder, a fixed clock, UTC and a seeded RNG; a
failing test keeps its app's screen and log (tests/support/failures.py); the apps of one worker
share their parsed CSS (tests/support/css_cache.py) and the list of the kernel's modules the save
listings stamp (tests/support/kernel_files.py); a worker's end skips what nobody sees
(tests/support/worker_end.py, tests/support/process_end.py)."""

from __future__ import annotations

import compileall
import gc
import os
import random
import sys
import time
from collections.abc import Callable, Generator, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from textual._styles_cache import StylesCache

import lang
from tests.support import css_cache, kernel_files, process_end, worker_end
from tests.support.failures import AppRecorder

os.environ["TZ"] = "UTC"
time.tzset()
os.environ["LANGUAGE"] = "en"  # English words asserted under the English locale (DESIGN.md)
os.environ.pop(lang.BROWSER_LANGUAGES, None)
css_cache.install()  # every app of a worker shares one parse of each CSS source
kernel_files.install()  # every listing of a worker stamps the same modules, found once

pytest_plugins = ["tests.support.snapshots"]  # snap_sizes: several sizes in one app run

FIXED_NOW = datetime(2026, 11, 29, 12, 0, 0, tzinfo=UTC)


def fixed_clock() -> datetime:
    """The clock every test uses, so saves and snapshots never depend on the real time."""
    return FIXED_NOW


GC_THRESHOLDS = (10_000, 20, 20)
"""Python's cycle collector less often than its default (700, 10, 10): a worker holds the
imports and collected tests of the whole suite, and with the defaults its full collections,
each walking all of that, took 12-17 s of each worker's 160 s (about 100 of them); with these,
all its collections take 6-13 s. The apps' memory is the same: cycles are freed a little later."""
PACKAGES = ("companion", "saves", "widgets", "webserve")
"""The project's own packages, compiled once before the workers start."""


def pytest_configure(config: pytest.Config) -> None:
    """Compiled modules are kept for the run even where `PYTHONDONTWRITEBYTECODE` is set (as on
    CI): without them each worker compiles and assertion-rewrites every test module, and each of
    the few hundred `companion` processes the tests start compiles the project again, some 25 s
    of a 3-minute run on a fresh clone. The packages are compiled here, once, before any worker
    starts; the test modules' rewritten code is written by the workers for the next run."""
    sys.dont_write_bytecode = False
    gc.set_threshold(*GC_THRESHOLDS)
    if hasattr(config, "workerinput"):
        return  # a pytest-xdist worker: its controller compiled the packages
    # The workers (and the processes the tests start) keep compiled modules from their first
    # line: pytest rewrites its plug-ins' modules (70 of them, xdist, syrupy, anyio...) before
    # any conftest runs, so with the variable set every worker rewrote them again at each run
    # (about 0.9 s of CPU per worker before its first test).
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    for package in PACKAGES:
        compileall.compile_dir(config.rootpath / package, quiet=2, workers=0)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """A worker skips syrupy's summary of its snapshots, which nobody sees and which costs each
    worker seconds after its last test (tests/support/worker_end.py). Last, so that syrupy's own
    session end (`tryfirst`) has written the snapshots."""
    worker_end.drop_snapshot_summary(session.config)


def pytest_unconfigure(config: pytest.Config) -> None:
    """The process's garbage collected once for all before pytest's five last full collections,
    each of which walks the whole heap of a worker (tests/support/process_end.py)."""
    process_end.collect_then_freeze()


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto` starts two workers per core: a Pilot test spends most of its time asleep (Textual
    waits for the app to go idle twice per key pressed), so one worker per core leaves the cores
    half unused. `PYTEST_XDIST_AUTO_NUM_WORKERS` still overrides it."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS") or not hasattr(os, "sched_getaffinity"):
        return None  # pytest-xdist's own count
    return 2 * len(os.sched_getaffinity(0))


WAITING_FIRST = ("tests/web/", "tests/quality/")
"""Folders whose tests spend most of their time waiting on other processes (a browser, a server,
`companion` commands), run first."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests that mostly wait come first. pytest-xdist's work stealing gives each worker a run of
    the collection and takes from the ends of those runs: left last, the browser tests would all
    wait at the end together with the cores idle; first, their waits overlap the other workers'
    Pilot tests, which keep the cores busy (about 10 s of a 3-minute run)."""
    items.sort(key=lambda item: not item.nodeid.startswith(WAITING_FIRST))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, Any, None]:
    """When a test fails, its keepers (`item.failure_keepers`: the browsers still open) keep what
    they show, and the report names every file kept for it (the apps' screens kept already)."""
    outcome = yield
    report: pytest.TestReport = outcome.get_result()
    if not report.failed:
        return
    kept: list[Path] = getattr(item, "kept_artifacts", [])
    keepers = getattr(item, "failure_keepers", [])
    for keep in keepers:
        try:
            kept.extend(keep())
        except Exception as failed:  # a browser already gone: the report still comes
            report.sections.append(("could not keep", repr(failed)))
    keepers.clear()  # once per test, even when its teardown fails too
    if kept:
        listed = "\n".join(str(path.resolve()) for path in kept)
        report.sections.append(("kept for this failure", listed))


@pytest.fixture(autouse=True)
def recorded_apps(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[AppRecorder]:
    """Every app a test runs with `run_test` is watched: the keys pressed, and on a failure its
    screen (SVG) and log, written to `test-artifacts/` before the app closes."""
    from textual.app import App
    from textual.pilot import Pilot

    recorder = AppRecorder(request.node.nodeid)
    monkeypatch.setattr(App, "run_test", recorder.wrap_run_test(App.run_test))
    monkeypatch.setattr(Pilot, "press", recorder.wrap_press(Pilot.press))
    request.node.kept_artifacts = recorder.kept
    request.node.failure_keepers = []
    yield recorder


@pytest.fixture(autouse=True)
def companion_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private data folder per test; nothing touches the real user folder."""
    home = tmp_path / "companion-home"
    monkeypatch.setenv("COMPANION_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def no_widgets_kept() -> Iterator[None]:
    """Nothing of a test's apps outlives it. Textual keeps the last 1,024 widgets' style caches
    (and every line they drew) in an `lru_cache` on `StylesCache.get_inner_outer`, a method:
    across tests that is the widgets of earlier apps, 100,000 objects each collection walks."""
    yield
    StylesCache.get_inner_outer.cache_clear()


@pytest.fixture(autouse=True)
def steady_cursor(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """In snapshots the text cursor stays on: whether it has blinked off depends on timing."""
    if {"snap_compare", "snap_sizes"} & set(request.fixturenames):
        from textual.widgets import Input

        monkeypatch.setattr(Input, "cursor_blink", False)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Each test starts in English and leaves English behind, whatever it switched to."""
    if lang.current() != lang.SOURCE:
        lang.use(lang.SOURCE)
    yield
    if lang.current() != lang.SOURCE:
        lang.use(lang.SOURCE)


@pytest.fixture
def speak() -> Callable[[str], str]:
    """`speak("fr")`: this test's words in French from now on (English again after it)."""
    return lang.use


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

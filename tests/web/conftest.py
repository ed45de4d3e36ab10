"""The browser tests' `tabs` fixture: the browsers a test opened (`tabs.new`, taken from the
ones this test process keeps) are blanked and kept for the next test at its end. When the test
fails, its screenshot (PNG) and screen text, and what `companion serve` and its apps printed, are
kept in `test-artifacts/` while the browsers are still open (the root conftest's report hook
calls the keeper)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.failures import ARTIFACTS, artifact_name
from tests.web.browser import SERVE_LOG, Browsers, OpenTabs, browser_missing


@pytest.fixture(scope="session")
def browsers() -> Iterator[Browsers]:
    """The Chromiums this test process keeps between its browser tests, closed at its end."""
    kept = Browsers()
    yield kept
    kept.close()


@pytest.fixture
def tabs(
    request: pytest.FixtureRequest, companion_home: Path, browsers: Browsers
) -> Iterator[OpenTabs]:
    """Browsers opened by the test; what each showed is kept if the test fails."""
    missing = browser_missing()
    if missing:
        if os.environ.get("COMPANION_REQUIRE_BROWSER"):
            pytest.fail(missing)
        pytest.skip(missing)
    opened = OpenTabs(browsers)
    name = artifact_name(request.node.nodeid)

    def keep() -> list[Path]:
        kept = [path for tab in opened for path in tab.keep_failure(ARTIFACTS, name)]
        printed = companion_home.parent / SERVE_LOG
        if printed.exists():
            kept.append(Path(shutil.copy(printed, ARTIFACTS / f"{name}-serve.log")))
        return kept

    request.node.failure_keepers.append(keep)
    yield opened
    for tab in opened:
        browsers.give_back(tab)

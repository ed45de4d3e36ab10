"""The browser tests' `tabs` fixture and failure hook: each test's outcome is kept on its item, so
the fixture can take screenshots of the browsers when (and only when) the test failed."""

from __future__ import annotations

import os
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser import Tab, browser_missing

ARTIFACTS = Path(os.environ.get("COMPANION_TEST_ARTIFACTS", "test-artifacts"))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Generator[None, Any, None]:
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


@pytest.fixture
def tabs(request: pytest.FixtureRequest) -> Iterator[list[Tab]]:
    """Browsers opened by the test; screenshots of each are kept if the test fails."""
    missing = browser_missing()
    if missing:
        if os.environ.get("COMPANION_REQUIRE_BROWSER"):
            pytest.fail(missing)
        pytest.skip(missing)
    opened: list[Tab] = []
    yield opened
    report = getattr(request.node, "report_call", None)
    for tab in opened:
        if report is not None and report.failed:
            tab.screenshot(ARTIFACTS, request.node.name)
        tab.close()

"""What a failing test leaves behind: the app's screen as an SVG and its log (the screen stack,
what had the focus, the notifications shown, the keys pressed, the widget tree and the error), in
`test-artifacts/` beside the test report (`COMPANION_TEST_ARTIFACTS` moves it). The browser
tests add each browser's PNG and screen text (`tests/web/conftest.py`); the screenshot tests'
own report, with the expected and the actual SVG side by side, is
`test-artifacts/snapshot_report.html`."""

from __future__ import annotations

import io
import os
import re
import traceback
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

ARTIFACTS = Path(os.environ.get("COMPANION_TEST_ARTIFACTS", "test-artifacts"))
"""Where a failing test's screenshots and logs go (relative to where pytest runs)."""


def artifact_name(test_id: str) -> str:
    """A file name from a test's node id (`tests/shell/test_home.py::test_x[80x24]`)."""
    return re.sub(r"[^\w.-]+", "_", test_id.removeprefix("tests/")).strip("_")[:180]


class AppRecorder:
    """Wraps `App.run_test` and `Pilot.press` for one test: records the keys each app was sent,
    and when the test fails inside `run_test` keeps the app's screen and log before it closes."""

    def __init__(self, test_id: str) -> None:
        self.test_id = test_id
        self.keys: dict[int, list[str]] = {}
        self.kept: list[Path] = []

    def wrap_run_test(self, original: Callable[..., Any]) -> Callable[..., Any]:
        recorder = self

        @asynccontextmanager
        async def run_test(app: Any, *args: Any, **kwargs: Any) -> AsyncIterator[Any]:
            kept = False
            try:
                async with original(app, *args, **kwargs) as pilot:
                    try:
                        yield pilot
                    except Exception as error:  # the test failed with the app still running
                        recorder.keep(app, error, with_screen=True)
                        kept = True
                        raise
            except Exception as error:  # the app itself failed, or closed under the test
                if not kept:
                    recorder.keep(app, error, with_screen=False)
                raise

        return run_test

    def wrap_press(self, original: Callable[..., Any]) -> Callable[..., Any]:
        recorder = self

        async def press(pilot: Any, *keys: str) -> None:
            recorder.keys.setdefault(id(pilot.app), []).extend(keys)
            await original(pilot, *keys)

        return press

    def keep(self, app: Any, error: BaseException, with_screen: bool) -> None:
        """Write the app's SVG screenshot (while it still has a screen) and its log."""
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        name = artifact_name(self.test_id) + (f"-{len(self.kept) // 2}" if self.kept else "")
        if with_screen:
            try:
                svg = app.export_screenshot(title=self.test_id)
            except Exception as failed:  # a screen half torn down: the log still says why
                svg = None
                error.add_note(f"no screenshot: {failed!r}")
            if svg is not None:
                picture = ARTIFACTS / f"{name}.svg"
                picture.write_text(svg, encoding="utf-8")
                self.kept.append(picture)
        log = ARTIFACTS / f"{name}.log"
        log.write_text(self.log_of(app, error), encoding="utf-8")
        self.kept.append(log)

    def log_of(self, app: Any, error: BaseException) -> str:
        lines = [f"test: {self.test_id}", f"app: {type(app).__name__}"]
        lines += _described(app)
        lines.append(f"keys pressed: {' '.join(self.keys.get(id(app), [])) or '(none)'}")
        lines += ["", "error:", "".join(traceback.format_exception(error))]
        return "\n".join(lines)


def _described(app: Any) -> list[str]:
    """The app's state as far as it can still be read: each part on its own, so one that fails
    (a screen being torn down) does not hide the others."""
    from rich.console import Console

    lines: list[str] = []
    parts: dict[str, Callable[[], Any]] = {
        "size": lambda: app.size,
        "screens": lambda: " > ".join(type(screen).__name__ for screen in app.screen_stack),
        "focused": lambda: app.focused,
        "notifications": lambda: [str(toast.render()) for toast in app.screen.query("Toast")],
    }
    for label, read in parts.items():
        try:
            lines.append(f"{label}: {read()}")
        except Exception as failed:
            lines.append(f"{label}: unreadable ({failed!r})")
    try:
        console = Console(file=io.StringIO(), width=120, color_system=None)
        console.print(app.screen.tree)
        lines += ["widgets:", console.file.getvalue()]  # type: ignore[attr-defined]
    except Exception as failed:
        lines.append(f"widgets: unreadable ({failed!r})")
    return lines

"""The harness itself: a failing Pilot test keeps the app's screen and log, and a wait that
reaches its limit says what it waited for."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Static

from tests.support import failures
from tests.support.failures import AppRecorder, artifact_name
from tests.support.waiting import WaitTimedOut, pause_until, wait_until


class Greeting(App[None]):
    """The smallest app with something to show."""

    def compose(self) -> ComposeResult:
        yield Static("Hello from the table", id="greeting")


async def test_a_failing_pilot_test_keeps_the_screen_and_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(failures, "ARTIFACTS", tmp_path)
    recorder = AppRecorder("tests/shell/test_x.py::test_y[80x24]")
    run_test = recorder.wrap_run_test(App.run_test)
    press = recorder.wrap_press(Pilot.press)
    app = Greeting()
    with pytest.raises(AssertionError, match="the greeting changed"):
        async with run_test(app, size=(40, 10)) as pilot:
            await press(pilot, "x", "ctrl+z")
            raise AssertionError("the greeting changed")
    name = artifact_name(recorder.test_id)
    assert name == "shell_test_x.py_test_y_80x24"
    assert recorder.kept == [tmp_path / f"{name}.svg", tmp_path / f"{name}.log"]
    assert "Hello" in (tmp_path / f"{name}.svg").read_text()
    log = (tmp_path / f"{name}.log").read_text()
    assert "screens: Screen" in log and "keys pressed: x ctrl+z" in log
    assert "AssertionError: the greeting changed" in log and "Static(id='greeting')" in log


async def test_a_wait_that_reaches_its_limit_names_what_it_waited_for() -> None:
    app = Greeting()
    async with app.run_test() as pilot:
        with pytest.raises(WaitTimedOut, match=r"s for lambda: app\.screen\.query\(\"#nowhere\"\)"):
            await pause_until(pilot, lambda: app.screen.query("#nowhere"), most=0.2)
        await pause_until(pilot, lambda: bool(app.screen.query("#greeting")))


def test_a_wait_outside_the_app_returns_what_it_found_or_names_what_it_missed(
    tmp_path: Path,
) -> None:
    written = tmp_path / "written"
    written.write_text("saved")
    assert wait_until(written.read_text, "the file's text") == "saved"
    with pytest.raises(WaitTimedOut, match=r"still waiting after 0\.2 s for the other file"):
        wait_until((tmp_path / "other").exists, "the other file", most=0.2)

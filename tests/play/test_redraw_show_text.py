"""A play screen's panels change by what changed: a Static whose new words take the same lines
is redrawn without laying the screen out again; one that grows or shrinks is laid out, so it
is never cut (issue 33: a key spends more on a layout than on anything else it does)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from tests.play.test_many_hands_app import open_latest
from tests.support.samples import install_sample
from tests.support.waiting import pause_until
from widgets.kit.shown import keeps_size


class Panels(App[None]):
    CSS = "#fixed { height: 3; } #auto-width { width: auto; }"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Azrak 3/5", id="lines")
            yield Static("one", id="fixed")
            yield Static("short", id="auto-width")


async def test_the_same_lines_keep_the_size_and_more_lines_do_not() -> None:
    app = Panels()
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        lines = app.query_one("#lines", Static)
        before = lines.content_size
        lines.update("Azrak 2/5", layout=False)
        assert keeps_size(lines, before)
        lines.update("Azrak 2/5\nFear 1", layout=False)
        assert not keeps_size(lines, before)
        fixed = app.query_one("#fixed", Static)
        fixed.update("one\ntwo", layout=False)  # its height is set: more lines fit or scroll
        assert keeps_size(fixed, fixed.content_size)
        auto = app.query_one("#auto-width", Static)
        auto.update("a longer line", layout=False)  # its width follows its words
        assert not keeps_size(auto, auto.content_size)


async def test_a_panel_that_gains_a_line_on_a_play_screen_grows_to_show_it(
    make_test_app: Any, companion_home: Path
) -> None:
    install_sample(companion_home, "cavendish")
    app = make_test_app()
    async with app.run_test(size=(80, 30)) as pilot:
        screen = await open_latest(app, pilot)
        prompt = screen.query_one("#conflict", Static)
        prompt.display = True
        screen.show_text("#conflict", "first line")
        await pilot.pause()
        height = prompt.size.height
        screen.show_text("#conflict", "first line\nsecond line\nthird line")
        await pause_until(pilot, lambda: prompt.size.height == height + 2)
        screen.show_text("#conflict", "changed line\nsecond line\nthird line")
        await pilot.pause()
        assert prompt.size.height == height + 2
        assert "changed line" in str(prompt.render())

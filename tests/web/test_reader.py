"""The served app for a screen reader, in Chromium: `?reader=1` (or the switch on the page, kept
in the browser) turns on xterm.js's screen reader mode, so the screen's text is in the page, in
its accessibility tree, and the app is played from there as from the screen.

Run with `pytest -n 0 -m browser tests/web` (see test_browser.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.samples import install_sample
from tests.support.waiting import wait_until
from tests.web.browser import START_SECONDS, OpenTabs, Tab, served

pytestmark = pytest.mark.browser

TREE = """
const tree = document.querySelector('.xterm-accessibility-tree');
return tree ? tree.innerText.replace(/\\u00a0/g, ' ') : null;
"""
"""The text xterm.js gives assistive technology: one element per row of the screen."""
SWITCH = "return document.querySelector('.reader-switch').getAttribute('aria-pressed');"


def read_aloud(tab: Tab, wanted: str) -> str:
    """The accessibility tree's text once it holds `wanted`."""
    said = [""]

    def holds() -> bool:
        said[0] = tab.script(TREE) or ""
        return wanted in said[0]

    wait_until(holds, f"{wanted!r} in the accessibility tree", START_SECONDS)
    return said[0]


def test_reader_mode_puts_the_screen_in_the_accessibility_tree_and_is_remembered(
    tabs: OpenTabs, companion_home: Path
) -> None:
    install_sample(companion_home, "time-bastards")
    with served(companion_home) as (_server, url):
        tab = tabs.new("reader")
        tab.open(url + "?reader=1")
        said = read_aloud(tab, "Mara vs Jonas")  # the home screen's saved game, as text
        assert tab.script(SWITCH) == "true"
        assert tab.script("return document.querySelector('.xterm canvas') === null;")
        tab.press("r")  # played from the keyboard as ever: the tree follows the screen
        read_aloud(tab, "Jonas's turn")
        assert "Jonas's turn" not in said

        tab.open(url)  # remembered in this browser without the flag
        read_aloud(tab, "Mara vs Jonas")
        tab.script("document.querySelector('.reader-switch').click();")  # the switch: off
        wait_until(lambda: tab.script(SWITCH) == "false", "the switch off", START_SECONDS)
        tab.wait_for(lambda shown: "Mara vs Jonas" in shown, START_SECONDS, "the home screen")
        assert tab.script(TREE) is None  # no accessibility tree: the plain renderer

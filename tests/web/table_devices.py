"""Test support for several browsers playing one Cavendish mission: what a page's screen says of
the crystals, which device a browser is in the game's records, and how long another device's
action takes to show on a page.

The latency is taken in the page itself: a MutationObserver on the terminal's rows notes the
wall-clock time (`Date.now()`, the clock Python's `time.time()` reads) at which the awaited text
is first in the page, so how often Python looks does not add to the figure.
"""

from __future__ import annotations

import re
import threading
import time
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

from saves.shared.devices import public_id
from tests.web.browser import Tab

DEVICE_COOKIE = "companion-device"
"""The cookie `companion serve` keeps a browser's device id in (webserve/server.py)."""
AGENT_ROW = r"{agent}\s+{player}\s+(\d+)/(\d+)"
"""An agent's row in the play screen's agents table: receptacle, player, pool/starting."""
CRYSTALS = re.compile(r"Vortex (\d+) · Mission Return (\d+)")

WATCH = """
const [pattern] = arguments;
const rows = document.querySelector('.xterm-rows');
const wanted = new RegExp(pattern);
if (window.companionWatch) { window.companionWatch.disconnect(); }
window.companionSeen = null;
const look = () => {
  if (window.companionSeen === null && wanted.test(rows.innerText.replace(/\\u00a0/g, ' '))) {
    window.companionSeen = Date.now();
    window.companionWatch.disconnect();
  }
};
window.companionWatch = new MutationObserver(look);
window.companionWatch.observe(rows, {childList: true, subtree: true, characterData: true});
look();
return window.companionSeen;
"""
"""Start noting when the screen first matches a pattern (fails if it already does)."""


def pools_shown(text: str, seats: dict[str, str]) -> dict[str, int]:
    """Each agent's pool as the agents table shows it (agent -> crystals), for the agents
    `seats` names (agent -> player) whose row is on the screen."""
    shown = {}
    for agent, player in seats.items():
        found = re.search(AGENT_ROW.format(agent=agent, player=player), text)
        if found:
            shown[agent] = int(found.group(1))
    return shown


def crystals_shown(text: str) -> tuple[int, int] | None:
    """The Vortex and the Mission Return card as the screen shows them."""
    found = CRYSTALS.search(text)
    return (int(found.group(1)), int(found.group(2))) if found else None


def device_of(tab: Tab) -> str:
    """The public id the browser's actions carry in the game's records (`by`)."""
    cookie = tab.driver.get_cookie(DEVICE_COOKIE)
    assert cookie is not None, f"{tab.name} has no device cookie"
    return public_id(cookie["value"])


def send_keys(tab: Tab, keys: str) -> float:
    """Type characters into the terminal as fast as the browser takes them (no pause between
    keys); returns the wall-clock time the first was sent."""
    from selenium.webdriver.common.action_chains import ActionChains

    tab.script("document.querySelector('.xterm-helper-textarea').focus()")
    sent = time.time()
    ActionChains(tab.driver).send_keys(keys).perform()
    return sent


def watch_for(tab: Tab, pattern: str) -> None:
    """Note the moment the page first shows `pattern` (a JavaScript regular expression)."""
    already = tab.driver.execute_script(WATCH, pattern)
    assert already is None, f"{tab.name} already shows /{pattern}/"


def seen_after(tab: Tab, sent: float, seconds: float, what: str) -> float:
    """Milliseconds from `sent` to the watched pattern showing on the page."""
    deadline = time.monotonic() + seconds
    while True:
        seen = tab.script("return window.companionSeen;")
        if seen is not None:
            return float(seen) - sent * 1000
        if time.monotonic() > deadline:
            raise AssertionError(f"{tab.name}: no {what} within {seconds} s:\n{tab.text()}")
        time.sleep(0.01)


class Growth:
    """The wall-clock moment a file grows (a record appended), noted by a thread that looks at
    its size every millisecond: it splits an action's way to another screen in two."""

    def __init__(self, path: Path, seconds: float) -> None:
        self.path = path
        self.size = path.stat().st_size
        self.deadline = time.monotonic() + seconds
        self.at: float | None = None
        self.thread = threading.Thread(target=self._look, daemon=True)
        self.thread.start()

    def _look(self) -> None:
        while time.monotonic() < self.deadline:
            if self.path.stat().st_size != self.size:
                self.at = time.time()
                return
            time.sleep(0.001)

    def after(self, sent: float) -> float:
        """Milliseconds from `sent` to the file's growth."""
        self.thread.join()
        assert self.at is not None, f"{self.path.name} did not grow"
        return (self.at - sent) * 1000


def records_by_device(path: Path) -> Counter[tuple[str, str, str]]:
    """The game file's records counted by (device, kind or action name, agent)."""
    records = tomllib.loads(path.read_text("utf-8"))["records"]
    counted: Counter[tuple[str, str, str]] = Counter()
    for record in records.values():
        action: dict[str, Any] = record.get("do", {})
        kind = action.get("action") or next(k for k in ("undo", "redo", "details") if k in record)
        counted[(record.get("by", ""), kind, action.get("agent", ""))] += 1
    return counted

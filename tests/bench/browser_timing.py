"""How the browser benchmark times a page, in the page itself, so that how often Python looks
and the WebDriver's round trips add nothing to a figure:

- a script installed in a browser before any page of it runs (`watch_start`) notes the moment the
  terminal first shows a pattern, in milliseconds since the navigation started (the clock of
  the page's first paint and of its socket's opening), and the wall-clock moment of every key
  typed (`Date.now()`, the clock of `tests/web/table_devices.py`'s watch of a change);
- `quiet` waits, before each sample, until the servers and every app they run have stopped
  using the CPU: an app ending or one starting for the last sample does not fall on the next.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from collections.abc import Iterable
from pathlib import Path

from tests.web.browser import START_SECONDS, Tab
from tests.web.table_devices import watch_for

ON_EVERY_PAGE = """
(() => {
  const wanted = new RegExp(%s);
  window.benchShownAt = null;
  window.benchKeyAt = null;
  const look = () => {
    const rows = document.querySelector('.xterm-rows');
    if (window.benchShownAt === null && rows &&
        wanted.test(rows.innerText.replace(/\\u00a0/g, ' '))) {
      window.benchShownAt = performance.now();
      shown.disconnect();
    }
  };
  const shown = new MutationObserver(look);
  shown.observe(document, {childList: true, subtree: true, characterData: true});
  document.addEventListener('keydown', (event) => {
    if (!['Control', 'Shift', 'Alt', 'Meta'].includes(event.key)) window.benchKeyAt = Date.now();
  }, true);
})();
"""
LOAD = (
    "return [performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,"
    " window.companionSocket.openedAt, window.benchShownAt];"
)
IDLE_SECONDS = 0.3
"""No CPU used by a server or its apps for this long: the last sample is over."""
IDLE_MOST_SECONDS = 30.0
"""The longest `quiet` waits: a busy machine may never leave them all idle that long."""


def watch_start(tab: Tab, pattern: str) -> None:
    """Every page this browser loads from now notes when its terminal first shows `pattern` (a
    JavaScript regular expression) and when a key was last typed."""
    source = ON_EVERY_PAGE % json.dumps(pattern)
    tab.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": source})


def load(tab: Tab, url: str) -> tuple[float, float, float]:
    """Load the page and wait for its app's screen: first paint, socket opened and the pattern
    shown, each in ms from the navigation's start. The page is left (its app ends) after."""
    tab.open(url)
    try:
        wait_for_page(tab, "window.benchShownAt !== null", "the app's screen")
        painted, opened, shown = tab.script(LOAD)
    finally:
        tab.open("about:blank")
    return float(painted), float(opened), float(shown)


def wait_for_page(tab: Tab, condition: str, what: str) -> None:
    deadline = time.monotonic() + START_SECONDS
    while not tab.script(f"return Boolean({condition});"):
        if time.monotonic() > deadline:
            raise AssertionError(f"{tab.name}: no {what} within {START_SECONDS} s:\n{tab.text()}")
        time.sleep(0.01)


def key_to_shown(tab: Tab, watcher: Tab, keys: str, pattern: str) -> float:
    """Milliseconds from a key typed in `tab` to `pattern` on `watcher`'s screen (the same tab
    for a key's echo, another for a follow)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    watch_for(watcher, pattern)
    tab.script("window.benchKeyAt = null; document.querySelector('.xterm-helper-textarea').focus()")
    typing = ActionChains(tab.driver)
    if keys.startswith("ctrl+"):
        typing.key_down(Keys.CONTROL).send_keys(keys[-1]).key_up(Keys.CONTROL)
    else:
        typing.send_keys(keys)
    typing.perform()
    wait_for_page(watcher, "window.companionSeen !== null", f"/{pattern}/ after {keys}")
    typed = tab.script("return window.benchKeyAt;")
    seen = watcher.script("return window.companionSeen;")
    return float(seen) - float(typed)


def quiet(servers: Iterable[int]) -> None:
    """Wait until the servers and their apps have used no CPU for `IDLE_SECONDS` (at most
    `IDLE_MOST_SECONDS`: a figure taken then is still taken, on a busier machine)."""
    pids = list(servers)
    deadline = time.monotonic() + IDLE_MOST_SECONDS
    before = _cpu_ticks(pids)
    while time.monotonic() < deadline:
        time.sleep(IDLE_SECONDS)
        now = _cpu_ticks(pids)
        if now == before:
            return
        before = now


def _cpu_ticks(servers: list[int]) -> dict[int, int]:
    """User + system clock ticks of each server and each of its children."""
    ticks = {}
    for pid in [*servers, *(child for server in servers for child in _children(server))]:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text("ascii")
        except OSError:
            continue  # ended meanwhile
        fields = stat.rsplit(")", 1)[1].split()  # after the command's name, which may hold spaces
        ticks[pid] = int(fields[11]) + int(fields[12])
    return ticks


def _children(pid: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(line) for line in found.split() if int(line) != os.getpid()]

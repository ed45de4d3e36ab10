"""`companion serve` in headless Chromium (the system's, as the browser tests drive it): how soon
a phone's page paints and opens its terminal while every name but this computer's leads to a
server that never answers, and how soon one browser shows a move made on another. These were
time limits inside the browser tests; a test only waits for them now, and the figures live here.
Run by `run.py` (`--only browser`); without Chromium the figure says why it was not measured.
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from tests.support.samples import install_sample
from tests.web.browser import PHONE, START_SECONDS, Tab, browser_missing, served
from tests.web.table_devices import seen_after, send_keys, watch_for
from tests.web.test_phone import offline_flags, silent_server

Row = tuple[str, float, str, str, bool, str]
"""(name, value, unit, target, met, detail): one figure, as run.py's `Figure` takes it."""
OPENED_MS = 2000.0
"""The promise of issue 24: the page paints and opens its terminal within 2 s, whatever the
network does."""
FOLLOW_MS = 2000.0
"""The promise of issue 13: another browser shows a move within 2 s."""
SAVED_GAMES = "Mara vs Jonas"
PAINTED = "return performance.getEntriesByName('first-contentful-paint')[0].startTime;"


def page_opening(url: str, port: int, reps: int) -> tuple[list[float], list[float]]:
    """First paint and terminal socket opened (ms from navigation), on a phone offline."""
    painted, opened = [], []
    phone = Tab("phone", PHONE, offline_flags(port))
    try:
        phone.open(url)  # the token in the address becomes a cookie: later loads have none
        phone.wait_for(lambda shown: SAVED_GAMES in shown, START_SECONDS, "the saved games")
        page = phone.driver.current_url
        for _ in range(reps):
            phone.open(page)
            phone.wait_for(lambda shown: SAVED_GAMES in shown, START_SECONDS, "the saved games")
            painted.append(float(phone.script(PAINTED)))
            opened.append(float(phone.script("return window.companionSocket.openedAt;")))
    finally:
        phone.close()
    return painted, opened


def following(url: str, reps: int) -> list[float]:
    """Milliseconds from a move's key in one browser to the move on the other's screen."""
    seen: list[float] = []
    mover, watcher = Tab("mover"), Tab("watcher")
    try:
        for tab in (mover, watcher):
            tab.open(url)
            tab.wait_for(lambda shown: SAVED_GAMES in shown, START_SECONDS, "the saved games")
            tab.press("r")
            tab.wait_for(lambda shown: "'s turn" in shown, START_SECONDS, "whose turn")
        for _ in range(reps):
            waiting = "Mara" if "Jonas's turn" in watcher.text() else "Jonas"
            watch_for(watcher, f"{waiting}'s turn")
            sent = send_keys(mover, "m")
            seen.append(seen_after(watcher, sent, START_SECONDS, f"{waiting}'s turn"))
            mover.wait_for(lambda shown, w=waiting: f"{w}'s turn" in shown, what="its own move")
    finally:
        mover.close()
        watcher.close()
    return seen


def browser_rows(reps: int) -> list[Row]:
    missing = browser_missing()
    if missing:
        return [("browser figures", 0.0, "ms", "measured", False, f"not measured: {missing}")]
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        home = Path(folder) / "companion-home"
        install_sample(home, "time-bastards")
        with silent_server() as port, served(home, "--host", "0.0.0.0") as (_server, url):
            painted, opened = page_opening(url, port, reps)
        with served(home) as (_server, url):
            seen = following(url, min(reps, 10))  # a duel has about 50 moves left
    return [
        _row("phone page: first paint, offline", painted, OPENED_MS, "loads"),
        _row("phone page: terminal socket opened, offline", opened, OPENED_MS, "loads"),
        _row("another browser's move on screen", seen, FOLLOW_MS, "moves"),
    ]


def _row(name: str, values: list[float], most: float, counted: str) -> Row:
    worst = max(values)
    detail = f"worst {worst:.0f} ms of {len(values)} {counted} (Chromium, the served app)"
    return (name, statistics.median(values), "ms", f"< {most:.0f} ms, worst", worst < most, detail)

"""`companion serve` in real browsers: a browser plays from the keyboard and its save changes, a
second browser on the same game plays too and each follows the other, a wrong token gets 403.

Run on its own with `pytest -m browser`. `.ci/run` installs Debian's chromium and chromium-driver
when missing and sets COMPANION_REQUIRE_BROWSER, so there a missing browser fails instead of
skipping. On failure, screenshots of both browsers are kept in `test-artifacts/` (or the folder
named by COMPANION_TEST_ARTIFACTS).
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import threading
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.support.samples import install_sample
from tests.web.browser import PHONE, START_SECONDS, OpenTabs, http_status, served

pytestmark = pytest.mark.browser

FOLLOW_SECONDS = 20.0
"""The limit of a move showing on the other browser: ten times the issue's promise of two
seconds, so only a hang reaches it (the time itself is a figure of `tests/bench/run.py`)."""


def actions_in(path: Path) -> int:
    """The steps of the game in the file (format 1's actions, or format 2's records)."""
    data = tomllib.loads(path.read_text("utf-8"))
    if "actions" in data:
        return len(data["actions"])
    return sum("do" in record for record in data["records"].values())


def children_of(pid: int) -> set[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return {int(line) for line in found.split()}


def descendants_of(pid: int) -> set[int]:
    """Every process under `pid`: the server's warm parent and the apps it forked."""
    found, waiting = set(), [pid]
    while waiting:
        children = children_of(waiting.pop())
        found |= children
        waiting.extend(children)
    return found


def apps_of(pid: int) -> set[int]:
    """The processes under the server that run a browser's app: the warm parent that forks
    them runs a single thread."""
    running = set()
    for child in descendants_of(pid):
        with contextlib.suppress(FileNotFoundError):  # ended meanwhile
            if len(os.listdir(f"/proc/{child}/task")) > 1:
                running.add(child)
    return running


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_two_browsers_play_one_game_and_each_follows_the_other(
    tabs: OpenTabs, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards", played_at=datetime.now(UTC))
    save = companion_home / "games" / f"{save_id}.toml"
    with served(companion_home, "--host", "0.0.0.0") as (server, url):
        base, key = url.split("/s/")
        assert key and http_status(url) == 200
        assert http_status(f"{base}/") == 403
        assert http_status(f"{base}/?token=not-the-token") == 403
        assert http_status(f"{base}/ws?token=not-the-token") == 403
        assert http_status(f"{base}/s/{key[:-1]}") == 403

        driver = tabs.new("driver")
        driver.open(url)
        driver.wait_for(lambda shown: "Mara vs Jonas" in shown, START_SECONDS, "saved game")
        driver.press("r")  # resume the newest game
        driver.wait_for(lambda shown: "Jonas's turn" in shown, START_SECONDS, "Jonas's turn")
        before = actions_in(save)
        driver.press("m")  # Jonas moves his earliest piece forward
        driver.wait_for(lambda shown: "Mara's turn" in shown, FOLLOW_SECONDS, "Mara's turn")
        assert actions_in(save) == before + 1

        viewer = tabs.new("viewer")
        viewer.open(url)
        viewer.wait_for(lambda shown: "Mara vs Jonas" in shown, START_SECONDS, "saved game")
        viewer.press("r")  # the second browser plays too: its play screen, not a watching view
        viewer.wait_for(lambda shown: "Mara's turn" in shown, START_SECONDS, "whose turn")

        driver.press("m")  # Mara moves: the viewer follows
        driver.wait_for(lambda shown: "Jonas's turn" in shown, FOLLOW_SECONDS, "Jonas's turn")
        assert actions_in(save) == before + 2
        viewer.wait_for(
            lambda shown: "Jonas's turn" in shown and "Mara's turn" not in shown,
            FOLLOW_SECONDS,
            "the driver's move",
        )

        viewer.press("m")  # Jonas moves from the second browser: the first follows
        viewer.wait_for(
            lambda shown: "Mara's turn" in shown and "Jonas's turn" not in shown,
            FOLLOW_SECONDS,
            "its own move",
        )
        driver.wait_for(
            lambda shown: "Mara's turn" in shown and "Jonas's turn" not in shown,
            FOLLOW_SECONDS,
            "the other's move",
        )
        assert actions_in(save) == before + 3

        apps = descendants_of(server.pid)
        server.send_signal(2)  # Ctrl+C
        assert server.wait(timeout=15) == 0
        assert not [pid for pid in apps if alive(pid)]  # every browser's app has ended
    assert actions_in(save) == before + 3


PAGE = b"""<!DOCTYPE html>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script>setInterval(function () { fetch("/again"); }, 20);</script>
"""
"""A page sized to its device, as the companion's is, whose script keeps asking for more."""


class PageHandler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the requests are the browser's business."""


@contextmanager
def busy_page() -> Iterator[str]:
    """The address of `PAGE`, served on this computer from a thread for the test's length: a
    browser's page to leave behind needs no app."""
    with ThreadingHTTPServer(("127.0.0.1", 0), PageHandler) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}/"
        finally:
            server.shutdown()
            thread.join()


def test_a_kept_browser_comes_back_blank_on_its_own_screen(tabs: OpenTabs) -> None:
    """The next test's browser, taken from the ones kept: no page (its script no longer asks
    for anything), no cookie, no resize left."""
    with busy_page() as url:
        phone = tabs.browsers.take("phone", PHONE)
        phone.open(url)
        phone.driver.add_cookie({"name": "left-over", "value": "1"})
        keyboard_up = {"width": 390, "height": 450, "deviceScaleFactor": 3, "mobile": True}
        phone.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", keyboard_up)
        tabs.browsers.give_back(phone)
        again = tabs.new("again", PHONE)
        assert again is phone and again.name == "again"
        assert again.script("return window.location.href;") == "about:blank"
        assert again.requested() == []
        again.open(url)
        assert again.driver.get_cookie("left-over") is None
        assert again.script("return [window.innerWidth, window.innerHeight];") == [390, 844]

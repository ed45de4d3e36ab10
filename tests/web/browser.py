"""Test support: `companion serve` in a child process, and headless Chromium tabs driven by Selenium
through the system's chromedriver (Debian's `chromium` and `chromium-driver`).

Chromium runs with WebGL off, so xterm.js draws the screen with its DOM renderer: the screen's text
is then in the page (`.xterm-rows`), readable as a player would read it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-webgl",
    "--disable-3d-apis",  # no WebGL: xterm.js falls back to its DOM renderer, text in the page
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",  # this machine has no internet: no calls home
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1100,720",
]
START_SECONDS = 20.0
"""A cold start of the app in a browser on a busy two-core machine."""
ADDRESS = re.compile(r"http://\S+:(\d+)(/s/[A-Z2-7]+)?")
"""The first address `serve` prints: the play page's (its scan address on a network)."""


def browser_missing() -> str | None:
    """Why the browser test cannot run here, or None."""
    for program in (CHROMIUM, CHROMEDRIVER):
        if shutil.which(program) is None:
            return f"{program} is not installed (apt-get install chromium chromium-driver)"
    return None


@contextmanager
def served(home: Path, *args: str) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """`companion serve` on a free port; yields the process and the address it printed, pointed
    at 127.0.0.1. Stopped with Ctrl+C (SIGINT) at the end, as a player stops it."""
    environment = dict(os.environ, COMPANION_HOME=str(home), PYTHONUNBUFFERED="1")
    command = [sys.executable, "-m", "companion", "serve", "--port", "0", *args]
    process = subprocess.Popen(command, env=environment, stdout=subprocess.PIPE, text=True)
    try:
        yield process, _printed_address(process)
    finally:
        if process.poll() is None:
            process.send_signal(2)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()


def _printed_address(process: subprocess.Popen[str]) -> str:
    assert process.stdout is not None
    for line in process.stdout:
        found = ADDRESS.search(line)
        if found:
            return f"http://127.0.0.1:{found.group(1)}{found.group(2) or '/'}"
    raise AssertionError(f"`companion serve` printed no address (exit code {process.poll()})")


@dataclass(frozen=True)
class Device:
    """A phone or tablet for Chromium's mobile emulation, in CSS pixels."""

    width: int
    height: int
    pixel_ratio: float
    user_agent: str


PHONE = Device(
    390,
    844,
    3.0,
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/126.0 Mobile Safari/537.36",
)
TABLET = Device(
    1280,
    800,
    2.0,
    "Mozilla/5.0 (Linux; Android 14; Tablet) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/126.0 Safari/537.36",
)


class Tab:
    """One browser at the table: a headless Chromium showing the served app."""

    def __init__(self, name: str, device: Device | None = None, flags: Sequence[str] = ()) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in (*CHROMIUM_FLAGS, *flags):
            options.add_argument(flag)
        if device is not None:
            metrics = {"width": device.width, "height": device.height}
            metrics |= {"pixelRatio": device.pixel_ratio, "touch": True}
            emulation = {"deviceMetrics": metrics, "userAgent": device.user_agent}
            options.add_experimental_option("mobileEmulation", emulation)
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
        self.name = name
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)

    def open(self, url: str) -> None:
        self.driver.get(url)

    def text(self) -> str:
        """The terminal's screen as lines of text (what xterm.js shows)."""
        script = "const r = document.querySelector('.xterm-rows'); return r ? r.innerText : '';"
        shown: str = self.driver.execute_script(script)
        return shown.replace("\xa0", " ")

    def wait_for(self, condition: Callable[[str], bool], seconds: float, what: str) -> str:
        """The screen's text once `condition` holds; fails naming `what` after `seconds`."""
        deadline = time.monotonic() + seconds
        while True:
            shown = self.text()
            if condition(shown):
                return shown
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: no {what} within {seconds} s:\n{shown}")
            time.sleep(0.05)

    def press(self, *keys: str) -> None:
        """Type keys into the terminal, as a player's keyboard would: characters, or the names
        `escape`, `enter` and `tab`."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        named = {"escape": Keys.ESCAPE, "enter": Keys.ENTER, "tab": Keys.TAB}
        self.driver.execute_script("document.querySelector('.xterm-helper-textarea').focus()")
        for key in keys:
            ActionChains(self.driver).send_keys(named.get(key, key)).perform()
            time.sleep(0.15)

    def requested(self) -> list[str]:
        """Every address the browser asked for since the last call (its network log)."""
        import json

        urls = []
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message["method"] == "Network.requestWillBeSent":
                urls.append(message["params"]["request"]["url"])
        return urls

    def script(self, source: str) -> Any:
        return self.driver.execute_script(source)

    def page_source(self) -> str:
        source: str = self.driver.page_source
        return source

    def screenshot(self, folder: Path, test_name: str) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{test_name}-{self.name}.png"
        self.driver.save_screenshot(str(path))
        return path

    def close(self) -> None:
        self.driver.quit()


def http_status(url: str) -> int:
    """The status of a plain GET, cookies kept across its redirects (403 is an answer)."""
    from http.cookiejar import CookieJar
    from urllib.error import HTTPError
    from urllib.request import HTTPCookieProcessor, build_opener

    try:
        with build_opener(HTTPCookieProcessor(CookieJar())).open(url, timeout=10) as response:
            status: int = response.status
            return status
    except HTTPError as error:
        return error.code

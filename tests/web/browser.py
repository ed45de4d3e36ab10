"""Test support: `companion serve` in a child process, and headless Chromium tabs driven by Selenium
through the system's chromedriver (Debian's `chromium` and `chromium-driver`).

Chromium runs with WebGL off, so xterm.js draws the screen with its DOM renderer: the screen's text
is then in the page (`.xterm-rows`), readable as a player would read it.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.support.waiting import HANG_SECONDS, WaitTimedOut, described, wait_until

BROWSERS = [
    (
        "/usr/bin/chromium",
        "/usr/bin/chromedriver",
    ),  # Debian 12: apt-get install chromium chromium-driver
    ("/snap/bin/chromium", "/snap/bin/chromium.chromedriver"),  # Ubuntu 24.04: the chromium snap
]
"""Where the system's Chromium and its driver are, first found first used."""
CHROMIUM, CHROMEDRIVER = next(
    ((browser, driver) for browser, driver in BROWSERS if os.path.exists(browser)), BROWSERS[0]
)
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
START_SECONDS = 120.0
"""The limit of a cold start of the app in a browser: 2-6 s on two idle cores, past 20 s at a load
of 15; only a hang reaches this."""
SERVE_LOG = "serve.log"
"""What `companion serve` and its apps print, kept beside the test's data folder (and copied to
the test's artifacts when it fails)."""
ADDRESS = re.compile(r"http://\S+:(\d+)(/s/[A-Z2-7]+)?")
"""The first address `serve` prints: the play page's (its scan address on a network)."""


def browser_missing() -> str | None:
    """Why the browser test cannot run here, or None."""
    for program in (CHROMIUM, CHROMEDRIVER):
        if shutil.which(program) is None:
            return (
                f"{program} is not installed (Debian: apt-get install chromium chromium-driver; "
                "Ubuntu: snap install chromium)"
            )
    return None


SERVE = ("-m", "companion", "serve")


@contextmanager
def served(
    home: Path, *args: str, program: Sequence[str] = SERVE
) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """`companion serve` on a free port; yields the process and the address it printed, pointed
    at 127.0.0.1. What it prints goes to `SERVE_LOG` beside `home`. Stopped with Ctrl+C (SIGINT)
    at the end, as a player stops it. `program`: another server taking `--port` and printing its
    address the same way (the benchmark's `serve_app.py`)."""
    environment = dict(os.environ, COMPANION_HOME=str(home), PYTHONUNBUFFERED="1")
    command = [sys.executable, *program, "--port", "0", *args]
    log = home.parent / SERVE_LOG
    start = log.stat().st_size if log.exists() else 0
    with log.open("a", encoding="utf-8") as printed:
        process = subprocess.Popen(
            command, env=environment, stdout=printed, stderr=subprocess.STDOUT, text=True
        )
    try:
        yield process, _printed_address(process, log, start)
    finally:
        if process.poll() is None:
            process.send_signal(2)
            try:
                process.wait(timeout=HANG_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()


def _printed_address(process: subprocess.Popen[str], log: Path, start: int) -> str:
    def address() -> re.Match[str] | None:
        found = ADDRESS.search(log.read_bytes()[start:].decode("utf-8", errors="replace"))
        if found is None and process.poll() is not None:
            raise AssertionError(f"`companion serve` exited ({process.returncode}), no address")
        return found

    found = wait_until(address, "the address `companion serve` prints", START_SECONDS)
    return f"http://127.0.0.1:{found.group(1)}{found.group(2) or '/'}"


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
        self.device = device
        self.flags = tuple(flags)
        self.waiting_for = ""
        """What the test waits for this browser to show, while it waits (kept on a failure)."""
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)

    def blank(self, name: str) -> None:
        """Ready for the next test, as a new browser of its kind would be: a blank page (the
        last page's scripts and socket gone), no cookies (no device id, no token), the device's
        own screen again and an empty network log."""
        self.driver.get("about:blank")
        self.driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
        if self.device is not None:  # a test may have resized it (the keyboard up)
            metrics = {"width": self.device.width, "height": self.device.height}
            metrics |= {"deviceScaleFactor": self.device.pixel_ratio, "mobile": True}
            self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
        self.driver.get_log("performance")
        self.name = name
        self.waiting_for = ""

    def open(self, url: str) -> None:
        self.driver.get(url)

    def text(self) -> str:
        """The terminal's screen as lines of text (what xterm.js shows)."""
        script = "const r = document.querySelector('.xterm-rows'); return r ? r.innerText : '';"
        shown: str = self.driver.execute_script(script)
        return shown.replace("\xa0", " ")

    def wait_for(
        self, condition: Callable[[str], bool], seconds: float = HANG_SECONDS, what: str = ""
    ) -> str:
        """The screen's text once `condition` holds; fails naming `what`, with the screen as it
        was, after `seconds` (a limit only a hang reaches)."""
        what = what or described(condition)
        self.waiting_for = what
        seen = [""]

        def matched() -> bool:
            seen[0] = self.text()
            return condition(seen[0])

        try:
            wait_until(matched, what, seconds)
        except WaitTimedOut as timed_out:
            raise WaitTimedOut(f"{self.name}: {timed_out}; the screen:\n{seen[0]}") from None
        self.waiting_for = ""
        return seen[0]

    def press(self, *keys: str) -> None:
        """Type keys into the terminal, as a player's keyboard would: characters, or the names
        `escape`, `enter` and `tab`. Nothing waits here: the test then waits for what it looks
        for (the terminal sends the keys in order, and the app takes them in order)."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        named = {"escape": Keys.ESCAPE, "enter": Keys.ENTER, "tab": Keys.TAB}
        self.driver.execute_script("document.querySelector('.xterm-helper-textarea').focus()")
        for key in keys:
            ActionChains(self.driver).send_keys(named.get(key, key)).perform()

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

    def keep_failure(self, folder: Path, test_name: str) -> list[Path]:
        """What this browser showed when its test failed: a PNG screenshot, and a text file of
        the terminal's screen, the page's address and what the test was waiting for."""
        folder.mkdir(parents=True, exist_ok=True)
        picture = folder / f"{test_name}-{self.name}.png"
        self.driver.save_screenshot(str(picture))
        screen = folder / f"{test_name}-{self.name}.txt"
        waiting = f"waiting for: {self.waiting_for}\n" if self.waiting_for else ""
        screen.write_text(f"{self.driver.current_url}\n{waiting}\n{self.text()}\n", "utf-8")
        return [picture, screen]

    def close(self) -> None:
        self.driver.quit()

    def close_quietly(self) -> None:
        """Close a browser that may be gone already."""
        with contextlib.suppress(Exception):  # its driver or Chromium ended on its own
            self.close()


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


class Browsers:
    """The Chromiums of one test process, kept open between its tests: starting one costs about
    3 s of CPU, a third of a short browser test. A test takes one of the device (and flags) it
    asks for, blanked (`Tab.blank`), or a new one; at its end each goes back, at most `KEEP` of
    a kind, and the rest close."""

    KEEP = 3
    """Idle browsers kept of each kind: the most one test opens at once (three devices)."""

    def __init__(self) -> None:
        self._idle: dict[tuple[Device | None, tuple[str, ...]], list[Tab]] = {}
        self._lock = threading.Lock()  # tests open their browsers from threads too

    def take(self, name: str, device: Device | None = None, flags: Sequence[str] = ()) -> Tab:
        with self._lock:
            idle = self._idle.get((device, tuple(flags)), [])
            tab = idle.pop() if idle else None
        if tab is None:
            return Tab(name, device, flags)
        try:
            tab.blank(name)
        except Exception:  # a browser that died idle: a new one instead
            tab.close_quietly()
            return Tab(name, device, flags)
        return tab

    def give_back(self, tab: Tab) -> None:
        with self._lock:
            idle = self._idle.setdefault((tab.device, tab.flags), [])
            if len(idle) < self.KEEP:
                idle.append(tab)
                return
        tab.close()

    def close(self) -> None:
        with self._lock:
            idle = [tab for kind in self._idle.values() for tab in kind]
            self._idle.clear()
        for tab in idle:
            tab.close_quietly()


class OpenTabs(list[Tab]):
    """The browsers one test opened: `new` takes one from the process's `Browsers`; a test may
    also append a `Tab` it started itself. All go back to the pool at the test's end."""

    def __init__(self, browsers: Browsers) -> None:
        super().__init__()
        self.browsers = browsers

    def new(self, name: str, device: Device | None = None, flags: Sequence[str] = ()) -> Tab:
        tab = self.browsers.take(name, device, flags)
        self.append(tab)
        return tab

"""`companion serve` on the devices a table has, in Chromium's mobile emulation: a portrait phone
(390x844, device pixel ratio 3) reads 40-44 columns of cells at least 12 CSS px high, asks
nothing of any computer but this one, opens its terminal at once while every other name leads to
a server that never answers, refits with the keyboard up, and comes back on its game after the
server was gone; the table display on a tablet changes nothing, whatever is pressed.

Run with `pytest -n 0 -m browser tests/web` (see test_browser.py)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.support.samples import install_sample
from tests.web.browser import PHONE, START_SECONDS, TABLET, Tab, served
from tests.web.test_browser import children_of

pytestmark = pytest.mark.browser

OPENED_SECONDS = 2.0
"""The issue's promise: the page opens its terminal within 2 s, whatever the network does."""
BACK_SECONDS = 40.0
"""The longest a phone's page takes to find a restarted server (its back-off tops at 10 s) and
start its app again on a busy machine (a limit, not a measure)."""
SOCKET_STATE = "const w = window.companionSocket; return [w.openedAt, w.firstFrameAt, w.size];"


@contextmanager
def silent_server() -> Iterator[int]:
    """A loopback port that accepts connections and never answers: where every name but this
    computer's leads, so a page that waited for anything from outside would wait here."""
    with socket.create_server(("127.0.0.1", 0), backlog=64) as silent:
        yield silent.getsockname()[1]


def offline_flags(port: int) -> list[str]:
    rules = f"MAP * 127.0.0.1:{port}, EXCLUDE 127.0.0.1, EXCLUDE localhost"
    return [f"--host-resolver-rules={rules}"]


def free_port() -> int:
    with socket.create_server(("127.0.0.1", 0)) as probe:
        port: int = probe.getsockname()[1]
        return port


def page_text(tab: Tab) -> str:
    text: str = tab.script("return document.body.innerText;")
    return text


def wait_until(tab: Tab, condition: str, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not tab.script(f"return Boolean({condition});"):
        if time.monotonic() > deadline:
            raise AssertionError(f"{tab.name}: no {what} within {seconds} s")
        time.sleep(0.1)


def stop(server: subprocess.Popen[str]) -> None:
    server.send_signal(2)
    assert server.wait(timeout=20) == 0


def test_a_phone_in_portrait_reads_the_app_offline_and_with_the_keyboard_up(
    tabs: list[Tab],
    companion_home: Path,
) -> None:
    install_sample(companion_home, "time-bastards")
    with silent_server() as port, served(companion_home, "--host", "0.0.0.0") as (_server, url):
        phone = Tab("phone", PHONE, offline_flags(port))
        tabs.append(phone)
        phone.open(url)
        phone.wait_for(lambda shown: "Mara vs Jonas" in shown, START_SECONDS, "the saved games")
        painted = phone.script(
            "return performance.getEntriesByName('first-contentful-paint')[0].startTime;"
        )
        assert painted < OPENED_SECONDS * 1000  # textual-serve's own page: 30 s here
        opened, first_frame, size = phone.script(SOCKET_STATE)
        assert 0 < opened < OPENED_SECONDS * 1000  # waited for no stylesheet, font or name
        assert first_frame > opened
        assert 40 <= size["width"] <= 44
        cell = phone.script(
            "return document.querySelector('.xterm-screen').getBoundingClientRect().height"
            f" / {size['height']};"
        )
        assert cell >= 12
        assert phone.script("return document.fonts.check('16px \"Roboto Mono\"');")
        assert phone.script("return window.location.search;") == ""  # the key left the bar

        keyboard_up = {"width": 390, "height": 450, "deviceScaleFactor": 3, "mobile": True}
        phone.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", keyboard_up)
        wait_until(phone, f"window.companionSocket.size.height < {size['height']}", 5, "refit")
        _opened, _first, smaller = phone.script(SOCKET_STATE)
        assert smaller["width"] == size["width"]  # the same font: only fewer rows
        phone.wait_for(lambda shown: "Mara vs Jonas" in shown, 5, "the list above the keyboard")

        for address in phone.requested():
            parts = urlsplit(address)
            assert parts.scheme in {"data", "blob"} or parts.hostname == "127.0.0.1", address

        tablet = Tab("tablet", TABLET)
        tabs.append(tablet)
        tablet.open(url)
        tablet.wait_for(lambda shown: "Mara vs Jonas" in shown, START_SECONDS, "the saved games")
        _opened, _first, size = tablet.script(SOCKET_STATE)
        assert 90 <= size["width"] <= 110 and 26 <= size["height"] <= 36, size  # about 100x30


def test_a_phone_comes_back_on_its_game_after_the_server_was_gone(
    tabs: list[Tab],
    companion_home: Path,
) -> None:
    install_sample(companion_home, "time-bastards")
    port = str(free_port())
    network = ("--host", "0.0.0.0", "--keep-token", "--port", port)
    with served(companion_home, *network) as (server, url):
        phone = Tab("phone", PHONE)
        tabs.append(phone)
        phone.open(url)
        phone.wait_for(lambda shown: "Mara vs Jonas" in shown, START_SECONDS, "the saved games")
        phone.press("r")
        phone.wait_for(lambda shown: "Timelines" in shown, START_SECONDS, "the game")
        stop(server)
    wait_until(phone, "document.body.classList.contains('-gone')", 15, "'not running' page")
    assert "The companion is not running" in page_text(phone)
    with served(companion_home, *network):
        back = "!document.body.classList.contains('-gone') && window.companionSocket.firstFrameAt"
        wait_until(phone, back, BACK_SECONDS, "reconnection")
        phone.wait_for(lambda shown: "Timelines" in shown, START_SECONDS, "the same game")


def seen_as(state: str) -> str:
    """A script that makes the page's visibility `state` (a phone's screen going dark or
    lighting up), as the browser would say it."""
    return (
        "Object.defineProperty(document, 'visibilityState', "
        f"{{configurable: true, get: () => '{state}'}});"
        "document.dispatchEvent(new Event('visibilitychange'));"
    )


def test_a_phone_that_slept_reconnects_on_waking_back_on_its_game(
    tabs: list[Tab], companion_home: Path
) -> None:
    install_sample(companion_home, "time-bastards")
    with served(companion_home, "--host", "0.0.0.0") as (server, url):
        phone = Tab("phone", PHONE)
        tabs.append(phone)
        phone.open(url)
        phone.wait_for(lambda shown: "Mara vs Jonas" in shown, START_SECONDS, "the saved games")
        phone.press("r")
        phone.wait_for(lambda shown: "Timelines" in shown, START_SECONDS, "the game")
        phone.script(seen_as("hidden"))
        (app,) = children_of(server.pid)
        os.kill(app, signal.SIGKILL)  # its app is gone while the phone sleeps
        wait_until(phone, "document.body.classList.contains('-closed')", 10, "closed socket")
        assert not phone.script("return window.companionSocket.socket.readyState === 1;")
        phone.script(seen_as("visible"))
        back = "!document.body.classList.contains('-closed') && window.companionSocket.firstFrameAt"
        wait_until(phone, back, BACK_SECONDS, "reconnection on waking")
        phone.wait_for(lambda shown: "Timelines" in shown, START_SECONDS, "the same game")
        assert app not in children_of(server.pid)


EVERY_KEY = [
    *"abcdefghijklmnopqrstuvwxyz",
    *"ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    *"0123456789",
    *"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ ",
    "enter",
    "tab",
    "escape",
]


def test_the_table_display_pressed_with_every_key_leaves_the_save_unchanged(
    tabs: list[Tab],
    companion_home: Path,
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    save = companion_home / "games" / f"{save_id}.toml"
    before = save.read_bytes()
    with served(companion_home, "--host", "0.0.0.0") as (_server, url):
        tablet = Tab("tablet", TABLET)
        tabs.append(tablet)
        tablet.open(url.replace("/s/", "/t/"))
        tablet.wait_for(lambda shown: "Table view" in shown, START_SECONDS, "the table view")
        _opened, _first, size = tablet.script(SOCKET_STATE)
        assert 36 <= size["width"] <= 44  # big text: about 40 columns across the screen
        tablet.press(*EVERY_KEY)
        tablet.press("escape", "enter", "m", "u", "r")
        time.sleep(1)  # a change would be saved at once; give a wrong one the time to land
        assert save.read_bytes() == before

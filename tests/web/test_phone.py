"""`companion serve` on the devices a table has, in Chromium's mobile emulation: a portrait phone
(390x844, device pixel ratio 3) reads 40-44 columns of cells at least 12 CSS px high, asks
nothing of any computer but this one, opens its terminal at once while every other name leads to
a server that never answers, refits with the keyboard up, taps the phase's main actions on
targets at least 44 CSS px tall (Apple's and Google's smallest), a tap on a button's top edge
doing what its key does, and comes back on its game after it slept and after the server was
gone; a tablet reads about 100x30. One phone does it all, as one phone's evening at the table
goes; the table display on a tablet: test_table_fit.py.

Run with `pytest -n 0 -m browser tests/web` (see test_browser.py)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from companion.cavendish.actions import ChooseLocation
from companion.cavendish.model import CavendishSetup, Seat
from companion.registry import get_game
from saves.games.store import SaveStore
from saves.shared.devices import last_game
from tests.cavendish.conftest import CARDS
from tests.support.samples import install_sample
from tests.support.saving import record_played
from tests.support.waiting import HANG_SECONDS, wait_until
from tests.web.browser import PHONE, START_SECONDS, TABLET, OpenTabs, Tab, served
from tests.web.table_devices import DEVICE_COOKIE
from tests.web.test_browser import apps_of, children_of, descendants_of

pytestmark = pytest.mark.browser

BACK_SECONDS = 120.0
"""The limit of a phone's page finding a restarted server (its back-off tops at 10 s) and starting
its app again: 12 s at worst on a busy machine, so only a hang reaches this."""
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


def page_until(tab: Tab, condition: str, what: str, seconds: float = HANG_SECONDS) -> None:
    """Wait for the page's JavaScript `condition` to hold, naming `what` if it never does."""
    wait_until(lambda: tab.script(f"return Boolean({condition});"), f"{tab.name}: {what}", seconds)


def remembered(tab: Tab, home: Path, save_id: str) -> None:
    """Wait until the browser's device remembers the game it shows (the app writes it as the
    screen opens): only then is there a game for a new app to come back to."""
    cookie = tab.driver.get_cookie(DEVICE_COOKIE)
    assert cookie is not None, f"{tab.name} has no device cookie"
    wait_until(lambda: last_game(home, cookie["value"]) == save_id, f"{tab.name}'s game remembered")


def stop(server: subprocess.Popen[str]) -> None:
    server.send_signal(2)
    assert server.wait(timeout=20) == 0


TAP_TARGET = 44
"""The smallest tap target Apple's and Google's guidelines allow, in CSS px."""
MAIN_ACTIONS = ("Explore (x)", "Test (t)", "Next phase (n)")
"""The Discovery phase's buttons."""

ROWS = """
const rows = Array.from(document.querySelectorAll('.xterm-rows > div'));
return rows.map(function (row) {
  const box = row.getBoundingClientRect();
  return [row.textContent.replace(/\\u00a0/g, ' '), box.left, box.top, box.width, box.height];
});
"""
"""Each terminal row's text and its box on the page, in CSS px."""


def mission(home: Path) -> str:
    """Three agents at their first location: the Discovery phase, the newest game (played just
    now, as the served app's real clock reads it: no recap of a paused game comes first)."""
    game = get_game("cavendish")
    assert game is not None
    store = SaveStore(home, lambda: datetime.now(UTC))
    seats = (Seat("Amy", "Ana"), Seat("Anton", "Ben"), Seat("Doug", "Cy"))
    setup = CavendishSetup(players=("Ana", "Ben", "Cy"), seats=seats, cards=CARDS)
    saved = store.create(game, setup, "Three agents")
    saved.session.do(ChooseLocation("A"))
    record_played(store, saved)
    return saved.id


def target(rows: list[list[Any]], label: str) -> tuple[float, float, float]:
    """The button named `label`: the x of its label's middle, and the top and bottom of the
    three rows it takes (its edge, its label, its edge)."""
    for number, (text, left, _top, width, _height) in enumerate(rows):
        column = text.find(label)
        if column >= 0 and 0 < number < len(rows) - 1:
            cell = width / len(text)
            x = left + (column + len(label) / 2) * cell
            above, below = rows[number - 1], rows[number + 1]
            assert "▔" in above[0][column : column + len(label)], above[0]  # its top edge
            assert "▁" in below[0][column : column + len(label)], below[0]  # its bottom edge
            return x, above[2], below[2] + below[4]
    raise AssertionError(f"no {label!r} on the screen:\n" + "\n".join(row[0] for row in rows))


def tap(tab: Tab, x: float, y: float) -> None:
    """A finger's tap at (x, y) CSS px, as the phone's touch screen sends it: the browser
    makes it the mouse press and release the terminal passes on."""
    touch = "Input.dispatchTouchEvent"
    tab.driver.execute_cdp_cmd(touch, {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    tab.driver.execute_cdp_cmd(touch, {"type": "touchEnd", "touchPoints": []})


def seen_as(state: str) -> str:
    """A script that makes the page's visibility `state` (a phone's screen going dark or
    lighting up), as the browser would say it."""
    return (
        "Object.defineProperty(document, 'visibilityState', "
        f"{{configurable: true, get: () => '{state}'}});"
        "document.dispatchEvent(new Event('visibilitychange'));"
    )


def test_a_phone_in_portrait_plays_offline_and_comes_back_on_its_game_after_sleep_and_restart(
    tabs: OpenTabs,
    companion_home: Path,
) -> None:
    """One phone's evening at the table: it reads the saved games at 40-44 columns, then with
    the keyboard up; the keyboard down, it resumes the newest game, a mission, and taps its
    main actions; it loses its app while it sleeps (it reconnects on waking), then when the
    server stops (it finds the restarted one), each time back on its game; it asked nothing of
    any other computer meanwhile. Then a tablet reads about 100x30."""
    install_sample(companion_home, "time-bastards")
    save_id = mission(companion_home)
    network = ("--host", "0.0.0.0", "--keep-token", "--port", str(free_port()))
    with silent_server() as port, served(companion_home, *network) as (server, url):
        (parent,) = wait_until(lambda: children_of(server.pid), "the warm parent", START_SECONDS)
        phone = tabs.new("phone", PHONE, offline_flags(port))
        phone.open(url)
        phone.wait_for(lambda shown: "Mara vs Jonas" in shown, START_SECONDS, "the saved games")
        (app,) = apps_of(server.pid)
        assert app in children_of(parent)  # forked by the parent started before the phone came
        opened, first_frame, size = phone.script(SOCKET_STATE)
        assert 0 < opened < first_frame  # how soon: `tests/bench/run.py --only browser`
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
        page_until(phone, f"window.companionSocket.size.height < {size['height']}", "refit")
        _opened, _first, smaller = phone.script(SOCKET_STATE)
        assert smaller["width"] == size["width"]  # the same font: only fewer rows
        phone.wait_for(lambda shown: "Mara vs Jonas" in shown, what="the list above the keyboard")

        # the keyboard down, the phase's main actions are buttons 44 px tall, one tap away
        keyboard_down = keyboard_up | {"height": PHONE.height}
        phone.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", keyboard_down)
        page_until(phone, f"window.companionSocket.size.height == {size['height']}", "refit")
        phone.wait_for(lambda shown: "Three agents" in shown, START_SECONDS, "the saved games")
        phone.press("r")
        phone.wait_for(
            lambda shown: all(label in shown for label in MAIN_ACTIONS), START_SECONDS, "buttons"
        )
        rows = phone.script(ROWS)
        for label in MAIN_ACTIONS:
            _x, top, bottom = target(rows, label)
            assert bottom - top >= TAP_TARGET, (label, bottom - top)

        x, top, _bottom = target(rows, "Explore (x)")
        tap(phone, x, top + 2)  # the button's top edge: the whole button is the target
        phone.wait_for(lambda shown: "explored" in shown, what="the log's Explore line")

        x, top, bottom = target(phone.script(ROWS), "Next phase (n)")
        tap(phone, x, (top + bottom) / 2)
        phone.wait_for(lambda shown: "Between Locations" in shown, what="the next phase")
        remembered(phone, companion_home, save_id)

        # a phone that slept reconnects on waking, back on its game
        phone.script(seen_as("hidden"))
        (app,) = apps_of(server.pid)
        os.kill(app, signal.SIGKILL)  # its app is gone while the phone sleeps
        page_until(phone, "document.body.classList.contains('-closed')", "closed socket")
        assert not phone.script("return window.companionSocket.socket.readyState === 1;")
        phone.script(seen_as("visible"))
        back = "!document.body.classList.contains('-closed') && window.companionSocket.firstFrameAt"
        page_until(phone, back, "reconnection on waking", BACK_SECONDS)
        phone.wait_for(lambda shown: "Between Locations" in shown, START_SECONDS, "the same game")
        assert app not in descendants_of(server.pid)

        # the server gone: the page says so, then finds it again
        stop(server)
        page_until(phone, "document.body.classList.contains('-gone')", "'not running' page")
        assert "The companion is not running" in page_text(phone)
        with served(companion_home, *network):
            back = (
                "!document.body.classList.contains('-gone') && window.companionSocket.firstFrameAt"
            )
            page_until(phone, back, "reconnection", BACK_SECONDS)
            phone.wait_for(
                lambda shown: "Between Locations" in shown, START_SECONDS, "the same game"
            )

            for address in phone.requested():
                parts = urlsplit(address)
                assert parts.scheme in {"data", "blob"} or parts.hostname == "127.0.0.1", address

            tablet = tabs.new("tablet", TABLET)
            tablet.open(url)
            tablet.wait_for(
                lambda shown: "Mara vs Jonas" in shown, START_SECONDS, "the saved games"
            )
            _opened, _first, size = tablet.script(SOCKET_STATE)
            assert 90 <= size["width"] <= 110 and 26 <= size["height"] <= 36, size  # about 100x30

"""The apps `companion serve` starts, one per browser connection: their environment (device id,
table display, the browser's languages), their end when a browser drops, and how many one
address may run. The server runs in-process; the apps are `fake_app.py`, which starts at once."""

from __future__ import annotations

import asyncio
import json
import os
import shlex
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from webserve.access import Access
from webserve.apps import HEARTBEAT_SECONDS
from webserve.server import DEVICE_COOKIE, CompanionServer

FAKE_APP = Path(__file__).with_name("fake_app.py")
DEVICE = "d" * 32
WAIT_SECONDS = 20.0
"""The most a test waits for an app to start or end on a busy machine (a limit, not a measure)."""


def command_for(record: Path, manner: str) -> str:
    return "exec " + shlex.join([sys.executable, str(FAKE_APP), str(record), manner])


def apps_started(record: Path) -> dict[int, dict[str, Any]]:
    """pid -> the environment each fake app recorded."""
    found = {}
    for path in record.parent.glob(f"{record.name}.*"):
        try:
            found[int(path.suffix[1:])] = json.loads(path.read_text("utf-8"))
        except ValueError:
            continue  # being written
    return found


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def within(seconds: float, condition: Callable[[], bool]) -> bool:
    for _ in range(int(seconds / 0.1)):
        if condition():
            return True
        await asyncio.sleep(0.1)
    return condition()


@pytest.fixture
async def serving(tmp_path: Path) -> AsyncIterator[Callable[..., Any]]:
    """Start a local server running fake apps of a manner; closed at the end."""
    clients: list[TestClient[Any, Any]] = []

    async def start(manner: str, max_apps: int = 8) -> tuple[TestClient[Any, Any], Any]:
        companion = CompanionServer(
            command_for(tmp_path / "app", manner), Access("127.0.0.1", None), max_apps=max_apps
        )
        client: TestClient[Any, Any] = TestClient(TestServer(await companion.web_app()))
        await client.start_server()
        clients.append(client)
        return client, companion

    yield start
    for client in clients:
        await client.close()


async def test_a_dropped_browser_ends_even_an_app_that_ignores_quit_and_terminate(
    serving: Callable[..., Any], tmp_path: Path
) -> None:
    client, companion = await serving("stubborn")
    assert HEARTBEAT_SECONDS < 15  # textual-serve's own heartbeat noticed a drop after 15-22 s
    silent = await client.ws_connect("/ws", autoping=False)  # a browser that stops answering
    assert await within(WAIT_SECONDS, lambda: bool(apps_started(tmp_path / "app")))
    (pid,) = apps_started(tmp_path / "app")
    assert alive(pid)
    assert await within(WAIT_SECONDS, lambda: not alive(pid))  # quit, terminate, then kill
    assert await within(WAIT_SECONDS, lambda: not companion.apps.running)
    await silent.close()


async def test_each_app_gets_its_browsers_device_and_display_through_the_environment(
    serving: Callable[..., Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COMPANION_TABLE_DISPLAY", "1")  # the server's own is never passed on
    monkeypatch.setenv("COMPANION_ACCEPT_LANGUAGE", "de")
    client, _companion = await serving("polite")
    client.session.cookie_jar.update_cookies({DEVICE_COOKIE: DEVICE})
    play = await client.ws_connect("/ws", headers={"Accept-Language": "fr-CH,fr;q=0.9,en;q=0.8"})
    assert await within(WAIT_SECONDS, lambda: len(apps_started(tmp_path / "app")) == 1)
    (play_pid,) = apps_started(tmp_path / "app")
    cmdline = Path(f"/proc/{play_pid}/cmdline").read_bytes()
    assert DEVICE.encode() not in cmdline  # never in the shell command
    table = await client.ws_connect("/ws/table")
    assert await within(WAIT_SECONDS, lambda: len(apps_started(tmp_path / "app")) == 2)
    started = apps_started(tmp_path / "app")
    table_pid = next(pid for pid in started if pid != play_pid)
    assert started[play_pid] == {
        "COMPANION_DEVICE": DEVICE,
        "COMPANION_TABLE_DISPLAY": None,
        "COMPANION_ACCEPT_LANGUAGE": "fr-CH,fr;q=0.9,en;q=0.8",  # the app chooses French by it
    }
    assert started[table_pid] == {
        "COMPANION_DEVICE": DEVICE,
        "COMPANION_TABLE_DISPLAY": "1",
        "COMPANION_ACCEPT_LANGUAGE": None,  # its browser asked for none: never the server's
    }
    await play.close()
    await table.close()
    assert await within(WAIT_SECONDS, lambda: not alive(play_pid) and not alive(table_pid))


async def test_a_device_cookie_of_another_shape_is_not_passed_on(
    serving: Callable[..., Any], tmp_path: Path
) -> None:
    client, _companion = await serving("polite")
    client.session.cookie_jar.update_cookies({DEVICE_COOKIE: "short;rm -rf"})
    socket = await client.ws_connect("/ws")
    assert await within(WAIT_SECONDS, lambda: len(apps_started(tmp_path / "app")) == 1)
    (environment,) = apps_started(tmp_path / "app").values()
    assert environment["COMPANION_DEVICE"] is None
    await socket.close()


async def test_one_address_runs_at_most_max_apps_and_the_next_is_refused(
    serving: Callable[..., Any], tmp_path: Path
) -> None:
    client, companion = await serving("polite", max_apps=2)
    first = await client.ws_connect("/ws")
    second = await client.ws_connect("/ws/table")
    assert await within(WAIT_SECONDS, lambda: len(apps_started(tmp_path / "app")) == 2)
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await client.ws_connect("/ws")
    assert refused.value.status == 429
    page = await client.get("/")
    assert page.status == 429 and "--max-apps" in await page.text()
    assert len(apps_started(tmp_path / "app")) == 2  # the refused one started nothing
    await first.close()
    assert await within(WAIT_SECONDS, lambda: companion.apps.running["127.0.0.1"] == 1)
    third = await client.ws_connect("/ws")  # a closed window frees its place
    assert await within(WAIT_SECONDS, lambda: len(apps_started(tmp_path / "app")) == 3)
    await third.close()
    await second.close()
    assert await within(WAIT_SECONDS, lambda: not companion.apps.running)


async def test_an_app_that_crashes_closes_its_page_so_the_page_reconnects(
    serving: Callable[..., Any],
) -> None:
    client, companion = await serving("crashing")
    page = await client.ws_connect("/ws")
    message = await page.receive(timeout=WAIT_SECONDS)
    assert message.type == aiohttp.WSMsgType.CLOSE
    assert message.data == aiohttp.WSCloseCode.INTERNAL_ERROR  # not 1000: the page reconnects
    assert await within(WAIT_SECONDS, lambda: not companion.apps.running)

"""The warm parent of `companion serve`'s apps (webserve/apps.py's `Standby`, webserve/forks.py,
companion/cli/standby.py): each browser's app is a child forked by the one parent started before
any browser came, with that browser's own size, device id and display; a child's crash or exit
ends only that child; a dropped browser ends even a stubborn child; a parent that does not answer
is replaced and the browser's app started afresh; the server stopping ends the parent; the real
parent runs one thread, reads no data folder, forks the app the browser asked for, tells each
child's end, and a child starts afresh when anything else differs.

The server tests run it in-process with `fake_app.py`; the app tests run the real process."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import select
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from saves.shared.devices import remember_game
from tests.support.samples import install_sample
from tests.support.waiting import wait_until
from tests.web.browser import served
from tests.web.test_apps import (
    DEVICE,
    WAIT_SECONDS,
    alive,
    apps_started,
    command_for,
    within,
)
from webserve import apps
from webserve.access import Access
from webserve.handover import (
    ENDED,
    FORKED,
    READ_AT_START,
    READY,
    HandOverError,
    read_request,
    send_request,
)
from webserve.server import DEVICE_COOKIE, CompanionServer

WEB_ENVIRONMENT = {
    "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",
    "TEXTUAL_FPS": "60",
    "TEXTUAL_COLOR_SYSTEM": "truecolor",
    "TERM_PROGRAM": "textual",
    "COLUMNS": "80",
    "ROWS": "24",
}
"""What textual-serve gives every app (textual_serve/app_service.py), at its default size."""


def waiting(record: Path) -> list[int]:
    """The pids of the fake standby apps that started, in the order their notes appeared."""
    notes = sorted(record.parent.glob(f"{record.name}.waiting.*"), key=os.path.getmtime)
    return [int(note.suffix[1:]) for note in notes]


def parent_of(pid: int) -> int:
    stat = Path(f"/proc/{pid}/stat").read_text("ascii")
    return int(stat.rsplit(")", 1)[1].split()[1])


@contextlib.asynccontextmanager
async def server_with(
    record: Path, manner: str = "standby"
) -> AsyncIterator[tuple[TestClient[Any, Any], CompanionServer]]:
    """A server whose warm parent is the fake app in `manner`; stopped at the end."""
    companion = CompanionServer(
        command_for(record, "polite"),
        Access("127.0.0.1", None),
        standby=command_for(record, manner),
    )
    client: TestClient[Any, Any] = TestClient(TestServer(await companion.web_app()))
    await client.start_server()
    try:
        yield client, companion
    finally:
        await client.close()


async def test_two_browsers_apps_are_children_of_one_warm_parent_with_their_own_settings(
    tmp_path: Path,
) -> None:
    record = tmp_path / "app"
    async with server_with(record) as (client, _companion):
        assert await within(WAIT_SECONDS, lambda: len(waiting(record)) == 1)
        (parent,) = waiting(record)
        assert not apps_started(record)  # no browser yet: it waits
        client.session.cookie_jar.update_cookies({DEVICE_COOKIE: DEVICE})
        phone = await client.ws_connect("/ws?width=42&height=16", headers={"Accept-Language": "fr"})
        table = await client.ws_connect("/ws/table", headers={"Accept-Language": "de-AT,de"})
        assert await within(WAIT_SECONDS, lambda: len(apps_started(record)) == 2)
        started = apps_started(record)
        assert {parent_of(pid) for pid in started} == {parent}  # forked, both, by the one parent
        assert sorted(started.values(), key=str) == sorted(
            [
                {"COMPANION_DEVICE": DEVICE, "COMPANION_TABLE_DISPLAY": None, "COLUMNS": "42"}
                | {"ROWS": "16", "COMPANION_ACCEPT_LANGUAGE": "fr"},
                {"COMPANION_DEVICE": DEVICE, "COMPANION_TABLE_DISPLAY": "1", "COLUMNS": "80"}
                | {"ROWS": "24", "COMPANION_ACCEPT_LANGUAGE": "de-AT,de"},
            ],
            key=str,
        )
        await phone.close()
        await table.close()
        assert await within(WAIT_SECONDS, lambda: not any(alive(pid) for pid in started))
        assert waiting(record) == [parent] and alive(parent)  # it stays for the next browser
    assert await within(WAIT_SECONDS, lambda: not alive(parent))  # the server stopped


async def test_a_childs_crash_or_exit_ends_only_that_child(tmp_path: Path) -> None:
    """One browser's app killed (a crash), another's ended by its browser: each closes its own
    page only; the other app and the warm parent go on, and the next browser is forked too."""
    record = tmp_path / "app"
    async with server_with(record) as (client, companion):
        assert await within(WAIT_SECONDS, lambda: len(waiting(record)) == 1)
        (parent,) = waiting(record)
        crashing = await client.ws_connect("/ws")
        assert await within(WAIT_SECONDS, lambda: len(apps_started(record)) == 1)
        (first,) = apps_started(record)
        staying = await client.ws_connect("/ws")
        assert await within(WAIT_SECONDS, lambda: len(apps_started(record)) == 2)
        (second,) = set(apps_started(record)) - {first}
        os.kill(first, signal.SIGKILL)
        closed = await crashing.receive(timeout=WAIT_SECONDS)
        while closed.type != aiohttp.WSMsgType.CLOSE:  # its frame came first
            closed = await crashing.receive(timeout=WAIT_SECONDS)
        assert closed.data == aiohttp.WSCloseCode.INTERNAL_ERROR  # the page reconnects
        assert alive(second) and alive(parent) and not staying.closed
        assert await within(WAIT_SECONDS, lambda: companion.apps.running["127.0.0.1"] == 1)
        await staying.close()  # the other browser leaves: its app quits
        assert await within(WAIT_SECONDS, lambda: not alive(second))
        assert alive(parent)
        following = await client.ws_connect("/ws")
        assert await within(WAIT_SECONDS, lambda: len(apps_started(record)) == 3)
        (third,) = set(apps_started(record)) - {first, second}
        assert parent_of(third) == parent
        await following.close()


async def test_a_forked_app_that_crashes_at_once_closes_its_page_and_is_counted_out(
    tmp_path: Path,
) -> None:
    """A child that ends as soon as it starts (its end may be told before the server has
    opened its pipes): its page is closed to reconnect and its place is freed, each time."""
    record = tmp_path / "app"
    async with server_with(record, "standby-crashing") as (client, companion):
        for _ in range(3):
            page = await client.ws_connect("/ws")
            message = await page.receive(timeout=WAIT_SECONDS)
            while message.type != aiohttp.WSMsgType.CLOSE:
                message = await page.receive(timeout=WAIT_SECONDS)
            assert message.data == aiohttp.WSCloseCode.INTERNAL_ERROR  # the page reconnects
            assert await within(WAIT_SECONDS, lambda: not companion.apps.running)
        assert len(apps_started(record)) == 3 and len(waiting(record)) == 1


async def test_a_dropped_browser_ends_even_a_forked_app_that_ignores_quit_and_terminate(
    tmp_path: Path,
) -> None:
    record = tmp_path / "app"
    async with server_with(record, "standby-stubborn") as (client, companion):
        silent = await client.ws_connect("/ws", autoping=False)  # a browser that stops answering
        assert await within(WAIT_SECONDS, lambda: bool(apps_started(record)))
        (pid,) = apps_started(record)
        (parent,) = waiting(record)
        assert parent_of(pid) == parent
        assert await within(WAIT_SECONDS, lambda: not alive(pid))  # quit, terminate, then kill
        assert await within(WAIT_SECONDS, lambda: not companion.apps.running)
        assert alive(parent)
        await silent.close()


async def test_without_an_app_ready_a_browser_starts_its_own(tmp_path: Path) -> None:
    record = tmp_path / "app"
    companion = CompanionServer(
        command_for(record, "polite"), Access("127.0.0.1", None), standby="exec true"
    )
    client: TestClient[aiohttp.web.Request, aiohttp.web.Application] = TestClient(
        TestServer(await companion.web_app())
    )
    await client.start_server()
    try:
        client.session.cookie_jar.update_cookies({DEVICE_COOKIE: DEVICE})
        page = await client.ws_connect("/ws")
        assert await within(WAIT_SECONDS, lambda: len(apps_started(record)) == 1)
        (environment,) = apps_started(record).values()
        assert environment == {"COMPANION_DEVICE": DEVICE, "COMPANION_TABLE_DISPLAY": None} | {
            "COMPANION_ACCEPT_LANGUAGE": None
        }
        await page.close()
    finally:
        await client.close()


async def test_a_stopped_warm_parent_is_replaced_and_the_browser_gets_a_fresh_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The warm parent under SIGSTOP never reads a request: the browser's page would stay
    undrawn for ever. It does not answer within `ANSWER_SECONDS`, so it is killed and the
    browser's app is started afresh, with the browser's own settings."""
    monkeypatch.setattr(apps, "ANSWER_SECONDS", 1.0)  # the server's own limit, made short
    record = tmp_path / "app"
    companion = CompanionServer(
        command_for(record, "polite"),
        Access("127.0.0.1", None),
        standby=command_for(record, "standby"),
    )
    client: TestClient[aiohttp.web.Request, aiohttp.web.Application] = TestClient(
        TestServer(await companion.web_app())
    )
    await client.start_server()
    stopped = None
    try:
        assert await within(WAIT_SECONDS, lambda: said_ready(companion))
        (stopped,) = waiting(record)
        os.kill(stopped, signal.SIGSTOP)
        client.session.cookie_jar.update_cookies({DEVICE_COOKIE: DEVICE})
        page = await client.ws_connect("/ws?width=42&height=16")
        assert await within(WAIT_SECONDS, lambda: len(apps_started(record)) == 1)
        ((fresh, environment),) = apps_started(record).items()
        assert fresh != stopped
        assert environment == {"COMPANION_DEVICE": DEVICE, "COMPANION_TABLE_DISPLAY": None} | {
            "COMPANION_ACCEPT_LANGUAGE": None
        }
        assert await within(WAIT_SECONDS, lambda: not alive(stopped))  # killed, not left stopped
        await page.close()
        assert await within(WAIT_SECONDS, lambda: not alive(fresh))
    finally:
        if stopped is not None and alive(stopped):
            os.kill(stopped, signal.SIGKILL)
        await client.close()


def said_ready(companion: CompanionServer) -> bool:
    """Whether the server's warm parent has said its imports are done."""
    standby = companion.standby
    return standby is not None and standby.ready.is_set()


async def test_a_warm_parent_that_never_says_it_is_ready_is_replaced_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One hung in its imports (here a process that never writes): replaced after the longest
    start, `START_SECONDS`, and the browser's app started afresh."""
    monkeypatch.setattr(apps, "START_SECONDS", 1.0)  # the server's own limit, made short
    record = tmp_path / "app"
    companion = CompanionServer(
        command_for(record, "polite"), Access("127.0.0.1", None), standby="exec sleep 600"
    )
    client: TestClient[aiohttp.web.Request, aiohttp.web.Application] = TestClient(
        TestServer(await companion.web_app())
    )
    await client.start_server()
    try:
        standby = companion.standby
        assert standby is not None
        assert await within(WAIT_SECONDS, lambda: standby.process is not None)
        assert standby.process is not None
        hung = standby.process.pid
        client.session.cookie_jar.update_cookies({DEVICE_COOKIE: DEVICE})
        page = await client.ws_connect("/ws")
        assert await within(WAIT_SECONDS, lambda: len(apps_started(record)) == 1)
        (environment,) = apps_started(record).values()
        assert environment == {"COMPANION_DEVICE": DEVICE, "COMPANION_TABLE_DISPLAY": None} | {
            "COMPANION_ACCEPT_LANGUAGE": None
        }
        assert await within(WAIT_SECONDS, lambda: not alive(hung))
        await page.close()
    finally:
        await client.close()


@dataclass
class WarmParent:
    """`companion.cli.standby` as the server starts it (a Unix socket as its input), the
    environment it was given, and the ends of the one child it was asked for."""

    process: subprocess.Popen[bytes]
    control: socket.socket
    environment: dict[str, str]
    child_output: int = -1

    def fork(self, **browser: str) -> int:
        """A child with this browser's environment (the server's, with the browser's own
        settings); its pid, once the parent said it forked it."""
        ours, theirs = apps._pipes()
        send_request(self.control, self.environment | browser, theirs)
        for end in theirs:
            os.close(end)
        self.child_output = ours[1]
        line = self.answer()
        assert line.startswith(FORKED), line
        return int(line[len(FORKED) :])

    def answer(self) -> bytes:
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], WAIT_SECONDS)
        assert ready, "the warm parent said nothing"
        return self.process.stdout.readline()

    def written_until(self, words: bytes) -> tuple[bytes, int]:
        """What the child wrote until `words`, and the lowest row its cursor was sent to."""
        written = b""
        while words not in written:
            ready, _, _ = select.select([self.child_output], [], [], WAIT_SECONDS)
            chunk = os.read(self.child_output, 65536) if ready else b""
            assert chunk, f"no {words!r} from the app; it wrote:\n{written[-2000:]!r}"
            written += chunk
        return written, max(int(row) for row in re.findall(rb"\x1b\[(\d+);\d+H", written))


@pytest.fixture
def warm_parent(tmp_path: Path) -> Iterator[WarmParent]:
    """The warm parent on a data folder of one saved game, its imports done (it said so);
    ended at the test's end, with its children."""
    install_sample(tmp_path / "home", "time-bastards", played_at=datetime.now(UTC))
    environment = dict(os.environ, COMPANION_HOME=str(tmp_path / "home"), **WEB_ENVIRONMENT)
    for name in READ_AT_START - {"COLUMNS", "ROWS"}:
        environment.pop(name, None)
    ours, theirs = socket.socketpair()
    process = subprocess.Popen(
        [sys.executable, "-m", "companion.cli.standby"],
        env=environment,
        stdin=theirs,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    theirs.close()
    parent = WarmParent(process, ours, environment)
    try:
        assert parent.answer() == READY
        yield parent
    finally:
        for child in children(process.pid):
            os.kill(child, signal.SIGKILL)
        process.kill()
        process.wait()
        ours.close()


def children(pid: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(line) for line in found.split()]


def test_the_warm_parent_waits_idle_then_forks_an_app_for_its_browser(
    warm_parent: WarmParent, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    (save,) = (home / "games").iterdir()
    pid = warm_parent.process.pid
    assert os.listdir(f"/proc/{pid}/task") == [str(pid)]  # one thread: safe to fork
    assert sorted(path.name for path in home.rglob("*")) == ["games", save.name]  # nothing read
    device = "e" * 32
    remember_game(home, device, save.stem)
    child = warm_parent.fork(COLUMNS="42", ROWS="16", COMPANION_DEVICE=device)
    assert parent_of(child) == pid
    _written, lowest = warm_parent.written_until(b"Timelines")  # its device's game, reopened
    assert lowest == 16  # at the browser's size
    assert b"companion.cli.standby" in Path(f"/proc/{child}/cmdline").read_bytes()  # a fork
    os.kill(child, signal.SIGKILL)  # a crash
    assert warm_parent.answer() == ENDED + b"%d %d\n" % (child, -signal.SIGKILL)  # reaped, told
    assert os.listdir(f"/proc/{pid}/task") == [str(pid)]  # still one thread, still waiting


def test_an_environment_that_differs_elsewhere_starts_the_app_afresh(
    warm_parent: WarmParent,
) -> None:
    child = warm_parent.fork(TEXTUAL_FPS="30")  # read when Textual was imported
    warm_parent.written_until(b"Mara vs Jonas")
    assert Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")[1:3] == [b"-m", b"companion"]


def test_companion_serve_forks_its_warm_parent_and_every_browsers_app_from_it(
    tmp_path: Path,
) -> None:
    """The real server: its one child is the warm parent (forked before its event loop, so
    it shares the server's modules: its command line is the server's); two browsers' apps are
    children of that parent; one app killed, the other and the parent go on."""
    home = tmp_path / "home"
    install_sample(home, "time-bastards")
    with served(home) as (server, url):
        (parent,) = wait_until(lambda: children(server.pid), "the warm parent")
        command = Path(f"/proc/{server.pid}/cmdline").read_bytes()
        assert Path(f"/proc/{parent}/cmdline").read_bytes() == command  # a fork, not a start

        async def two_browsers() -> None:
            address = url.replace("http://", "ws://").rstrip("/") + "/ws"
            async with aiohttp.ClientSession() as session:
                first = await session.ws_connect(address)
                second = await session.ws_connect(address)
                assert await within(WAIT_SECONDS, lambda: len(children(parent)) == 2)
                crashed, staying = children(parent)
                os.kill(crashed, signal.SIGKILL)
                assert await within(WAIT_SECONDS, lambda: children(parent) == [staying])
                assert children(server.pid) == [parent]  # every app is the parent's
                await first.close()
                await second.close()
                assert await within(WAIT_SECONDS, lambda: not children(parent))
                assert alive(parent)

        asyncio.run(two_browsers())
    assert not alive(parent)  # Ctrl+C ended it too


def test_a_request_longer_than_one_read_is_read_whole_with_its_pipes() -> None:
    server, parent = socket.socketpair()
    ours, theirs = apps._pipes()
    environment = {"LONG": "x" * 200_000, "COLUMNS": "42"}
    try:
        sender = threading.Thread(target=send_request, args=(server, environment, theirs))
        sender.start()  # more than the socket holds: sent while it is read
        request = read_request(parent)
        sender.join()
        assert request is not None
        received, ends = request
        assert received == environment and len(ends) == 3
        os.write(ends[1], b"out")  # the app's output end reaches the server's
        assert os.read(ours[1], 3) == b"out"
        for end in (*ends, *ours, *theirs):
            os.close(end)
        server.close()
        assert read_request(parent) is None  # the server closed its side
    finally:
        server.close()
        parent.close()


def test_what_is_not_a_request_is_refused_and_its_pipes_closed() -> None:
    server, parent = socket.socketpair()
    ours, theirs = apps._pipes()
    try:
        socket.send_fds(server, [b"Dgarbage"], theirs)
        with pytest.raises(HandOverError):
            read_request(parent)
        for end in theirs:
            os.close(end)
        os.set_blocking(ours[1], False)  # a write end left open: BlockingIOError, not a hang
        assert os.read(ours[1], 1) == b""  # no end of the app's output left open anywhere
    finally:
        for end in ours:
            os.close(end)
        server.close()
        parent.close()

"""The app `companion serve` keeps started for the next browser (webserve/apps.py's `Standby`,
companion/cli/standby.py): a browser takes the process started before it connected, with its
own size, device id and display; the next one is started after that app has drawn; the server
stopping ends it; a process that waited runs one thread, reads no data folder, starts the app
the browser asked for, and starts afresh when anything else differs.

The server tests run it in-process with `fake_app.py`; the app tests run the real process."""

from __future__ import annotations

import os
import platform
import re
import select
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from saves.shared.devices import remember_game
from tests.support.samples import install_sample
from tests.support.waiting import wait_until
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
from webserve.handover import READ_AT_START, READY, TAKEN, hand_over_packet
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
READ_CALL = {"x86_64": "0", "aarch64": "63"}
"""The number of the `read` system call, as /proc/PID/syscall names the call a process waits in."""


def waiting(record: Path) -> list[int]:
    """The pids of the fake standby apps that started, in the order their notes appeared."""
    notes = sorted(record.parent.glob(f"{record.name}.waiting.*"), key=os.path.getmtime)
    return [int(note.suffix[1:]) for note in notes]


async def test_a_browser_takes_the_app_started_before_it_with_its_own_settings(
    tmp_path: Path,
) -> None:
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
    try:
        assert await within(WAIT_SECONDS, lambda: len(waiting(record)) == 1)
        (ready,) = waiting(record)
        assert not apps_started(record)  # no browser yet: it waits
        client.session.cookie_jar.update_cookies({DEVICE_COOKIE: DEVICE})
        phone = await client.ws_connect("/ws?width=42&height=16")
        assert await within(WAIT_SECONDS, lambda: ready in apps_started(record))
        assert apps_started(record)[ready] == {
            "COMPANION_DEVICE": DEVICE,
            "COMPANION_TABLE_DISPLAY": None,
            "COLUMNS": "42",
            "ROWS": "16",
        }
        assert await within(WAIT_SECONDS, lambda: len(waiting(record)) == 2)  # after its frame
        following = waiting(record)[1]
        table = await client.ws_connect("/ws/table")
        assert await within(WAIT_SECONDS, lambda: following in apps_started(record))
        assert apps_started(record)[following] == {
            "COMPANION_DEVICE": DEVICE,
            "COMPANION_TABLE_DISPLAY": "1",
            "COLUMNS": "80",
            "ROWS": "24",
        }
        assert await within(WAIT_SECONDS, lambda: len(waiting(record)) == 3)
        last = waiting(record)[2]
        await phone.close()
        await table.close()
        assert await within(WAIT_SECONDS, lambda: not alive(ready) and not alive(following))
        assert alive(last)
    finally:
        await client.close()  # the server stops: the app kept ready ends, never having started
    assert await within(WAIT_SECONDS, lambda: not alive(last))
    assert last not in apps_started(record)


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
        assert environment == {"COMPANION_DEVICE": DEVICE, "COMPANION_TABLE_DISPLAY": None}
        await page.close()
    finally:
        await client.close()


async def test_a_stopped_app_kept_ready_is_replaced_and_the_browser_gets_a_fresh_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The app kept ready under SIGSTOP never reads its hand-over: the browser's page would stay
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
        assert environment == {"COMPANION_DEVICE": DEVICE, "COMPANION_TABLE_DISPLAY": None}
        assert await within(WAIT_SECONDS, lambda: not alive(stopped))  # killed, not left stopped
        await page.close()
        assert await within(WAIT_SECONDS, lambda: not alive(fresh))
    finally:
        if stopped is not None and alive(stopped):
            os.kill(stopped, signal.SIGKILL)
        await client.close()


def said_ready(companion: CompanionServer) -> bool:
    """Whether the server's app kept ready has said its imports are done."""
    standby = companion.standby
    return standby is not None and standby.ready is not None and standby.ready.done()


async def test_an_app_kept_ready_that_never_says_it_is_ready_is_replaced_too(
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
        assert environment == {"COMPANION_DEVICE": DEVICE, "COMPANION_TABLE_DISPLAY": None}
        assert await within(WAIT_SECONDS, lambda: not alive(hung))
        await page.close()
    finally:
        await client.close()


@dataclass
class KeptReady:
    """`companion.cli.standby` as the server starts it, and the environment it was given."""

    process: subprocess.Popen[bytes]
    environment: dict[str, str]

    def hand_over(self, **browser: str) -> None:
        """This browser's environment: the server's, with the browser's own settings."""
        assert self.process.stdin is not None
        self.process.stdin.write(hand_over_packet(self.environment | browser))
        self.process.stdin.flush()

    def written_until(self, words: bytes) -> tuple[bytes, int]:
        """What the app wrote until `words`, and the lowest row its cursor was sent to."""
        assert self.process.stdout is not None
        written = b""
        while words not in written:
            ready, _, _ = select.select([self.process.stdout], [], [], WAIT_SECONDS)
            chunk = os.read(self.process.stdout.fileno(), 65536) if ready else b""
            assert chunk, f"no {words!r} from the app; it wrote:\n{written[-2000:]!r}"
            written += chunk
        return written, max(int(row) for row in re.findall(rb"\x1b\[(\d+);\d+H", written))

    def command_line(self) -> bytes:
        return Path(f"/proc/{self.process.pid}/cmdline").read_bytes()


@pytest.fixture
def kept_ready(tmp_path: Path) -> Iterator[KeptReady]:
    """The app kept ready on a data folder of one saved game, waiting for a browser (once it
    waits for its input); ended at the test's end."""
    if platform.machine() not in READ_CALL:
        pytest.skip(f"the read call of {platform.machine()} is not known here")
    install_sample(tmp_path / "home", "time-bastards")
    environment = dict(os.environ, COMPANION_HOME=str(tmp_path / "home"), **WEB_ENVIRONMENT)
    for name in READ_AT_START - {"COLUMNS", "ROWS"}:
        environment.pop(name, None)
    process = subprocess.Popen(
        [sys.executable, "-m", "companion.cli.standby"],
        env=environment,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_until(lambda: waits_for_its_input(process.pid), "the app kept ready waiting")
        yield KeptReady(process, environment)
    finally:
        process.kill()
        process.wait()


def waits_for_its_input(pid: int) -> bool:
    """Whether the process is blocked reading its standard input (its imports done)."""
    call = Path(f"/proc/{pid}/syscall").read_text("ascii").split()
    return call[:2] == [READ_CALL[platform.machine()], "0x0"]


def test_the_app_kept_ready_waits_idle_then_starts_for_its_browser(
    kept_ready: KeptReady, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    (save,) = (home / "games").iterdir()
    pid = kept_ready.process.pid
    assert os.listdir(f"/proc/{pid}/task") == [str(pid)]  # one thread: nothing started yet
    assert sorted(path.name for path in home.rglob("*")) == ["games", save.name]  # nothing read
    device = "e" * 32
    remember_game(home, device, save.stem)
    kept_ready.hand_over(COLUMNS="42", ROWS="16", COMPANION_DEVICE=device)
    written, lowest = kept_ready.written_until(b"Timelines")  # its device's game, reopened
    assert written.startswith(READY + TAKEN)  # before its screen: the server knows it lives
    assert lowest == 16  # at the browser's size
    assert b"companion.cli.standby" in kept_ready.command_line()  # not started afresh


def test_an_environment_that_differs_elsewhere_starts_the_app_afresh(
    kept_ready: KeptReady,
) -> None:
    kept_ready.hand_over(TEXTUAL_FPS="30")  # read when Textual was imported
    kept_ready.written_until(b"Mara vs Jonas")
    assert kept_ready.command_line().split(b"\0")[1:3] == [b"-m", b"companion"]

"""One `companion` process per browser connection: its environment, its end, and how many.

textual-serve's `AppService` runs the process and relays its screen; this subclass gives the
process the browser's device id and display through its environment, and ends it for sure: a
browser that drops is noticed by the websocket's heartbeat within a few seconds, then the app is
asked to quit, terminated if it does not, and killed if it still does not, so no process outlives
its browser. `AppCount` limits how many apps one address may run at once. `Standby` keeps the next
browser's app started before that browser comes, so that its start is mostly done when it
does; one that does not answer its hand-over within a few seconds is replaced by a fresh app, so
the next browser always gets a page.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from asyncio.subprocess import Process
from collections import Counter
from collections.abc import Mapping
from typing import Any

from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from saves.shared.devices import DEVICE_VARIABLE, TABLE_DISPLAY_VARIABLE
from webserve.handover import READY, TAKEN, hand_over_packet

HEARTBEAT_SECONDS = 3.0
"""The websocket's ping interval on a quiet connection; a pong missing for half of it closes the
connection: a dropped browser is noticed in 3 to 5 s, where textual-serve's 15 s took up to 22,
and a slow hotspot still has 1.5 s to answer."""
QUIT_SECONDS = 2.0
"""How long an app has to quit (saving as it goes) before it is terminated."""
TERMINATE_SECONDS = 1.5
"""How long a terminated app has before it is killed."""
ANSWER_SECONDS = 4.0
"""How long the app kept ready, once it said its imports are done, has to answer its hand-over
(it answers within milliseconds); one that does not (stopped, hung) is replaced, and the
browser's page is drawn by a fresh app."""
START_SECONDS = 20.0
"""The same for an app kept ready still importing when its browser came (a slow machine's
start): the longest a start takes, not a few seconds, so a healthy one is never replaced."""
FRAME = re.compile(rb"\x1b\[\d+;\d+H")
"""The cursor placed on a row and column: a frame being drawn (what an app writes before its
first frame only switches the terminal's modes)."""


class CompanionAppService(AppService):
    """textual-serve's app service, with the browser's environment and a bounded end; its app is
    the one `standby` keeps ready, if there is one."""

    def __init__(
        self,
        command: str,
        environment: dict[str, str],
        standby: Standby | None = None,
        **options: Any,
    ) -> None:
        super().__init__(command, **options)
        self.environment = environment
        self.standby = standby
        self.drawn = False

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        """The app kept ready, handed this browser's environment; else one started now."""
        if self.standby is not None:
            process = await self.standby.take(self._build_environment(width, height))
            if process is not None:
                self._process, self._stdin = process, process.stdin
                return process
        return await super()._open_app_process(width, height)

    async def on_data(self, payload: bytes) -> None:
        """The app's output to its browser; once its first frame is out, the next browser's app
        is started (not before: this start has the CPU to itself)."""
        if not self.drawn and FRAME.search(payload):
            self.drawn = True
            if self.standby is not None:
                self.standby.refill()
        await super().on_data(payload)

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        built = super()._build_environment(width=width, height=height)
        for name in (DEVICE_VARIABLE, TABLE_DISPLAY_VARIABLE):
            built.pop(name, None)  # only what this browser is, never what the server inherited
        built.update(self.environment)
        return built

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    async def relay_ended(self) -> None:
        """Wait until the app's output has ended: it quit, or crashed."""
        if self._task is not None:
            await asyncio.shield(self._task)

    async def end(self) -> None:
        """Quit, then terminate, then kill: the process has ended when this returns."""
        process = self._process
        if process is None:
            return
        if process.returncode is None:
            with contextlib.suppress(TimeoutError, OSError, RuntimeError):
                await asyncio.wait_for(self.send_meta({"type": "quit"}), QUIT_SECONDS)
        await _stopped(process)
        if process.stdin is not None:
            process.stdin.close()  # its pipe now, not whenever the transport is collected
        await self._end_relay()

    async def _end_relay(self) -> None:
        """Stop relaying the screen: the process is gone, its output read or dropped."""
        task, self._task = self._task, None
        if task is None:
            return
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        try:
            await asyncio.wait_for(task, QUIT_SECONDS)
        except (TimeoutError, asyncio.CancelledError):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task


class Standby:
    """The next browser's app, started before that browser connects (`command`: `python -m
    companion.cli.standby`, which imports what the app needs, then waits for a browser).

    It is started as every app is (textual-serve's pipes, the environment of a browser with no
    device id at 80x24), as a process of its own: nothing is forked, so no thread, hash seed or
    random state is shared. A browser that connects takes it and hands it its environment
    (webserve/handover.py); the next one is started once that app has drawn. Two browsers at
    once: the second starts its app afresh, as before.
    """

    def __init__(self, command: str, download_manager: DownloadManager) -> None:
        self.command = command
        self.download_manager = download_manager
        self.process: Process | None = None
        self.ready: asyncio.Task[bytes] | None = None
        """The process's first line, read as it comes (`READY`: its imports are done)."""
        self.starting: asyncio.Task[None] | None = None
        self.closed = False

    def refill(self) -> None:
        """Start the next browser's app, unless one is ready or starting (or the server stops)."""
        if self.closed or self.starting is not None:
            return
        if self.process is not None and self.process.returncode is None:
            return
        self.starting = asyncio.create_task(self._start())

    async def _start(self) -> None:
        opener = CompanionAppService(
            self.command,
            {},
            write_bytes=_unrelayed,
            write_str=_unrelayed,
            close=_unrelayed,
            download_manager=self.download_manager,
        )
        try:
            self.process = await opener._open_app_process()
            self.ready = asyncio.create_task(_first_line(self.process))
        except OSError as error:  # no process to spare: each browser starts its own
            logging.getLogger("companion-serve").warning("no app kept ready: %s", error)
        finally:
            self.starting = None

    async def take(self, environment: Mapping[str, str]) -> Process | None:
        """The app kept ready, handed `environment`, once it has answered (`TAKEN`); None if
        there is none alive, or if it did not answer in time (stopped, hung): `ANSWER_SECONDS`
        once it said it was ready, `START_SECONDS` while it was still importing. A silent one
        is killed, and the browser starts a fresh app (whose first frame starts the next one
        kept ready)."""
        process, self.process = self.process, None
        ready, self.ready = self.ready, None
        if process is None or process.returncode is not None or process.stdin is None:
            return None
        said_ready = ready is not None and ready.done() and not ready.cancelled()
        limit = ANSWER_SECONDS if said_ready else START_SECONDS
        try:
            answer = await asyncio.wait_for(_hand_over(process, environment, ready), limit)
        except (TimeoutError, ConnectionError, RuntimeError, ValueError):  # silent, or gone
            answer = b""
        if answer != TAKEN:
            logging.getLogger("companion-serve").warning(
                "the app kept ready did not answer: a fresh one starts"
            )
            await _killed(process)
            return None
        return process

    async def close(self) -> None:
        """The server stops: the app kept ready ends without having started (end of input)."""
        self.closed = True
        if self.starting is not None:
            await asyncio.shield(self.starting)
        process, self.process = self.process, None
        if self.ready is not None:
            self.ready.cancel()
            self.ready = None
        if process is None:
            return
        if process.stdin is not None:
            process.stdin.close()
        await _stopped(process)


async def _first_line(process: Process) -> bytes:
    """The process's first line (b"" if it ended first)."""
    assert process.stdout is not None
    return await process.stdout.readline()


async def _hand_over(
    process: Process, environment: Mapping[str, str], ready: asyncio.Task[bytes] | None
) -> bytes:
    """Hand `environment` to the waiting process; its answer, the line after `READY` (b"" if
    it said something else, or ended)."""
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(hand_over_packet(environment))
    await process.stdin.drain()
    if ready is None or await ready != READY:
        return b""
    return await process.stdout.readline()


async def _killed(process: Process) -> None:
    """End a process that does not answer, at once (SIGKILL ends a stopped process too)."""
    with contextlib.suppress(ProcessLookupError):
        process.kill()
    await process.wait()


async def _unrelayed(*_data: object) -> None:
    """Where an app kept ready would write before a browser takes it: it writes nothing then,
    and the browser's own service relays it after."""


async def _stopped(process: Process) -> None:
    """Wait for the process to end, terminating then killing it if it does not."""
    if await _ended(process, QUIT_SECONDS):
        return
    with contextlib.suppress(ProcessLookupError):
        process.terminate()
    if not await _ended(process, TERMINATE_SECONDS):
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await process.wait()


async def _ended(process: asyncio.subprocess.Process, seconds: float) -> bool:
    """Whether the process has ended, waiting up to `seconds` for it."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(process.wait(), seconds)
    return process.returncode is not None


class AppCount:
    """How many apps each client address runs now, against the most one may run."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.running: Counter[str] = Counter()

    def full(self, address: str) -> bool:
        return self.running[address] >= self.most

    @contextlib.contextmanager
    def one(self, address: str) -> Any:
        self.running[address] += 1
        try:
            yield
        finally:
            self.running[address] -= 1
            if self.running[address] <= 0:
                del self.running[address]

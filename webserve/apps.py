"""One `companion` process per browser connection: its environment, its end, and how many.

textual-serve's `AppService` runs the process and relays its screen; this subclass gives the
process the browser's device id, display and languages (`Accept-Language`) through its
environment, and ends it for sure: a browser that drops is noticed by the websocket's heartbeat
within a few seconds, then the app is asked to quit, terminated if it does not, and killed if it
still does not, so no process outlives its browser. `AppCount` limits how many apps one address
may run at once. `Standby` runs the warm parent that forks each browser's app: the app's imports
are done before its browser comes, and shared between the apps; a parent that does not answer
within a few seconds is replaced and the browser's app starts afresh, so the next browser always
gets a page.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import select
import signal
import socket
from asyncio.subprocess import Process
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, cast

from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from lang import BROWSER_LANGUAGES, t
from saves.shared.devices import DEVICE_VARIABLE, TABLE_DISPLAY_VARIABLE
from webserve.forks import WarmStart
from webserve.handover import ENDED, FORKED, READY, send_request

HEARTBEAT_SECONDS = 3.0
"""The websocket's ping interval on a quiet connection; a pong missing for half of it closes the
connection: a dropped browser is noticed in 3 to 5 s, where textual-serve's 15 s took up to 22,
and a slow hotspot still has 1.5 s to answer."""
QUIT_SECONDS = 2.0
"""How long an app has to quit (saving as it goes) before it is terminated."""
TERMINATE_SECONDS = 1.5
"""How long a terminated app has before it is killed."""
ANSWER_SECONDS = 4.0
"""How long the warm parent, once it said its imports are done, has to answer a browser's
request (it forks within milliseconds); one that does not (stopped, hung) is replaced, and the
browser's page is drawn by a fresh app."""
START_SECONDS = 20.0
"""The same for a warm parent still importing when a browser came (a slow machine's start):
the longest a start takes, not a few seconds, so a healthy one is never replaced."""
FRAME = re.compile(rb"\x1b\[\d+;\d+H")
"""The cursor placed on a row and column: a frame being drawn (what an app writes before its
first frame only switches the terminal's modes)."""


class CompanionAppService(AppService):
    """textual-serve's app service, with the browser's environment and a bounded end; its app is
    forked by `standby`'s warm parent, if there is one."""

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
        """A child of the warm parent, with this browser's environment; else one started now."""
        if self.standby is not None:
            forked = await self.standby.take(self._build_environment(width, height))
            if forked is not None:
                # the parts of a Process that AppService and `end` use (ForkedProcess)
                process = cast(Process, forked)
                self._process, self._stdin = process, forked.stdin
                return process
        return await super()._open_app_process(width, height)

    async def on_data(self, payload: bytes) -> None:
        """The app's output to its browser; once its first frame is out, a warm parent is
        started if there is none (not before: this start has the CPU to itself)."""
        if not self.drawn and FRAME.search(payload):
            self.drawn = True
            if self.standby is not None:
                self.standby.refill()
        await super().on_data(payload)

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        built = super()._build_environment(width=width, height=height)
        for name in (DEVICE_VARIABLE, TABLE_DISPLAY_VARIABLE, BROWSER_LANGUAGES):
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
    """The warm parent of the browsers' apps (`command`: `python -m companion.cli.standby`,
    which imports what an app needs, then forks one child per browser).

    It is started once, with a Unix socket as its input (the requests, each carrying the app's
    pipes) and a pipe as its output (its answers), and it stays: every browser's app is a fork
    of it, its imported modules shared copy-on-write rather than loaded again, and ready as soon
    as the parent has forked (webserve/handover.py, webserve/forks.py). Two browsers at once
    are forked one after the other, within milliseconds. A parent that does not answer within a
    few seconds is killed (its children, the apps of browsers, go on), the browser's app is
    started afresh, and a new parent is started once that app has drawn.
    """

    def __init__(self, command: str, download_manager: DownloadManager) -> None:
        self.command = command
        self.download_manager = download_manager
        self.forked_by_server: WarmStart | None = None
        """The first parent, forked by the server before its event loop (sharing the server's
        modules); the later ones, if it ends, are started with `command`."""
        self.process: Process | ChildProcess | None = None
        self.control: socket.socket | None = None
        """The server's end of the parent's input."""
        self.ready = asyncio.Event()
        """Set once the parent said its imports are done."""
        self.starting: asyncio.Task[None] | None = None
        self.listening: asyncio.Task[None] | None = None
        self.forking = asyncio.Lock()
        self.forked: asyncio.Future[int] | None = None
        self.children: dict[int, ForkedProcess] = {}
        self.ended_unopened: dict[int, int] = {}
        """Exit codes told before the server had opened that child's pipes (a crash at once)."""
        self.closed = False

    def refill(self) -> None:
        """Start the warm parent, unless it runs or is starting (or the server stops)."""
        if self.closed or self.starting is not None:
            return
        if self.process is not None and self.process.returncode is None:
            return
        self.starting = asyncio.create_task(self._start())

    async def _start(self) -> None:
        forked, self.forked_by_server = self.forked_by_server, None
        if forked is not None:
            try:
                replies = await _reader(forked.replies_fd)
            finally:
                self.starting = None
            parent = ChildProcess(forked.pid, reaped_here=True)
            forked.control.setblocking(False)
            self.process, self.control, self.ready = parent, forked.control, asyncio.Event()
            self.listening = asyncio.create_task(self._listen(replies, parent))
            return
        ours, theirs = socket.socketpair()
        try:
            process = await asyncio.create_subprocess_shell(
                self.command,
                stdin=theirs.fileno(),
                stdout=asyncio.subprocess.PIPE,
                env=browserless_environment(),
            )
            assert process.stdout is not None
            ours.setblocking(False)
            self.process, self.control, self.ready = process, ours, asyncio.Event()
            self.listening = asyncio.create_task(self._listen(process.stdout, process))
        except OSError as error:  # no process to spare: each browser starts its own
            ours.close()
            logging.getLogger("companion-serve").warning(
                t("no warm parent: {problem}", problem=str(error))
            )
        finally:
            theirs.close()
            self.starting = None

    async def _listen(self, replies: asyncio.StreamReader, parent: Process | ChildProcess) -> None:
        """Read the parent's answers until it ends: ready, each child forked, each ended."""
        while line := await replies.readline():
            if line == READY:
                self.ready.set()
            elif line.startswith(FORKED) and self.forked is not None and not self.forked.done():
                self.forked.set_result(int(line[len(FORKED) :]))
            elif line.startswith(ENDED):
                pid, code = (int(word) for word in line[len(ENDED) :].split())
                child = self.children.pop(pid, None)
                if child is None:
                    self.ended_unopened[pid] = code
                else:
                    child.ended(code)
        if self.forked is not None and not self.forked.done():
            self.forked.set_exception(ConnectionError("the warm parent ended"))
        orphans, self.children = self.children, {}
        for child in orphans.values():  # ended by the server (or by themselves), as before
            child.watch_alone()
        if isinstance(parent, ChildProcess):  # the server's own child: reaped here
            parent.watch_alone()

    async def take(self, environment: Mapping[str, str]) -> ForkedProcess | None:
        """A child of the warm parent with `environment`, its pipes ours; None if the parent
        is not running, or if it did not answer in time (stopped, hung): `ANSWER_SECONDS`
        once it said it was ready, `START_SECONDS` while it was still importing. A silent one
        is killed, and the browser starts a fresh app (whose first frame starts a new parent)."""
        async with self.forking:
            process, control = self.process, self.control
            if process is None or process.returncode is not None or control is None:
                return None
            limit = ANSWER_SECONDS if self.ready.is_set() else START_SECONDS
            ours, theirs = _pipes()
            self.forked = asyncio.get_running_loop().create_future()
            try:
                send_request(control, environment, theirs)
                pid = await asyncio.wait_for(asyncio.shield(self.forked), limit)
            except (TimeoutError, ConnectionError, OSError):  # silent, gone, or its input full
                pid = None
            finally:
                self.forked = None
                for end in theirs:
                    os.close(end)
            if pid is None:
                for end in ours:
                    os.close(end)
                logging.getLogger("companion-serve").warning(
                    t("the warm parent did not answer: a fresh app starts")
                )
                await self._end_parent(_killed)
                return None
            child = await ForkedProcess.opened(pid, ours)
            if pid in self.ended_unopened:
                child.ended(self.ended_unopened.pop(pid))
            elif self.listening is None or self.listening.done():  # its parent is gone
                child.watch_alone()
            else:
                self.children[pid] = child
            return child

    async def _end_parent(self, ending: Callable[[AppProcess], Awaitable[None]]) -> None:
        process, self.process = self.process, None
        control, self.control = self.control, None
        if control is not None:
            control.close()  # the parent's end of input: it stops forking
        if process is not None:
            await ending(process)
        if self.listening is not None:
            await self.listening

    def stop_starting(self) -> None:
        """The server stops: no new warm parent from now on."""
        self.closed = True

    async def close(self) -> None:
        """The server has stopped: the warm parent ends (end of input)."""
        self.closed = True
        if self.starting is not None:
            await asyncio.shield(self.starting)
        await self._end_parent(_stopped)


class ChildProcess:
    """A process the server did not start through asyncio: what `end`, `_stopped` and
    `_killed` use of an `asyncio.subprocess.Process`. Its exit code is told (`ended`: a
    browser's app, by the warm parent that reaps it) or watched from here (`watch_alone`: the
    warm parent the server forked, which the server reaps, or an app whose parent is gone).
    Signals go through a pidfd where the system has one, so a signal never reaches another
    process that took the pid."""

    def __init__(self, pid: int, reaped_here: bool = False) -> None:
        self.pid = pid
        self.reaped_here = reaped_here
        self.returncode: int | None = None
        self._ended = asyncio.Event()
        self._watcher: asyncio.Task[None] | None = None
        self._pidfd: int | None = None
        with contextlib.suppress(AttributeError, OSError):  # no pidfd: macOS, an old Linux
            self._pidfd = os.pidfd_open(pid)

    def ended(self, code: int) -> None:
        if self.returncode is None:
            self.returncode = code
        if self._pidfd is not None:
            os.close(self._pidfd)
            self._pidfd = None
        self._ended.set()

    def watch_alone(self) -> None:
        """No one tells this process's end any more: notice it here."""
        if self._watcher is None:
            self._watcher = asyncio.create_task(self._until_gone())

    async def _until_gone(self) -> None:
        while self.returncode is None:
            if self.reaped_here:
                try:
                    pid, status = os.waitpid(self.pid, os.WNOHANG)
                except ChildProcessError:
                    pid, status = self.pid, -1
                if pid != 0:
                    self.ended(UNKNOWN_CODE if status < 0 else os.waitstatus_to_exitcode(status))
                    return
            elif self._pidfd is not None:  # readable once it ended, a zombie no one reaps too
                if select.select([self._pidfd], [], [], 0)[0]:
                    self.ended(UNKNOWN_CODE)
                    return
            else:
                try:
                    self.send_signal(0)
                except ProcessLookupError:
                    self.ended(UNKNOWN_CODE)
                    return
            await asyncio.sleep(0.1)

    async def wait(self) -> int:
        await self._ended.wait()
        assert self.returncode is not None
        return self.returncode

    def send_signal(self, number: int) -> None:
        if self.returncode is not None:
            raise ProcessLookupError(self.pid)
        if self._pidfd is not None:
            signal.pidfd_send_signal(self._pidfd, number)
        else:
            os.kill(self.pid, number)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class ForkedProcess(ChildProcess):
    """A browser's app forked by the warm parent, with its three pipes: what textual-serve's
    `AppService` uses of an `asyncio.subprocess.Process`."""

    def __init__(
        self,
        pid: int,
        stdin: asyncio.StreamWriter,
        stdout: asyncio.StreamReader,
        stderr: asyncio.StreamReader,
    ) -> None:
        super().__init__(pid)
        self.stdin, self.stdout, self.stderr = stdin, stdout, stderr

    @classmethod
    async def opened(cls, pid: int, ends: tuple[int, int, int]) -> ForkedProcess:
        """The child `pid`, its input written and its output and errors read through `ends`."""
        loop = asyncio.get_running_loop()
        stdin_end, stdout_end, stderr_end = ends
        stdout, stderr = await _reader(stdout_end), await _reader(stderr_end)
        transport, protocol = await loop.connect_write_pipe(
            lambda: asyncio.StreamReaderProtocol(asyncio.StreamReader()),
            os.fdopen(stdin_end, "wb", buffering=0),
        )
        return cls(pid, asyncio.StreamWriter(transport, protocol, None, loop), stdout, stderr)


async def _reader(fd: int) -> asyncio.StreamReader:
    """A stream read from the pipe end `fd` (closed with it)."""
    reader = asyncio.StreamReader(limit=2**16)
    await asyncio.get_running_loop().connect_read_pipe(
        lambda: asyncio.StreamReaderProtocol(reader), os.fdopen(fd, "rb", buffering=0)
    )
    return reader


AppProcess = Process | ChildProcess
UNKNOWN_CODE = 255
"""The exit code of an app whose warm parent ended before it (no one reaped it for us)."""


def browserless_environment() -> dict[str, str]:
    """The environment of a browser's app before any browser came: textual-serve's, at 80x24,
    with no device id and no table display (what the warm parent imports under)."""
    opener = CompanionAppService(
        "",
        {},
        write_bytes=_unrelayed,
        write_str=_unrelayed,
        close=_unrelayed,
        download_manager=DownloadManager(),
    )
    return opener._build_environment()


def _pipes() -> tuple[tuple[int, int, int], list[int]]:
    """The app's three pipes: the server's ends (input's write end, output's and errors' read
    ends) and the app's (input's read end, output's and errors' write ends)."""
    stdin_read, stdin_write = os.pipe()
    stdout_read, stdout_write = os.pipe()
    stderr_read, stderr_write = os.pipe()
    return (stdin_write, stdout_read, stderr_read), [stdin_read, stdout_write, stderr_write]


async def _killed(process: AppProcess) -> None:
    """End a process that does not answer, at once (SIGKILL ends a stopped process too)."""
    with contextlib.suppress(ProcessLookupError):
        process.kill()
    await process.wait()


async def _unrelayed(*_data: object) -> None:
    """Where the service that only builds the environment would write: nothing is relayed."""


async def _stopped(process: AppProcess) -> None:
    """Wait for the process to end, terminating then killing it if it does not."""
    if await _ended(process, QUIT_SECONDS):
        return
    with contextlib.suppress(ProcessLookupError):
        process.terminate()
    if not await _ended(process, TERMINATE_SECONDS):
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await process.wait()


async def _ended(process: AppProcess, seconds: float) -> bool:
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

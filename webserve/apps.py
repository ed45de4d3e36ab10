"""One `companion` process per browser connection: its environment, its end, and how many.

textual-serve's `AppService` runs the process and relays its screen; this subclass gives the
process the browser's device id and display through its environment, and ends it for sure: a
browser that drops is noticed by the websocket's heartbeat within a few seconds, then the app is
asked to quit, terminated if it does not, and killed if it still does not, so no process outlives
its browser. `AppCount` limits how many apps one address may run at once.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter
from typing import Any

from textual_serve.app_service import AppService

from saves.shared.devices import DEVICE_VARIABLE
from webserve.device import TABLE_DISPLAY_VARIABLE

HEARTBEAT_SECONDS = 3.0
"""The websocket's ping interval on a quiet connection; a pong missing for half of it closes the
connection: a dropped browser is noticed in 3 to 5 s, where textual-serve's 15 s took up to 22,
and a slow hotspot still has 1.5 s to answer."""
QUIT_SECONDS = 2.0
"""How long an app has to quit (saving as it goes) before it is terminated."""
TERMINATE_SECONDS = 1.5
"""How long a terminated app has before it is killed."""


class CompanionAppService(AppService):
    """textual-serve's app service, with the browser's environment and a bounded end."""

    def __init__(self, command: str, environment: dict[str, str], **options: Any) -> None:
        super().__init__(command, **options)
        self.environment = environment

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
        if not await _ended(process, QUIT_SECONDS):
            with contextlib.suppress(ProcessLookupError):
                process.terminate()
            if not await _ended(process, TERMINATE_SECONDS):
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await process.wait()
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

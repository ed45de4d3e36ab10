"""The table feed: one process for every table page of the server, and what it last said.

The server loads nothing of the app (no screens, no game's code): the table page's figures come
from `python -m companion.cli.table_feed`, started as the browsers' apps are (by name, with the
environment an app would have before any browser came), when the first table page opens, and
kept until the server stops. It writes one JSON line each time what a display shows changes;
each page's stream (`wait_newer`) takes the newest. A feed that ends (a crash) is started again
while a page is open, a little later each time, so a broken one does not spin.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Mapping
from typing import Any

from lang import t

LINE_BYTES = 8 << 20
"""The longest line read from the feed: a game's view in every language is a few kB."""
RESTART_SECONDS = (1.0, 2.0, 5.0, 10.0)
"""Waits before each start again of a feed that ended, the last repeated."""
END_SECONDS = 2.0
"""How long a feed has to end once its input is closed, then it is terminated."""


class TableFeed:
    """The feed process and the newest thing it said (`latest`, numbered by `version`)."""

    def __init__(self, command: list[str], environment: Mapping[str, str]) -> None:
        self.command = command
        self.environment = dict(environment)
        self.latest: Mapping[str, Any] | None = None
        """The feed's last line: `{"game": ...}`; None until it said anything."""
        self.version = 0
        self.changed = asyncio.Condition()
        self.process: asyncio.subprocess.Process | None = None
        self.running: asyncio.Task[None] | None = None
        self.closed = False
        self.ends = 0

    def start(self) -> None:
        """Start the feed unless it runs (a table page opened)."""
        if self.closed or (self.running is not None and not self.running.done()):
            return
        self.running = asyncio.create_task(self._run())

    async def _run(self) -> None:
        while not self.closed:
            try:
                process = await asyncio.create_subprocess_exec(
                    *self.command,
                    stdin=asyncio.subprocess.PIPE,
                    stdout=asyncio.subprocess.PIPE,
                    env=self.environment,
                    limit=LINE_BYTES,
                )
            except OSError as error:
                logging.getLogger("companion-serve").warning(
                    t("no table page: {problem}", problem=str(error))
                )
                return
            self.process = process
            assert process.stdout is not None
            with contextlib.suppress(ValueError, ConnectionError):  # a line past the limit
                while line := await process.stdout.readline():
                    await self._heard(line)
            await _ended(process)
            self.process = None
            if self.closed:
                return
            logging.getLogger("companion-serve").warning(
                t(
                    "the table page's reader ended ({code}): started again",
                    code=str(process.returncode),
                )
            )
            await asyncio.sleep(RESTART_SECONDS[min(self.ends, len(RESTART_SECONDS) - 1)])
            self.ends += 1

    async def _heard(self, line: bytes) -> None:
        try:
            said = json.loads(line)
        except ValueError:
            return
        if not isinstance(said, dict) or not isinstance(said.get("game"), (dict, type(None))):
            return
        async with self.changed:
            self.latest, self.version = said, self.version + 1
            self.changed.notify_all()

    async def wait_newer(self, seen: int, seconds: float) -> int:
        """The newest version once it is newer than `seen`, or `seen` after `seconds`."""
        async with self.changed:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait_for(lambda: self.version != seen), seconds)
            return self.version

    async def close(self) -> None:
        """The server stops: the feed's input is closed (it ends), then it is terminated."""
        self.closed = True
        process = self.process
        if process is not None and process.stdin is not None:
            process.stdin.close()
        if process is not None:
            await _ended(process)
        if self.running is not None:
            self.running.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.running


async def _ended(process: asyncio.subprocess.Process) -> None:
    """Wait for the feed to end; terminated, then killed, if it does not."""
    for stop in (None, process.terminate, process.kill):
        if stop is not None:
            with contextlib.suppress(ProcessLookupError):
                stop()
        try:
            await asyncio.wait_for(process.wait(), END_SECONDS)
            return
        except TimeoutError:
            continue

"""An app run in a pseudo-terminal, read as a terminal emulator reads it (run by the benchmark).

The app is started on the slave side of a pty of a fixed size with TERM=xterm-256color; the bench
reads every byte it writes from the master side. It answers the one question Textual asks, "do
you take synchronized output?", with yes, so every frame arrives between `\\x1b[?2026h` and
`\\x1b[?2026l`: a frame is done when its end marker has arrived, and what a key caused is done
when the output has then gone quiet. A time is the arrival of a frame's end marker: the first
after the key (the screen answers) and the last before the quiet (everything drawn).
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import termios
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

SIZE = (80, 24)
"""Columns and rows: the size the Pilot figures use."""
SYNC_QUERY = b"\x1b[?2026$p"
SYNC_YES = b"\x1b[?2026;2$y"
"""DECRPM: mode 2026 (synchronized output) is supported and reset, as kitty or WezTerm say."""
FRAME_END = b"\x1b[?2026l"
QUIET_SECONDS = 0.15
"""No byte for this long after a frame: the answer to a key is whole (a follow waits 0.1 s
between two redraws at most, a notification's timer is seconds)."""
LIMIT_SECONDS = 120.0
"""What only a hang reaches (a start takes 12 s with 25 processes waiting for the 2 cores)."""


def without_size(env: dict[str, str]) -> dict[str, str]:
    """The environment without COLUMNS and LINES: the app takes its size from the pty."""
    return {name: value for name, value in env.items() if name not in ("COLUMNS", "LINES")}


class Hung(RuntimeError):
    """The app wrote nothing that ends a frame within `LIMIT_SECONDS`."""


@dataclass(frozen=True)
class Answer:
    """Seconds from a key (or a start, or another window's write) to the first frame that
    answers it, and to the last one before the output went quiet."""

    first: float
    last: float


class Terminal:
    """One app in a pty: `settle` reads until it is quiet, `press` types and times the answer."""

    def __init__(self, argv: Sequence[str], env: dict[str, str], cwd: Path) -> None:
        master, slave = pty.openpty()
        columns, rows = SIZE
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.master = master
        self.screen = bytearray()
        """Every byte since the last `settle` began (to look for words on the screen)."""
        self._tail = b""
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            list(argv),
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env={**without_size(env), "TERM": "xterm-256color"},
            cwd=cwd,
            start_new_session=True,
            close_fds=True,
        )
        os.close(slave)

    def _read(self, timeout: float) -> tuple[bytes, float] | None:
        ready, _, _ = select.select([self.master], [], [], max(0.0, timeout))
        if not ready:
            return None
        try:
            data = os.read(self.master, 65536)
        except OSError:  # the app exited: the slave side is closed
            data = b""
        if not data:
            raise Hung(f"the app exited (code {self.process.poll()})")
        return data, time.perf_counter()

    def settle(self, since: float, words: bytes = b"") -> Answer:
        """The first and the last frame from `since` until the output went quiet after a frame;
        with `words`, only the frames from the one that wrote them on (a frame still drawing
        what came before is not the answer)."""
        self.screen.clear()
        first = last = 0.0
        deadline = time.perf_counter() + LIMIT_SECONDS
        while True:
            now = time.perf_counter()
            if now > deadline:
                raise Hung(f"no quiet frame{' with ' + repr(words) if words else ''}")
            quiet = last and (not words or words in self.screen)
            chunk = self._read(QUIET_SECONDS if quiet else deadline - now)
            if chunk is None:
                if quiet:
                    return Answer(first - since, last - since)
                continue
            data, arrived = chunk
            self.screen += data
            seen = self._tail + data
            if SYNC_QUERY in seen:
                os.write(self.master, SYNC_YES)
            if FRAME_END in seen and (not words or words in self.screen):
                first, last = first or arrived, arrived
            self._tail = seen[-16:]

    def drain(self) -> None:
        """Read what the app wrote while the bench looked at another one (a notification
        leaving), so it is not taken for the answer to the next key."""
        while self._read(0) is not None:
            pass

    def press(self, key: bytes, words: bytes = b"") -> Answer:
        """The frames that answer typing `key`."""
        self.drain()
        typed = time.perf_counter()
        os.write(self.master, key)
        return self.settle(typed, words)

    def close(self) -> None:
        """End the app (it started its own session: only its group is signalled)."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        os.close(self.master)

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

"""The warm parent's loop: one child forked per browser, each child's end told to the server;
and the warm parent's own start, forked by the server before its event loop.

Run by companion/cli/standby.py once its imports are done (and by the tests' fake app). The
process runs one thread and no event loop, so a fork copies nothing half-done: no lock held by
another thread, no loop's selector. `gc.freeze()` before the first fork keeps the collector from
writing to the imported objects, so their memory stays shared with every child. Each child
reseeds `random` (Python does at a fork); the hash seed is the parent's, shared by the apps of
one server, which takes no key from a browser. See webserve/handover.py for the protocol.
"""

from __future__ import annotations

import contextlib
import gc
import os
import select
import signal
import socket
import sys
import threading
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import FrameType

from webserve.handover import ENDED, FORKED, PIPES, read_request, write_line


def serve_forks(control_fd: int, replies_fd: int) -> dict[str, str] | None:
    """Fork a child for each request read on `control_fd` (a Unix socket), answering on
    `replies_fd`. Returns in each child, its pipes as its standard streams, with the browser's
    environment; returns None in the parent once the server has closed the socket."""
    control = socket.socket(fileno=control_fd)
    woken, waker = os.pipe()
    os.set_blocking(waker, False)
    earlier = signal.signal(signal.SIGCHLD, _noted)
    interrupt = signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C: the server ends it
    signal.set_wakeup_fd(waker)
    gc.freeze()
    while True:
        readable, _, _ = select.select([control.fileno(), woken], [], [])
        if woken in readable:
            os.read(woken, 4096)
            _report_ended(replies_fd)
        if control.fileno() not in readable:
            continue
        request = read_request(control)
        if request is None:
            control.close()
            return None
        environment, ends = request
        pid = os.fork()
        if pid == 0:
            signal.set_wakeup_fd(-1)
            signal.signal(signal.SIGCHLD, earlier)
            signal.signal(signal.SIGINT, interrupt)
            gc.enable()  # for what the app makes: what the parent made stays frozen
            os.close(woken)
            os.close(waker)
            control.detach()  # closed below unless a standard stream replaces it
            for standard, end in zip(range(PIPES), ends, strict=True):
                os.dup2(end, standard)
            for fd in {*ends, control_fd, replies_fd} - set(range(PIPES)):
                os.close(fd)
            _fresh_streams()
            return environment
        for end in ends:
            os.close(end)
        write_line(replies_fd, FORKED + b"%d\n" % pid)


def _fresh_streams() -> None:
    """`sys.stdin`, `sys.stdout` and `sys.stderr` made anew on the app's pipes, as a fresh
    process would (the parent's were made for its socket and its answers)."""
    for name, fd, mode in (("stdin", 0, "r"), ("stdout", 1, "w"), ("stderr", 2, "w")):
        old = getattr(sys, name)
        stream = open(  # noqa: SIM115 (the process's own stream, open until it ends)
            fd,
            mode,
            buffering=1 if old.line_buffering else -1,
            encoding=old.encoding,
            errors=old.errors,
            closefd=False,
        )
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)


def _noted(_signal: int, _frame: FrameType | None) -> None:
    """SIGCHLD: the wake-up pipe says it to the loop, which reaps."""


def _report_ended(replies_fd: int) -> None:
    """Reap every child that ended and tell the server each one's exit code."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        code = os.waitstatus_to_exitcode(status)
        write_line(replies_fd, ENDED + b"%d %d\n" % (pid, code))


@dataclass(frozen=True)
class WarmStart:
    """A warm parent forked by the server itself before its event loop: its pid, the server's
    end of its input, and the read end of its answers."""

    pid: int
    control: socket.socket
    replies_fd: int


def fork_warm_parent(
    main: Callable[[], int], environment: Mapping[str, str], inherited: list[socket.socket]
) -> WarmStart | None:
    """Fork the warm parent from this process (the server, before its event loop and before
    any thread), so that it shares the server's imported modules too (Python's own, Rich,
    asyncio): `main` is companion/cli/standby.py's, run with the socket as its input, the
    answers' pipe as its output and `environment` (a browser's before any browser came) as its
    own. None if this process runs another thread: the server then starts one afresh."""
    if threading.active_count() > 1:
        return None
    ours, theirs = socket.socketpair()
    replies_read, replies_write = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    gc.freeze()  # the collector never writes to what the server imported: it stays shared
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            ours.close()
            os.close(replies_read)
            for listening in inherited:
                listening.close()  # the port is the server's alone
            os.dup2(theirs.fileno(), 0)
            os.dup2(replies_write, 1)
            theirs.close()
            os.close(replies_write)
            os.environ.clear()
            os.environ.update(environment)
            code = main()
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else int(stop.code is not None)
        except BaseException:
            traceback.print_exc()
        finally:
            for stream in (sys.stdout, sys.stderr):
                with contextlib.suppress(Exception):
                    stream.flush()
            os._exit(code)  # never back into the server's code
    theirs.close()
    os.close(replies_write)
    return WarmStart(pid, ours, replies_read)

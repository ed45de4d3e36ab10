"""Wait for the event a test needs to see (a screen mounted, a file changed, a page painted),
never for a fixed time, and never assert how long it took: time figures belong to
`tests/bench/run.py`. Every wait is bounded by `HANG_SECONDS`, a limit only a hang reaches, and a
wait that reaches it fails saying what it waited for."""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable
from typing import Any

HANG_SECONDS = 60.0
"""The limit of every wait: what a test waits for takes well under a second on an idle machine
and a few seconds with two CPU-bound processes beside the run; this is ten times the worst seen
(a cold start of the app in a browser, 6 s), so reaching it means something hangs."""
LOOK_SECONDS = 0.05
"""How often a wait looks again once the first looks found nothing (a file, a page, a process,
or an app waiting for another window's change)."""
QUICK_LOOKS = 10
"""Looks a Pilot wait takes with no pause but the app's own idle, before it paces itself."""


class WaitTimedOut(AssertionError):
    """A wait reached its limit: the message names what never happened."""


def described(condition: Callable[..., object]) -> str:
    """The condition's own source line (`lambda: isinstance(app.screen, GameScreen)`), so a
    timeout says what it waited for without each test spelling it out."""
    try:
        source = inspect.getsource(condition).strip()
    except (OSError, TypeError):
        return getattr(condition, "__qualname__", repr(condition))
    source = " ".join(source.split())
    return source[source.find("lambda") :] if "lambda" in source else source


async def pause_until(
    pilot: Any, ready: Callable[[], bool], most: float = HANG_SECONDS, what: str | None = None
) -> None:
    """Let the app run until `ready()` holds (the command palette searches in the background, a
    worker catches up on another window's record); fails naming `what` (or `ready`'s source)
    after `most` seconds."""
    deadline = time.monotonic() + most
    looks = 0
    while not ready():
        if time.monotonic() > deadline:
            raise WaitTimedOut(f"still waiting after {most:g} s for {what or described(ready)}")
        looks += 1  # at once while the app is busy, then at a pace that leaves the CPU to it
        await pilot.pause(None if looks <= QUICK_LOOKS else LOOK_SECONDS)


def wait_until(
    ready: Callable[[], object], what: str, most: float = HANG_SECONDS, every: float = LOOK_SECONDS
) -> Any:
    """`ready()`'s first true value, looked at every `every` seconds outside the app (a file
    grown, a process gone, a page's state); fails naming `what` after `most` seconds."""
    deadline = time.monotonic() + most
    while True:
        found = ready()
        if found:
            return found
        if time.monotonic() > deadline:
            raise WaitTimedOut(f"still waiting after {most:g} s for {what}")
        time.sleep(every)

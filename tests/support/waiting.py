"""Wait for what a Pilot test needs to see rather than sleeping a fixed time."""

from __future__ import annotations

from collections.abc import Callable
from time import monotonic
from typing import Any


async def pause_until(pilot: Any, ready: Callable[[], bool], most: float = 5.0) -> None:
    """Let the app run until `ready()` holds (the command palette searches in the background),
    for at most `most` seconds; the test's own assertions then say what is missing."""
    deadline = monotonic() + most
    while not ready() and monotonic() < deadline:
        await pilot.pause()

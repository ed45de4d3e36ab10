"""Hostile plug-ins: a package (`hostile-games`, installed by `tests/plugin/conftest.py` ahead of
this project on `sys.path`) whose entry points raise at import, repeat the four games' ids, and
offer games whose every function raises or answers nonsense. Nothing it does may harm the four
games, write a save, or stop the app or a command with more than one line."""

from __future__ import annotations

from companion.core import GameEntry

FAULTS = (
    "apply-raises",
    "apply-none",
    "narrate-int",
    "describe-raises",
    "describe-set",
    "describe-datetime",
    "describe-nan",
    "describe-huge",
    "summary-raises",
    "screens-raise",
    "status-raises",
    "redraw-raises",
)
"""The ids of the faulty games: each is Pebbles with the one function its id names broken."""

ENTRIES = {
    fault: GameEntry(fault, fault.replace("-", " ").title(), f"hostile.rules:{fault}", 50)
    for fault in FAULTS
}
"""What each faulty game's entry point names."""

IMPOSTOR = GameEntry("sojourn", "Not Sojourn", "pebbles.game:PEBBLES", position=0)
"""An entry point that repeats a built-in id (both as its name and as its game's id)."""


def __getattr__(name: str) -> GameEntry:
    """`hostile:apply_raises` names the entry of `apply-raises` (an entry point's value is a
    Python name, a game id has dashes)."""
    fault = name.replace("_", "-")
    if fault in ENTRIES:
        return ENTRIES[fault]
    raise AttributeError(name)

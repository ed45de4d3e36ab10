"""The faulty games: Pebbles, each with one function that raises something other than a
`RuleError` or returns what no caller can use. Named by `GameEntry.rules` as `hostile.rules:ID`."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from pebbles.game import PEBBLES

from companion.core import Game
from hostile import FAULTS


def raising(*args: Any) -> Any:
    """A function of the game that fails as a plug-in's bug would."""
    return 1 // 0


BROKEN: dict[str, dict[str, Any]] = {
    "apply-raises": {"apply": raising},
    "apply-none": {"apply": lambda state, action: None},
    "narrate-int": {"narrate": lambda before, action, after: 5},
    "describe-raises": {"describe": raising},
    "describe-set": {"describe": lambda state: {"pile": {state.pile}}},
    "describe-datetime": {"describe": lambda state: {"at": datetime(2026, 1, 1, tzinfo=UTC)}},
    "describe-nan": {"describe": lambda state: {"pile": float("nan")}},
    "describe-huge": {"describe": lambda state: {"pile": 2**70}},
    "summary-raises": {"summary": raising},
    "screens-raise": {},
    "status-raises": {"status": raising},
    "redraw-raises": {},
}


def faulty(fault: str) -> Game[Any, Any]:
    """Pebbles under another id, with the function `fault` names broken."""
    title = fault.replace("-", " ").title()
    return replace(PEBBLES, id=fault, title=title, **BROKEN[fault])


def __getattr__(name: str) -> Game[Any, Any]:
    if name in FAULTS:
        return faulty(name)
    raise AttributeError(name)

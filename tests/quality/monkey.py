"""Random key presses through Pilot: the app must never raise, whatever is typed where."""

from __future__ import annotations

import os
import random
import string
from collections.abc import Sequence
from typing import Any

from textual import events

EXPLORE = int(os.environ.get("COMPANION_MONKEY_SHIFT", "0"))
"""Added to the seed of every slow monkey run: set it to play other key sequences than usual
(`COMPANION_MONKEY_SHIFT=7000 pytest -m slow tests/quality`)."""

KEYS = [
    *string.ascii_lowercase,
    *string.digits,
    *"%+-*.,/ ",
    "enter",
    "escape",
    "tab",
    "shift+tab",
    "up",
    "down",
    "left",
    "right",
    "home",
    "end",
    "pageup",
    "pagedown",
    "backspace",
    "delete",
    "space",
    "ctrl+z",
    "ctrl+y",
    "f1",
]
"""Everything a player might hit, except quitting (ctrl+q, ctrl+c) and the command palette,
whose random typing could pick "quit" and end the run early."""


def random_keys(seed: int, count: int, favourites: Sequence[str] = ()) -> list[str]:
    """A seeded sequence of key names; the same seed always gives the same sequence.

    Half the presses come from `favourites` when given (a screen's own bindings), so random play
    reaches the game's actions instead of mostly typing into dialogs.
    """
    rng = random.Random(seed)
    pool = [key for key in favourites if key not in ("ctrl+q", "ctrl+c", "ctrl+p")]
    return [
        rng.choice(pool) if pool and rng.random() < 0.5 else rng.choice(KEYS) for _ in range(count)
    ]


def binding_keys(screen: Any) -> list[str]:
    """The keys that do something on this screen now (its bindings and the app's)."""
    return list(screen.active_bindings)


CHARACTERS = {"enter": "\r", "tab": "\t", "space": " ", "backspace": "\x7f", "escape": "\x1b"}
NAMES = {
    "%": "percent_sign",
    "+": "plus",
    "-": "minus",
    "*": "asterisk",
    ".": "full_stop",
    ",": "comma",
    "/": "slash",
    " ": "space",
}


async def press_all(pilot: Any, keys: list[str], batch: int = 10) -> None:
    """Send the keys as the terminal would, letting the app settle after every `batch` of them.

    `pilot.press` waits for the app to go idle after each key, which makes thousands of presses
    take minutes; posting the same `Key` events and pausing per batch keeps their order and effect.
    """
    for start in range(0, len(keys), batch):
        for key in keys[start : start + batch]:
            name = NAMES.get(key, key)
            character = key if len(key) == 1 else CHARACTERS.get(key)
            pilot.app.post_message(events.Key(name, character))
        await pilot.pause()

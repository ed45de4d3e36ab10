"""Hostile text for the screens: strings a player could type or a file could hold, saves that
carry them, and what a screen shows, read back from its rendered lines."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path
from typing import Any

import tomli_w
from textual.geometry import Region
from textual.screen import Screen

from companion.text import visible
from tests.support.samples import SAMPLES

MARKUP = [
    "[/]",
    "[bold]x",
    "[link=https://example.com]x[/link]",
    "[@click=app.quit]x[/]",
]
"""Rich and Textual markup: parsed, each would raise, vanish, style or act."""

OTHERS = [
    "\x1b[31mred\x1b[0m\x1b]0;pwned\x07",
    "a\x00b\x07c\rd\x7f\x9be\tf\ng",
    "\u05e9\u05dc\u05d5\u05dd-\u05e2\u05d5\u05dc\u05dd\u202e",
    "e\u0301\u0327o\u0308\u0336",
    "\U0001f469\u200d\U0001f469\u200d\U0001f467\U0001f3b2",
    "[/]" * 3334,
]
"""ANSI escapes, control characters, right-to-left text with an override, combining marks,
emoji joined into one, and 10,002 characters."""

HOSTILE = MARKUP + OTHERS
QUICK = ["[/]\x1b[2J[bold]x\x07"]
"""The default run's string: markup that raises, an escape sequence, a tag and a bell at once,
short enough for every game's names; the slow sweep takes each of `HOSTILE`."""

SHOWN = 6
"""How much of a string must be on screen as typed: narrow columns cut the rest."""

REPLACED = {
    "cavendish": "Ana",
    "six-sojourns": "Ana",
    "time-bastards": "Mara",
    "sojourn": "Pearl Harbor",
}
"""In each game's sample save, the player or card name replaced by the hostile string."""

NAME_LIMITS = {"cavendish": 24, "six-sojourns": 24, "time-bastards": 20, "sojourn": sys.maxsize}
"""The longest name each game's rules accept (a Sojourn card's name has no limit): a save with a
longer one is listed as unreadable."""


def short(text: str) -> str:
    """A test id for a hostile string: its start, as Python writes it."""
    return repr(text[:24])


def shown(text: str) -> str:
    """What a screen must show of `text`: its start, control characters made visible."""
    return visible(text)[:SHOWN]


def _replace(value: Any, old: str, new: str) -> Any:
    if value == old:
        return new
    if isinstance(value, dict):
        return {_replace(key, old, new): _replace(item, old, new) for key, item in value.items()}
    if isinstance(value, list):
        return [_replace(item, old, new) for item in value]
    return value


def hostile_save(home: Path, game_id: str, text: str) -> str:
    """Write a game's sample save with `text` as its title and as a player's (or card's) name;
    returns the save id."""
    data = tomllib.loads((SAMPLES / f"{game_id}.toml").read_text("utf-8"))
    data = _replace(data, REPLACED[game_id], text)
    data["title"] = text
    folder = home / "games"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{data['id']}.toml").write_text(tomli_w.dumps(data), "utf-8")
    return str(data["id"])


def screen_text(screen: Screen[Any]) -> str:
    """Every line the screen's widgets render (borders and their titles included), and the
    notifications on it."""
    lines: list[str] = []
    for widget in screen.walk_children(with_self=True):
        width, height = widget.outer_size
        if not widget.display or not width or not height:
            continue
        lines += [strip.text for strip in widget.render_lines(Region(0, 0, width, height))]
    text = "\n".join(lines)
    assert visible(text, lines=True) == text, "a control character reached the terminal"
    return text

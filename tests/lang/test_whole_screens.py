"""No player ever sees a half-translated screen: every word a screen draws comes from a catalog.

Each game's sample is opened under a pseudo-language (every message, whatever it is, drawn with
look-alike accented letters: "Undo" becomes "Ûñðö"), as localizers test an app before any
translation exists. A word still in plain ASCII letters on the painted screen did not go
through a catalog: English a French or German player would see. Only data may stay plain: the
players' names, the cards' names from the save, key names and numbers.
"""

from __future__ import annotations

import gettext
import re
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import lang
from companion.registry import entries
from tests.support.painted import settled_paint
from tests.support.samples import SAMPLES, install_sample
from tests.support.waiting import pause_until
from widgets.play.game_screen import GameScreen

LOOK_ALIKES = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
FIELD = re.compile(r"(\{[^{}]*\})")
KEY_NAMES = {
    "ctrl",
    "shift",
    "alt",
    "esc",
    "escape",
    "enter",
    "tab",
    "space",
    "up",
    "down",
    "left",
    "right",
    "home",
    "end",
    "pgup",
    "pgdn",
    "del",
    "delete",
    "backspace",
}


def pseudo(message: str) -> str:
    """A message in look-alike letters, its `{fields}` kept for filling."""
    return "".join(
        part if FIELD.fullmatch(part) else part.translate(LOOK_ALIKES)
        for part in FIELD.split(message)
    )


class PseudoCatalog(gettext.NullTranslations):
    """Every message "translated", whether or not any catalog has it."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return pseudo(singular if n == 1 else plural)


@pytest.fixture
def pseudo_language() -> Iterator[None]:
    kept = lang._reader.catalog, lang._reader.code
    lang._reader.catalog, lang._reader.code = PseudoCatalog(), "fr"
    yield
    lang._reader.catalog, lang._reader.code = kept


def data_words(game_id: str) -> set[str]:
    """Every word of the sample's own text (names of players, cards, places): data."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            found.update(word.lower() for word in re.findall(r"[A-Za-z]+", value))
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(tomllib.loads((SAMPLES / f"{game_id}.toml").read_text("utf-8")))
    return found


def names() -> re.Pattern[str]:
    """The app's and the games' names: names, the same in every language."""
    titles = [entry.title for entry in entries().values()]
    return re.compile("|".join(re.escape(name) for name in ["Table Companion", *titles]))


def english_left(lines: list[str], data: set[str]) -> list[str]:
    """The plain-letter words of these lines that are not data, nor a key's name."""
    left = []
    for line in (names().sub("", line) for line in lines):
        for word in re.findall(r"(?<![\w])[A-Za-z]{3,}(?![\w])", line):
            if word.lower() not in data and word.lower() not in KEY_NAMES:
                left.append(f"{word!r} in {line.strip()[:70]!r}")
    return left


GAMES = sorted(path.stem for path in SAMPLES.glob("*.toml"))


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("size", [(80, 24), (44, 43)], ids=["80x24", "44x43"])
async def test_every_word_of_a_play_screen_comes_from_a_catalog(
    game_id: str,
    size: tuple[int, int],
    pseudo_language: None,
    make_test_app: Callable[..., Any],
    companion_home: Path,
) -> None:
    save_id = install_sample(companion_home, game_id)
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    async with app.run_test(size=size) as pilot:
        await pause_until(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
        painted = await settled_paint(pilot)
    lines = [strip.text for _, strips in painted for strip in strips]
    assert english_left(lines, data_words(game_id)) == []

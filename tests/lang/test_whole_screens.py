"""No player ever sees a half-translated screen: every word a screen draws comes from a catalog.

Each game's sample is opened under a pseudo-language (every message, whatever it is, drawn with
look-alike accented letters: "Undo" becomes "Ûñðö"; only a game's term the French catalog keeps
in English on purpose stays as it is), as localizers test an app before any translation exists.
A word still in plain ASCII letters on the painted screen did not go through a catalog: English a
French or German player would see. Only data may stay plain: the players' names, the cards'
names from the save, key names and numbers, and the few terms a game's glossary keeps in English
(`kept_terms`).
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
from companion.cavendish.model import RECEPTACLES
from companion.registry import entries
from companion.six_sojourns.model import EXPANSIONS, TRADES
from companion.sojourn.model import JURASSIC
from tests.support.painted import painted_screen, settled_paint
from tests.support.samples import SAMPLES, install_sample
from tests.support.waiting import pause_until
from widgets.play.game_screen import GameScreen
from widgets.shell.base import SetupScreen
from widgets.shell.games import game_ui
from widgets.shell.home import HomeScreen
from widgets.six_sojourns.setup import DEFAULT_PLAYERS
from widgets.six_sojourns.tables import SHORT_TRADES
from widgets.stats.screen import StatsScreen

LOOK_ALIKES = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
FIELD = re.compile(r"(\{[^{}]*\})")


def kept_terms() -> set[str]:
    """A game's words kept as they are in every language, as its glossary says: the trades of
    Six Sojourns (typed as they are in a sheet's cells and board files) and its expansions'
    names as printed on the cards, Sojourn's first destination card, Cavendish's receptacles
    (its cards' names), the timelines' Roman numerals, and the example players' names."""
    words = {
        *TRADES,
        *SHORT_TRADES.values(),
        *EXPANSIONS.values(),
        JURASSIC,
        *RECEPTACLES,
        *DEFAULT_PLAYERS,
        "I II III IV",
    }
    return {word.lower() for text in words for word in re.findall(r"[A-Za-z]+", text)}


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
    """Every message "translated", whether or not any catalog has it, but those the French
    catalog keeps as they are in English on purpose (a game's term kept, "III")."""

    def __init__(self) -> None:
        super().__init__()
        self.french = lang.load("fr")
        self.kept_words: set[str] = set()
        """The words of the messages shown as they are: on screen they are no leak."""

    def said(self, english: str, french: str) -> str:
        if french != english:
            return pseudo(english)
        self.kept_words.update(word.lower() for word in re.findall(r"[A-Za-z]+", english))
        return english

    def gettext(self, message: str) -> str:
        return self.said(message, self.french.gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        english = singular if n == 1 else plural
        return self.said(english, self.french.ngettext(singular, plural, n))

    def pgettext(self, context: str, message: str) -> str:
        return self.said(message, self.french.pgettext(context, message))


@pytest.fixture
def pseudo_language() -> Iterator[PseudoCatalog]:
    kept = lang._reader.catalog, lang._reader.code
    catalog = PseudoCatalog()
    lang._reader.catalog, lang._reader.code = catalog, "fr"
    yield catalog
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
    pseudo_language: PseudoCatalog,
    make_test_app: Callable[..., Any],
    companion_home: Path,
) -> None:
    save_id = install_sample(companion_home, game_id)
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    async with app.run_test(size=size) as pilot:
        await pause_until(pilot, lambda: any(isinstance(s, GameScreen) for s in app.screen_stack))
        await settled_paint(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        shown = app.screen_stack[app.screen_stack.index(game) :]  # a question asked over it too
        painted = [piece for screen in shown for piece in painted_screen(screen)]
    lines = [strip.text for _, strips in painted for strip in strips]
    assert (
        english_left(lines, data_words(game_id) | pseudo_language.kept_words | kept_terms()) == []
    )


def french_calendar_words() -> set[str]:
    """The words Babel writes dates with in French (months, days), the reader's locale's own."""
    from babel import Locale

    french = Locale.parse("fr")
    names = [
        name
        for table in (french.months, french.days)
        for context in table.values()
        for width in context.values()
        for name in width.values()
    ]
    return {word.lower() for name in names for word in re.findall(r"[A-Za-z]+", name)}


@pytest.mark.parametrize("size", [(80, 24), (44, 43)], ids=["80x24", "44x43"])
@pytest.mark.parametrize("screen", ["home", "stats"])
async def test_every_word_of_home_and_stats_comes_from_a_catalog(
    screen: str,
    size: tuple[int, int],
    pseudo_language: PseudoCatalog,
    make_test_app: Callable[..., Any],
    companion_home: Path,
) -> None:
    for game_id in GAMES:
        install_sample(companion_home, game_id)
    app = make_test_app()
    async with app.run_test(size=size) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        if screen == "stats":
            await pilot.press("t")
            await pause_until(pilot, lambda: isinstance(app.screen, StatsScreen))
        painted = await settled_paint(pilot)
    lines = [strip.text for _, strips in painted for strip in strips]
    data = {word for game_id in GAMES for word in data_words(game_id)}
    allowed = data | pseudo_language.kept_words | kept_terms() | french_calendar_words()
    assert english_left(lines, allowed) == []
    assert pseudo("More keys") in "".join(lines)  # drawn, and drawn through the catalogs


@pytest.mark.parametrize("size", [(80, 24), (44, 43)], ids=["80x24", "44x43"])
@pytest.mark.parametrize("game_id", GAMES)
async def test_every_word_of_a_game_s_setup_comes_from_a_catalog(
    game_id: str,
    size: tuple[int, int],
    pseudo_language: PseudoCatalog,
    make_test_app: Callable[..., Any],
) -> None:
    ui = game_ui(game_id)
    assert ui is not None
    app = make_test_app()
    async with app.run_test(size=size) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        app.push_screen(ui.setup_screen())
        await pause_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        painted = await settled_paint(pilot)
    lines = [strip.text for _, strips in painted for strip in strips]
    kept = pseudo_language.kept_words | kept_terms()
    short_forms = {word[:3] for word in kept}  # a field's hint: a kept term's first letters
    assert english_left(lines, kept | short_forms) == []
    assert pseudo("Home") in "".join(lines)

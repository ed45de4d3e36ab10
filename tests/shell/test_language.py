"""The language the app speaks, chosen in the app (widgets/shell/language.py): home's `L` or the
palette's "Language" opens the dialog; the pick is spoken at once on every open screen (home,
a game with its footer, its log and its help), kept for this device's next start (a served
device's as its own), and nothing of the game is lost. What the rules and the app's own layers
said (a refusal) is shown in the language in use, and so are the keys' descriptions."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, MarkdownViewer, OptionList, Static

import lang
from companion.core import RuleError
from companion.phrases import phrase
from saves.shared.devices import Device
from saves.shared.languages import LANGUAGE_SETTING, chosen_language, keep_language
from saves.shared.settings import SettingsStore
from tests.conftest import FIXED_NOW
from tests.support.samples import install_sample
from tests.support.snapshots import Size, size_sets
from widgets.kit.shown import local_day, local_day_time
from widgets.play.action_log import ActionLog
from widgets.play.game_screen import GameScreen
from widgets.shell.base import CompanionScreen
from widgets.shell.chrome import FooterKey, KeyFooter, described
from widgets.shell.home import HomeScreen
from widgets.shell.keys import KeysScreen
from widgets.shell.language import LanguageDialog

REFUSAL = phrase("Nothing to redo: another device changed the game meanwhile.")
"""A refusal the app's own layer raises as a `RuleError`, translated in its catalog."""


def footer_words(app: Any) -> list[str]:
    return [key.description for key in app.screen.query(FooterKey)]


def choices(dialog: LanguageDialog) -> list[str]:
    listed = dialog.query_one("#language-list", OptionList)
    return [listed.get_option_at_index(index).id or "" for index in range(listed.option_count)]


async def pick_with_keys(pilot: Any, code: str) -> None:
    """In the open Language dialog: down or up to `code`'s row, then enter."""
    dialog = pilot.app.screen
    assert isinstance(dialog, LanguageDialog)
    listed = dialog.query_one("#language-list", OptionList)
    wanted = choices(dialog).index(code)
    while listed.highlighted != wanted:
        await pilot.press("down" if (listed.highlighted or 0) < wanted else "up")
    await pilot.press("enter")
    await pilot.pause()
    await pilot.pause()


async def test_french_from_home_then_german_from_the_palette_with_a_game_open(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards", played_at=FIXED_NOW)
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("L")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, LanguageDialog)
        assert choices(dialog) == [lang.SYSTEM, "en", "de", "fr"]
        await pick_with_keys(pilot, "fr")

        home = app.screen
        assert isinstance(home, HomeScreen) and lang.current() == "fr"
        assert home.query_one("#games").border_title == "Nouvelle partie"
        assert "Nouvelle partie" in footer_words(app)
        assert app.settings.preference(LANGUAGE_SETTING, "") == "fr"

        await pilot.press("r")  # the game, resumed in French
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen) and game.saved.id == save_id
        assert "Vrai D6" in footer_words(app)  # the game's own keys, said by its part
        log = game.query_one(ActionLog)
        assert log.border_title == "Journal"
        lines = log.plain_lines
        await pilot.press("f1")
        await pilot.pause()
        source = app.screen.query_one(MarkdownViewer).document.source
        assert "## Où en étions-nous" in source and "## Where were we" not in source
        await pilot.press("escape")
        await pilot.pause()

        await pilot.press("ctrl+p")  # the palette's "Langue", then a tap on Deutsch
        await pilot.pause()
        await pilot.press(*"Langue")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, LanguageDialog)
        row = choices(dialog).index("de")
        await pilot.click("#language-list", offset=(4, row + 1))
        await pilot.pause()
        await pilot.pause()

        assert lang.current() == "de"
        assert app.screen is game  # the same game, its log drawn again from its journal
        assert "Echter W6" in footer_words(app) and "Vrai D6" not in footer_words(app)
        log = game.query_one(ActionLog)
        assert log.border_title == "Protokoll"
        assert "lance un vrai dé" in " ".join(lines)  # the log said again, in German now
        assert "würfelt mit einem echten Würfel" in " ".join(log.plain_lines)
        assert app.settings.preference(LANGUAGE_SETTING, "") == "de"
        await pilot.press("escape")  # home, under the game, speaks German too
        await pilot.pause()
        assert app.screen.query_one("#games").border_title == "Neue Partie"


async def test_escape_keeps_the_language(make_test_app: Callable[..., Any]) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("L")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and lang.current() == "en"
        assert app.settings.stored_preference(LANGUAGE_SETTING) is None


async def test_a_refusal_the_game_screen_shows_is_in_the_language_in_use(
    make_test_app: Callable[..., Any],
    companion_home: Path,
    speak: Callable[[str], str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    save_id = install_sample(companion_home, "time-bastards", played_at=FIXED_NOW)
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)

        def refused(_action: object) -> None:
            raise RuleError(REFUSAL)

        monkeypatch.setattr(game.session, "step", refused)
        said: dict[str, str] = {}
        for code in ("fr", "de"):
            speak(code)
            assert game.act(object()) is False
            await pilot.pause()
            (shown,) = app.notices.on_screen("error")
            said[code] = f"{shown.title}: {shown.message}"
            app.clear_notifications()
        assert said == {
            "fr": "Interdit: Rien à rétablir : un autre appareil a modifié la partie entre-temps.",
            "de": "Nicht erlaubt: Nichts zu wiederholen: Ein anderes Gerät hat die Partie "
            "inzwischen geändert.",
        }


async def test_key_descriptions_follow_a_switch_without_a_restart(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards", played_at=FIXED_NOW)
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "Undo" in footer_words(app)
        await pilot.press("question_mark")
        await pilot.pause()
        keys = app.screen
        assert isinstance(keys, KeysScreen)
        assert ["^z", "Undo", "yes"] in drawn_keys(keys)
        app.language_picked("fr")
        await pilot.pause()
        await pilot.pause()
        assert app.screen is keys
        assert ["^z", "Annuler", "oui"] in drawn_keys(keys)
        await pilot.press("escape")
        await pilot.pause()
        assert "Annuler" in footer_words(app) and "Undo" not in footer_words(app)


def drawn_keys(keys: KeysScreen) -> list[list[str]]:
    """The keys list's rows as its table shows them."""
    table = keys.query_one("#keys-table", DataTable)
    return [[cell.plain for cell in table.get_row_at(row)] for row in range(table.row_count)]


def test_a_binding_s_words_are_said_where_shown(speak: Callable[[str], str]) -> None:
    undo = Binding("ctrl+z", "undo", phrase("Undo"))
    assert described(undo) == "Undo"
    speak("fr")
    assert described(undo) == "Annuler"
    speak("de")
    assert described(undo) == "Rückgängig"
    assert described(Binding("x", "x", "A plug-in's own words")) == "A plug-in's own words"


def test_a_served_device_keeps_its_own_choice(companion_home: Path) -> None:
    settings = SettingsStore(companion_home)
    terminal = Device("t0123456789ab", browser=False)
    phone, tablet = Device("b0123456789a", browser=True), Device("bba9876543210", browser=True)
    keep_language(settings, terminal, "de")
    keep_language(settings, phone, "fr")
    keep_language(settings, tablet, lang.SYSTEM)
    again = SettingsStore(companion_home)
    assert chosen_language(again, terminal) == "de"
    assert chosen_language(again, phone) == "fr"
    assert chosen_language(again, tablet) == lang.SYSTEM
    assert chosen_language(again, Device("bnever0000000", browser=True)) is None


SIZES = size_sets([(44, 43), (80, 24)])


@pytest.mark.parametrize("sizes", SIZES)
def test_the_language_dialog(snap_sizes: Any, make_test_app: Any, sizes: list[Size]) -> None:
    assert snap_sizes(make_test_app(), sizes, press=["L"]) == []


HOME_SIZES = size_sets([(80, 24)])


@pytest.mark.parametrize("sizes", HOME_SIZES)
def test_home_in_french(
    snap_sizes: Any, make_test_app: Any, speak: Callable[[str], str], sizes: list[Size]
) -> None:
    speak("fr")
    assert snap_sizes(make_test_app(), sizes) == []


@pytest.mark.parametrize("sizes", HOME_SIZES)
def test_home_in_german(
    snap_sizes: Any, make_test_app: Any, speak: Callable[[str], str], sizes: list[Size]
) -> None:
    speak("de")
    assert snap_sizes(make_test_app(), sizes) == []


class FilledOnMount(CompanionScreen):
    """A screen that puts its words in once mounted, and says nothing of a switch."""

    BINDINGS = [Binding("x", "app.bell", phrase("Undo"))]

    def compose(self) -> ComposeResult:
        yield Static(id="filled")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#filled", Static).update("filled once mounted")


async def test_a_screen_that_fills_itself_once_mounted_is_left_whole(
    make_test_app: Callable[..., Any],
) -> None:
    """Composed again it would lose what its `on_mount` put in: it is left as it is but for its
    footer's keys (it speaks the new language once opened again), while the screens under it
    switch."""
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = FilledOnMount()
        await app.push_screen(screen)
        filled = screen.query_one("#filled", Static)
        app.language_picked("de")
        await pilot.pause()
        await pilot.pause()
        assert screen.query_one("#filled", Static) is filled
        assert str(filled.render()) == "filled once mounted"
        assert "Rückgängig" in footer_words(app)  # its keys at least, said again
        assert app.screen_stack[0].query_one("#games").border_title == "Neue Partie"


def test_days_are_written_as_each_reader_writes_them(speak: Callable[[str], str]) -> None:
    """The saved games' Last played (its column fits a day in figures) and the result's day."""
    when = FIXED_NOW  # 29 November 2026, 12:00 UTC (the tests' time zone)
    said = {}
    for code in ("en", "fr", "de"):
        speak(code)
        said[code] = (local_day_time(when), local_day(when))
    assert said == {
        "en": ("29 Nov 12:00", "29 November 2026"),
        "fr": ("29/11 12:00", "29 novembre 2026"),
        "de": ("29.11. 12:00", "29. November 2026"),
    }


async def test_an_undo_to_question_open_across_a_switch_still_follows_the_game(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    """The question is said again in French, and watches the game's new log (the play screen
    under it was composed again): another change still closes it."""
    from tests.play.test_undo_to_flow import focused_log, opened
    from widgets.play.undo_to import UndoToDialog

    app = opened(make_test_app, companion_home, "time-bastards")
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _log = await focused_log(pilot)
        await pilot.press("up", "up", "enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, UndoToDialog)
        app.language_picked("fr")
        await pilot.pause()
        await pilot.pause()
        assert app.screen is dialog
        title = str(dialog.query_one("#undo-to-title", Static).render())
        assert title.startswith("Annuler jusqu'à la ligne ")
        log = screen.query_one(ActionLog)
        assert dialog.picked_in is log
        log.revision += 1  # the game's log changed (another device's move)
        await pilot.pause()
        assert not isinstance(app.screen, UndoToDialog)

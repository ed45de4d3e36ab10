"""Text is data on every screen: markup, escapes, control characters, right-to-left text,
combining marks, emoji and 10,000 characters, typed into every setup form or held in a save,
are shown as typed (control characters made visible) and never end the app."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input

from companion.text import visible
from saves.games.store import SavedGame, clean_title
from tests.quality.hostile import (
    HOSTILE,
    NAME_LIMITS,
    QUICK,
    REPLACED,
    hostile_save,
    screen_text,
    short,
    shown,
)
from tests.support.notes import record_notes
from widgets.play.game_screen import GameScreen
from widgets.shell.base import SetupScreen
from widgets.shell.home import HomeScreen

SIZE = (120, 40)

SETUP_FIELDS = {
    "sojourn": ["#title"],
    "six-sojourns": ["#ss-players"],
    "cavendish": ["#player-0", "#player-1"],
    "time-bastards": ["#tb-name-1", "#tb-name-2"],
}
"""Each game's setup fields that take a player's words: titles and names."""

GAME_KEYS = {
    "sojourn": ["w", "escape", "e", "escape"],
    "six-sojourns": ["w", "b", "x", "enter", "s", "o", "escape"],
    "cavendish": ["l", "escape"],
    "time-bastards": [],
}
"""Keys that open each game's screens and dialogs showing names: Sojourn's "can I make it home?"
and card editor, Six Sojourns' reasons, board, export and objectives, the Cavendish locations."""


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.pause()


async def on_every_screen(
    make_test_app: Any, home: Path, text: str, every_help: bool = False
) -> None:
    """`text` held in each game's save, then typed into each setup, in one window."""
    ids = {game_id: hostile_save(home, game_id, text) for game_id in REPLACED}
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=SIZE) as pilot:
        await visit_saved_games(pilot, ids, text, every_help)
        await type_into_setups(pilot, notes, text)


async def visit_saved_games(
    pilot: Pilot[Any], ids: dict[str, str], text: str, every_help: bool
) -> None:
    """Home, its help and palette, each game's play screen and dialogs (and help, if
    `every_help`), the dice tray, with `text` in each save's title and a player's (or card's)
    name (the saves `ids`, by game)."""
    app = pilot.app
    await settle(pilot)
    assert isinstance(app.screen, HomeScreen)
    on_home = screen_text(app.screen)
    for entry in app.screen.entries:
        assert shown(entry.title) in on_home
    readable = {entry.id for entry in app.screen.entries}
    assert readable == {ids[g] for g, most in NAME_LIMITS.items() if len(text) <= most}
    for save_id in set(ids.values()) - readable:
        assert f"{save_id}.toml" in on_home  # refused by the rules: listed with its reason
    await pilot.press("f1")
    await settle(pilot)
    screen_text(app.screen)
    await pilot.press("escape", "ctrl+p", *"resume")
    await settle(pilot)
    for entry in app.screen.entries if isinstance(app.screen, HomeScreen) else []:
        assert shown(entry.title) in screen_text(app.screen)
    await pilot.press("escape")
    for game_id, save_id in ids.items():
        if save_id not in readable:
            continue
        assert app.open_saved(save_id)
        await settle(pilot)
        assert shown(text) in screen_text(app.screen), game_id
        assert shown(clean_title(text)) in screen_text(app.screen), game_id
        keys = ["d", "escape", *GAME_KEYS[game_id], "ctrl+z", "ctrl+y"]
        for key in ["f1", "escape", *keys] if every_help else keys:
            await pilot.press(key)
            await settle(pilot)
            screen_text(app.screen)  # no control character on any of them
        app.go_home()  # escape may only close a dialog the redo asked for
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen), game_id
    assert app.is_running


def first_name(saved: SavedGame) -> str:
    """The first player's name as the game stored it; Sojourn, which has none, its title."""
    players = getattr(saved.session.setup, "players", ())
    if not players:
        return saved.title
    first = players[0]
    return first if isinstance(first, str) else str(first.name)


async def type_into_setups(pilot: Pilot[Any], notes: list[str], text: str) -> None:
    """Each game's setup form with `text` in its title and name fields, started: the game opens
    and shows the names as stored, or the rules refuse them in a notification (`notes`, every
    one the app gave); the app goes on."""
    app: Any = pilot.app
    for game_id, fields in SETUP_FIELDS.items():
        app.new_game(game_id)
        await settle(pilot)
        for selector in fields:
            field = app.screen.query_one(selector, Input)
            field.focus()
            field.clear()
            app.post_message(events.Paste(text))  # pasted: keys cannot type a control
            await settle(pilot)
        told = len(notes)
        await pilot.press("ctrl+s")
        await settle(pilot)
        played = [screen for screen in app.screen_stack if isinstance(screen, GameScreen)]
        if played:
            name = first_name(played[0].saved)
            typed = visible(text)  # a title is also cleaned by the store (`clean_title`)
            assert name[:3] in typed or name[:3] in clean_title(typed), game_id
            assert shown(name) in screen_text(played[0]), game_id
            screen_text(app.screen)  # a dialog the game opened at once (Sojourn's cards)
        else:
            assert isinstance(app.screen, SetupScreen) and len(notes) > told, game_id
            screen_text(app.screen)
        app.go_home()
        await settle(pilot)
    assert app.is_running


@pytest.mark.parametrize("text", QUICK, ids=short)
async def test_hostile_text_in_saves_and_typed_into_every_setup(
    make_test_app: Any, companion_home: Path, text: str
) -> None:
    await on_every_screen(make_test_app, companion_home, text)


async def test_a_title_with_markup_on_home_starts_every_time(
    make_test_app: Any, companion_home: Path
) -> None:
    """The finding: `Ana [/] Ben` as a title raised MarkupError on home, at every start."""
    hostile_save(companion_home, "cavendish", "Ana [/] Ben")
    for _ in range(2):
        app = make_test_app()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert "Ana [/] Ben" in screen_text(app.screen)


async def test_control_characters_show_as_symbols(make_test_app: Any, companion_home: Path) -> None:
    name = "\x1b[2J\x07"
    hostile_save(companion_home, "cavendish", name)
    app = make_test_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.open_saved("cavendish")
        await settle(pilot)
        text = screen_text(app.screen)
        assert visible(name) == "␛[2J␇" and "␛[2J␇" in text
        assert "\x1b" not in text


@pytest.mark.slow
@pytest.mark.parametrize("text", HOSTILE, ids=short)
async def test_every_hostile_string_on_every_screen(
    make_test_app: Any, companion_home: Path, text: str
) -> None:
    await on_every_screen(make_test_app, companion_home, text, every_help=True)

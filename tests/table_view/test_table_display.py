"""The table display (`COMPANION_TABLE_DISPLAY=1`, `/table` of `companion serve`): the newest
game in play in large type, followed live from another process's saves, a newer game switched
to, a waiting screen when none is in play, and no key or palette command that changes a game."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from table_view_helpers import FOUR_AGENTS

from companion.cavendish.actions import AbandonMission
from companion.cavendish.game import CAVENDISH
from companion.sojourn.game import SOJOURN
from companion.sojourn.model import SojournSetup
from companion.time_bastards.game import TIME_BASTARDS
from companion.time_bastards.model import RollD6, TimeBastardsSetup, Traveller
from saves.games.store import SavedGame, SaveStore
from saves.listing.cache import SaveEntry
from tests.conftest import FIXED_NOW
from tests.support.saving import record_played
from tests.support.waiting import pause_until
from widgets.table_view import display
from widgets.table_view.display import VARIABLE, TableDisplayApp, TableDisplayScreen, followed
from widgets.table_view.view import TableView


def at(minutes: int) -> Callable[[], datetime]:
    """A clock stopped `minutes` after the tests' fixed time."""
    return lambda: FIXED_NOW + timedelta(minutes=minutes)


def duel(home: Path, minutes: int, title: str) -> SavedGame:
    """A new Time Bastards duel saved by another window, `minutes` after the fixed time."""
    setup = TimeBastardsSetup((Traveller("Mara", "red", 1), Traveller("Jonas", "blue", 2)))
    return SaveStore(home, at(minutes)).create(TIME_BASTARDS, setup, title)


def abandoned_mission(home: Path, minutes: int) -> SavedGame:
    """A Cavendish mission that ended (abandoned), saved `minutes` after the fixed time."""
    store = SaveStore(home, at(minutes))
    saved = store.create(CAVENDISH, FOUR_AGENTS, "Ended mission")
    saved.session.do(AbandonMission())
    record_played(store, saved)
    return saved


def entry(save_id: str, status: str) -> SaveEntry:
    return SaveEntry(save_id, save_id, "sojourn", "Sojourn", FIXED_NOW, "", status, "")


def test_the_newest_game_in_play_is_followed_and_an_ended_one_stays_until_a_newer() -> None:
    newest_first = [entry("won", "won"), entry("b", "playing"), entry("a", "playing")]
    assert followed(newest_first, None) == "b"
    assert followed(newest_first, "a") == "b"
    assert followed(newest_first, "won") == "won"  # its result stays on screen
    assert followed([entry("b", "playing"), entry("won", "won")], "won") == "b"
    assert followed([entry("won", "won")], None) is None
    assert followed([], "gone") is None


@pytest.fixture
def display_app(make_test_app: Callable[..., Any]) -> Callable[[], TableDisplayApp]:
    def build() -> TableDisplayApp:
        app = make_test_app(app_class=TableDisplayApp)
        assert isinstance(app, TableDisplayApp)
        return app

    return build


def display_of(app: Any) -> TableDisplayScreen:
    screen = app.screen
    assert isinstance(screen, TableDisplayScreen)
    return screen


def shown_id(app: Any) -> str | None:
    saved = display_of(app).saved
    return saved.id if saved is not None else None


def waiting(app: Any) -> bool:
    screen = display_of(app)
    return bool(screen.query_one("#td-waiting").display and not screen.query_one(TableView).display)


async def wait_for(pilot: Any, condition: Callable[[], bool]) -> bool:
    """Let the display follow the folder until `condition` holds; fails by name only if it
    hangs (how soon it follows is a figure of `tests/bench/run.py --only follow`)."""
    await pause_until(pilot, condition)
    return True


async def test_it_shows_the_most_recently_played_game_still_in_play_and_follows_its_moves(
    display_app: Callable[[], TableDisplayApp], companion_home: Path
) -> None:
    """The newest duel, not the older one nor the mission played last but over, and without
    holding its lock; then a move another process saves shows."""
    duel(companion_home, 1, "Older duel")
    newer = duel(companion_home, 2, "Newer duel")
    abandoned_mission(companion_home, 3)  # played last, but over
    app = display_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert shown_id(app) == newer.id
        screen = display_of(app)
        assert (screen.title, screen.sub_title) == (
            "Table view: Time Bastards",
            "Newer duel (watching)",
        )
        assert not waiting(app)
        with SaveStore(companion_home).game_lock(newer.id, deadline=0):
            pass  # it holds no lock

        # it follows a move saved by another process
        view = display_of(app).query_one(TableView)
        assert view.content is not None and view.content.headline == "Mara's turn"
        players = SaveStore(companion_home, at(2))
        theirs = players.load(newer.id)
        theirs.session.do(RollD6(0, 6))
        record_played(players, theirs)
        assert await wait_for(pilot, lambda: view.content.headline == "Mara's turn · rolled 6")


async def test_it_switches_to_a_newer_game_and_waits_when_none_is_in_play(
    display_app: Callable[[], TableDisplayApp], companion_home: Path
) -> None:
    app = display_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert waiting(app) and shown_id(app) is None
        assert display_of(app).title == "Table display"
        first = duel(companion_home, 1, "First duel")
        assert await wait_for(pilot, lambda: shown_id(app) == first.id)
        assert not waiting(app)
        second = SaveStore(companion_home, at(2)).create(SOJOURN, SojournSetup(), "Sojourn")
        assert await wait_for(pilot, lambda: shown_id(app) == second.id)
        assert display_of(app).title == "Table view" and "Sojourn" in display_of(app).sub_title
        (companion_home / "games" / f"{second.id}.toml").unlink()
        assert await wait_for(pilot, lambda: shown_id(app) == first.id)
        (companion_home / "games" / f"{first.id}.toml").unlink()
        assert await wait_for(pilot, lambda: waiting(app))


async def test_a_game_that_ends_stays_on_screen_with_its_result(
    display_app: Callable[[], TableDisplayApp], companion_home: Path
) -> None:
    store = SaveStore(companion_home, at(1))
    saved = store.create(CAVENDISH, FOUR_AGENTS, "Mission")
    app = display_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert shown_id(app) == saved.id
        saved.session.do(AbandonMission())
        record_played(store, saved)
        view = display_of(app).query_one(TableView)
        assert await wait_for(pilot, lambda: view.content.headline.startswith("MISSION FAILED"))
        assert shown_id(app) == saved.id and not waiting(app)


def every_declared_key() -> Iterator[str]:
    """Every key bound on any screen of the app or by the app itself (a binding that leaked
    into the display from a play screen would be pressed here)."""
    from textual.screen import Screen

    for package in ("cavendish", "six_sojourns", "sojourn", "time_bastards"):
        for screens in ("setup", "play"):  # (a game's GameUI imports neither)
            importlib.import_module(f"widgets.{package}.{screens}")
    seen: set[str] = set()
    classes: list[type] = []
    pending: list[type] = [Screen, *TableDisplayApp.__mro__]
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__() if issubclass(cls, Screen) else ())
        if cls.__module__.startswith("widgets.") and cls not in classes:
            classes.append(cls)
    for cls in classes:
        for binding in cls.__dict__.get("BINDINGS", []):
            keys = binding.key if hasattr(binding, "key") else binding[0]
            for key in keys.split(","):
                key = key.strip()
                if key and key not in seen and key not in ("ctrl+q", "ctrl+c"):
                    seen.add(key)
                    yield key


RANDOM_KEYS = (
    [chr(code) for code in range(ord("a"), ord("z") + 1)]
    + [chr(code) for code in range(ord("A"), ord("Z") + 1)]
    + list("0123456789")
    + ["enter", "escape", "tab", "shift+tab", "space", "backspace", "delete", "minus", "plus"]
    + ["up", "down", "left", "right", "home", "end", "pageup", "pagedown", "f1", "f2"]
    + ["question_mark", "ctrl+z", "ctrl+y", "ctrl+s", "ctrl+r", "ctrl+e", "ctrl+n", "ctrl+o"]
)
"""What a curious hand on a tablet's keyboard types (not ctrl+q: quitting changes nothing
either, but ends the test)."""


QUICK_RANDOM_KEYS = 50
"""Random keys after the declared ones in the default run (the first of the slow run's 300)."""


async def test_no_key_changes_the_game_it_shows(
    display_app: Callable[[], TableDisplayApp], companion_home: Path
) -> None:
    await no_key_changes_the_game(display_app, companion_home, QUICK_RANDOM_KEYS)


@pytest.mark.slow
async def test_no_key_changes_the_game_it_shows_long(
    display_app: Callable[[], TableDisplayApp], companion_home: Path
) -> None:
    await no_key_changes_the_game(display_app, companion_home, 300)


async def no_key_changes_the_game(
    display_app: Callable[[], TableDisplayApp], companion_home: Path, random_keys: int
) -> None:
    """Every declared key, one at a time, then `random_keys` random ones (seed 24) on the
    table display: the save is the same bytes after each, and no other game or dice tray; then
    every command of its palette (no dice, no undo among them), each run and closed: the save
    still the same bytes."""
    saved = duel(companion_home, 1, "Duel")
    path = companion_home / "games" / f"{saved.id}.toml"
    before = path.read_bytes()
    games = sorted(path.parent.iterdir())
    app = display_app()
    keys = list(every_declared_key())
    assert {"v", "d", "ctrl+z", "escape", "minus"} <= set(keys)
    sequence = random.Random(24).choices(RANDOM_KEYS, k=random_keys)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
            assert path.read_bytes() == before, f"{key} changed the save"
        await pilot.press("escape", "escape", "escape")
        for key in sequence:
            await pilot.press(key)
        await pilot.pause()
        assert path.read_bytes() == before
        assert sorted(path.parent.iterdir()) == games  # no other game made
        assert not any(type(screen).__name__ == "DiceTray" for screen in app.screen_stack)
        await pilot.press("escape", "escape", "escape")
        await pilot.pause()
        assert isinstance(app.screen, TableDisplayScreen)  # the only screen it has

        # its palette offers nothing that changes a game
        commands = {command.title: command for command in app.get_system_commands(app.screen)}
        assert set(commands) == {"Help", "Theme", "Keys", "Quit", "Screenshot"}  # no dice, no undo
        for title, command in commands.items():
            if title in ("Quit", "Screenshot"):
                continue  # they end the test or write a picture: no game either way
            command.callback()
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            assert path.read_bytes() == before, f"{title} changed the save"
        assert not app.check_action("dice", ())


@pytest.mark.parametrize(("value", "display"), [("1", True), ("", False), ("0", False)])
def test_the_environment_variable_makes_companion_the_table_display(
    monkeypatch: pytest.MonkeyPatch, value: str, display: bool
) -> None:
    """`companion serve` starts `python -m companion` with `COMPANION_TABLE_DISPLAY=1` at its
    `/table` address; any other value (or none) starts the app as usual."""
    from companion.cli import main
    from widgets.app import CompanionApp

    started: list[type] = []
    monkeypatch.setattr(CompanionApp, "run", lambda app, **options: started.append(type(app)))
    monkeypatch.setenv(VARIABLE, value)
    assert main([]) == 0
    assert started == [TableDisplayApp if display else CompanionApp]


async def test_a_view_taller_than_the_screen_shows_one_screenful_after_another(
    display_app: Callable[[], TableDisplayApp],
    companion_home: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A screen of 40x12 is too small for four agents: their boxes take turns, each page
    starting at a box so that none is cut in two, every box shown once, then the top again."""
    monkeypatch.setattr(display, "PAGE_SECONDS", 3600.0)  # the test turns the pages
    SaveStore(companion_home, at(1)).create(CAVENDISH, FOUR_AGENTS, "Mission")
    app = display_app()
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        view = display_of(app).query_one(TableView)
        assert view.max_scroll_y > 0 and view.scroll_y == 0
        await pause_until(pilot, lambda: not all(box.visible for box in view.boxes), what="page")
        seen = [view.scroll_y]
        shown: list[str] = []
        while True:
            screen = view.scrollable_content_region
            on_screen = [box for box in view.boxes if box.visible and box.region.overlaps(screen)]
            assert all(screen.contains_region(box.region) for box in on_screen), seen
            shown += [box.group.title for box in on_screen]
            display_of(app).turn_page()
            if seen[-1] == view.pages()[-1]:
                break
            await pause_until(pilot, lambda: view.scroll_y > seen[-1], what="the next screenful")
            seen.append(view.scroll_y)
        assert len(seen) > 2 and sorted(shown) == sorted(box.group.title for box in view.boxes)
        await pause_until(pilot, lambda: view.scroll_y == 0, what="the top again")

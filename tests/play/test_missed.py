"""A browser back after a lost connection is told what it missed (issue 42, item 5): how many
actions other devices made since the count its device remembers, and the last of them still in
the log, each with who made it; its own actions are no news; a count kept only once shown for
long enough; a damaged memory tells nothing and opens the game (or home) all the same."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from companion.cavendish.actions import ChooseLocation, LoseAzrak, TakeFear
from companion.cavendish.model import CavendishSetup, Seat
from companion.registry import get_game
from saves.games.journal import Draft
from saves.games.store import SavedGame, SaveStore
from saves.shared.devices import (
    DEVICE_VARIABLE,
    LastGame,
    device_file,
    public_id,
    remember_game,
    remembered,
)
from tests.cavendish.conftest import CARDS
from tests.conftest import fixed_clock
from tests.support.saving import record_played
from tests.support.waiting import pause_until
from widgets.play.game_screen import GameScreen
from widgets.play.missed import missed_line
from widgets.play.reopen import SeenKeeper, device_start
from widgets.shell.home import HomeScreen

SECRET = "p" * 32
HERE = public_id(SECRET)
BEN = "b0a1b2c3d4e5"
CY = "b5e4d3c2b1a0"


def mission(home: Path) -> str:
    """Three agents at their first location, played at this device."""
    game = get_game("cavendish")
    assert game is not None
    store = SaveStore(home, fixed_clock)
    seats = (Seat("Amy", "Ana"), Seat("Anton", "Ben"), Seat("Doug", "Cy"))
    setup = CavendishSetup(players=("Ana", "Ben", "Cy"), seats=seats, cards=CARDS)
    saved = store.create(game, setup, "Three agents")
    saved.session.do(ChooseLocation("A"))
    record_played(store, saved, by=HERE)
    return saved.id


def play(home: Path, save_id: str, *changes: tuple[Any, str, str]) -> SavedGame:
    """Each (action or `undo`, device, seat) in turn, as other processes append them."""
    store = SaveStore(home, fixed_clock)
    saved = store.open_for_play(save_id)
    for change, by, seat in changes:
        if change == "undo":
            top = saved.origins[-1].number
            store.transact(saved, lambda _, t=top: [Draft("undo", target=t)], by=by, seat=seat)
        else:
            store.transact(saved, lambda _, c=change: [Draft("do", c)], by=by, seat=seat)
    return saved


def lines_of(saved: SavedGame, count: int) -> list[str]:
    return [step.line for step in saved.session.steps[-count:]]


def test_the_actions_of_other_devices_are_counted_and_named_with_who_made_them(
    companion_home: Path,
) -> None:
    save_id = mission(companion_home)
    seen = SaveStore(companion_home, fixed_clock).load(save_id).record_count
    saved = play(
        companion_home,
        save_id,
        (TakeFear("Anton", 1), BEN, "Ben"),
        (LoseAzrak("Amy", 1), HERE, "Ana"),  # this device's own, just before it dropped
        (LoseAzrak("Doug", 1), CY, "Cy"),
    )
    ben, _ana, cy = lines_of(saved, 3)
    assert missed_line(saved, seen, HERE) == (
        f"2 actions were made while this device was away. Ben: {ben}; Cy: {cy}."
    )
    assert missed_line(saved, saved.record_count, HERE) is None
    assert missed_line(saved, saved.record_count + 5, HERE) is None  # a file replaced: nothing


def test_an_action_undone_meanwhile_is_counted_and_only_the_last_ones_are_named(
    companion_home: Path,
) -> None:
    save_id = mission(companion_home)
    seen = SaveStore(companion_home, fixed_clock).load(save_id).record_count
    undone = play(companion_home, save_id, (TakeFear("Anton", 1), BEN, "Ben"), ("undo", CY, ""))
    assert missed_line(undone, seen, HERE) == "2 actions were made while this device was away."
    many = [(LoseAzrak(agent, 1), BEN, "Ben") for agent in ("Amy", "Anton", "Doug", "Amy")]
    saved = play(companion_home, save_id, *many)
    last = lines_of(saved, 3)
    assert missed_line(saved, seen, HERE) == (
        "6 actions were made while this device was away. The last: "
        + "; ".join(f"Ben: {line}" for line in last)
        + "."
    )
    one = missed_line(saved, saved.record_count - 1, HERE)
    assert one == f"1 action was made while this device was away. Ben: {last[-1]}."


def notices(app: Any) -> list[tuple[str, str]]:
    return [(note.title, str(note.message)) for note in app.notices.on_screen()]


async def test_a_reopened_game_says_what_the_device_missed_then_keeps_what_it_shows(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = mission(companion_home)
    seen = SaveStore(companion_home, fixed_clock).load(save_id).record_count
    remember_game(companion_home, SECRET, save_id, seen)
    saved = play(companion_home, save_id, (TakeFear("Anton", 1), BEN, "Ben"))
    app = make_test_app(start=device_start(None, {DEVICE_VARIABLE: SECRET}))
    async with app.run_test(size=(44, 43), notifications=True) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pause_until(pilot, lambda: notices(app))
        (line,) = lines_of(saved, 1)
        said = "1 action was made while this device was away. Ben: " + line + "."
        assert ("Back", said) in notices(app)
    assert remembered(companion_home, SECRET) == LastGame(save_id, saved.record_count)
    again = make_test_app(start=device_start(None, {DEVICE_VARIABLE: SECRET}))
    async with again.run_test(size=(44, 43), notifications=True) as pilot:
        await pause_until(pilot, lambda: isinstance(again.screen, GameScreen))
        await pilot.pause()
        assert not [note for note in notices(again) if note[0] == "Back"]  # told once only


async def test_a_count_is_kept_only_once_it_has_been_shown_for_a_whole_tick(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = mission(companion_home)
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.open_saved(save_id)
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        await pause_until(pilot, lambda: screen.is_mounted and screen.query("#agents"))
        before = screen.saved.record_count
        keeper = SeenKeeper(app, companion_home, SECRET, None)
        keeper.on_screen(screen)  # a game opened: kept at once
        assert remembered(companion_home, SECRET) == LastGame(save_id, before)
        keeper.tick()  # sees `before` on screen
        play(companion_home, save_id, (TakeFear("Anton", 1), BEN, "Ben"))
        screen.shared.follow()  # (not left to the file watch, which may not be armed yet)
        assert screen.saved.record_count == before + 1
        keeper.tick()  # keeps what the last tick saw; sees the new count
        assert remembered(companion_home, SECRET) == LastGame(save_id, before)
        keeper.tick()  # still running a tick later: the browser saw it
        assert remembered(companion_home, SECRET) == LastGame(save_id, before + 1)


async def test_a_memory_that_cannot_be_written_is_said_once(
    make_test_app: Any, companion_home: Path
) -> None:
    """The device's memory cannot be written (a folder in its place): the game plays on, and one
    line says what that costs, once however many counts are kept after it."""
    from saves.shared.devices import device_file
    from tests.support.notes import record_notes

    save_id = mission(companion_home)
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.open_saved(save_id)
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        await pause_until(pilot, lambda: screen.is_mounted and screen.query("#agents"))
        device_file(companion_home, SECRET).mkdir(parents=True)  # a folder in its place
        keeper = SeenKeeper(app, companion_home, SECRET, None)
        keeper.on_screen(screen)
        keeper._keep(LastGame(save_id, 1))
        keeper._keep(LastGame(save_id, 2))
        said = [note for note in notes if note.startswith("This device's memory was not saved")]
        assert len(said) == 1 and said[0].endswith("cannot say what it missed.")


@pytest.mark.parametrize(
    ("memory", "opens_the_game"),
    [
        (b"{save} twelve\n", True),  # a count that is not one: the game, nothing told
        (b"{save} -3\n", True),
        (b"{save} 9999999999\n", True),
        (b"{save} 1 2\n", False),
        (b"\xff\xfe{save} 1\n", False),
        (b"{save} 1" + b" " * 400, False),  # larger than a memory can be
    ],
)
async def test_a_damaged_memory_tells_nothing_and_opens_the_game_or_home(
    make_test_app: Any, companion_home: Path, memory: bytes, opens_the_game: bool
) -> None:
    save_id = mission(companion_home)
    play(companion_home, save_id, (TakeFear("Anton", 1), BEN, "Ben"))
    path = device_file(companion_home, SECRET)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(memory.replace(b"{save}", save_id.encode()))
    app = make_test_app(start=device_start(None, {DEVICE_VARIABLE: SECRET}))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        expected = GameScreen if opens_the_game else HomeScreen
        await pause_until(pilot, lambda: isinstance(app.screen, expected))
        assert not [note for note in notices(app) if note[0] == "Back"]


async def test_a_memory_that_is_a_fifo_opens_home_without_hanging(
    make_test_app: Any, companion_home: Path
) -> None:
    path = device_file(companion_home, SECRET)
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    app = make_test_app(start=device_start(None, {DEVICE_VARIABLE: SECRET}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)

"""A browser's device id in the app `companion serve` starts: the app remembers the game the
device last had open and reopens it when started again with that id (after a reconnect)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from saves.shared.devices import (
    DEVICE_VARIABLE,
    TABLE_DISPLAY_VARIABLE,
    device_file,
    last_game,
    remember_game,
)
from tests.support.samples import install_sample
from widgets.play.game_screen import GameScreen
from widgets.play.reopen import device_start
from widgets.shell.home import HomeScreen

DEVICE = "p" * 32
OTHER = "q" * 32


def started_as(device: str, **more: str) -> Any:
    return device_start(None, {DEVICE_VARIABLE: device, **more})


async def test_a_device_is_back_on_the_game_it_last_had_open(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    first = make_test_app(start=started_as(DEVICE))
    async with first.run_test(size=(80, 24)) as pilot:
        assert isinstance(first.screen, HomeScreen)  # nothing remembered yet
        assert first.open_saved(save_id)
        await pilot.pause()
        assert isinstance(first.screen, GameScreen)
    assert last_game(companion_home, DEVICE) == save_id
    again = make_test_app(start=started_as(DEVICE))
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, GameScreen) and screen.saved.id == save_id
    other = make_test_app(start=started_as(OTHER))
    async with other.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(other.screen, HomeScreen)  # another device remembers its own


async def test_the_table_display_and_an_asked_start_do_not_reopen_the_last_game(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    remember_game(companion_home, DEVICE, save_id)
    table = make_test_app(start=started_as(DEVICE, **{TABLE_DISPLAY_VARIABLE: "1"}))
    async with table.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not isinstance(table.screen, GameScreen)
    asked: list[Any] = []
    chosen = make_test_app(start=device_start(asked.append, {DEVICE_VARIABLE: DEVICE}))
    async with chosen.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert asked == [chosen] and isinstance(chosen.screen, HomeScreen)


async def test_a_remembered_game_that_is_gone_or_a_damaged_memory_opens_home(
    make_test_app: Any, companion_home: Path
) -> None:
    remember_game(companion_home, DEVICE, "deleted-since")
    app = make_test_app(start=started_as(DEVICE))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    device_file(companion_home, DEVICE).write_bytes(b"../../etc/passwd\n")
    assert last_game(companion_home, DEVICE) is None


def test_without_a_usable_device_id_the_start_is_unchanged() -> None:
    def start(app: Any) -> None:
        """The start asked for."""

    assert device_start(start, {}) is start
    assert device_start(None, {DEVICE_VARIABLE: "short"}) is None
    assert device_start(start, {DEVICE_VARIABLE: DEVICE}) is not start


def test_the_memory_file_names_no_device_id(companion_home: Path) -> None:
    remember_game(companion_home, DEVICE, "a-game")
    path = device_file(companion_home, DEVICE)
    assert path.parent == companion_home / "locks" and DEVICE not in path.name
    assert path.read_text("ascii") == "a-game\n"

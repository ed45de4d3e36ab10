"""The app with other devices on its game: their changes show here, a change they made
impossible is refused with what changed, undo asks before taking back another device's action,
and a file changed other than by appending (or a failing disk) is never written over."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from companion.six_sojourns.game import EnterCount
from companion.time_bastards.game import MoveEarliest
from saves.games.journal import Draft
from saves.games.records import RecordReader
from saves.games.store import SavedGame, SaveStore
from saves.paths import listing_cache_path
from tests.conftest import fixed_clock
from tests.support.notes import record_notes
from tests.support.samples import install_sample
from tests.support.waiting import pause_until
from widgets.play.conflict import ConflictDialog
from widgets.play.game_screen import GameScreen
from widgets.play.result import ConfirmUndoDialog
from widgets.shell.home import HomeScreen

OTHER_DEVICE = "b0123456789a"


def another_device(home: Path, save_id: str, action: Any, seat: str = "Ben") -> SavedGame:
    """Another device makes `action` on the game, through its own transaction."""
    store = SaveStore(home, fixed_clock)
    theirs = store.open_for_play(save_id)
    store.transact(theirs, lambda _theirs: [Draft("do", action)], by=OTHER_DEVICE, seat=seat)
    return theirs


def records_in(home: Path, save_id: str) -> list[Any]:
    store = SaveStore(home)
    saved = store.load(save_id)
    import tomllib

    path = store.path_for(save_id)
    tables = tomllib.loads(path.read_text("utf-8"))["records"]
    return RecordReader(path, saved.game).records(tables, 1)


async def open_latest(app: Any, pilot: Any) -> GameScreen:
    await pilot.press("r")
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen


async def test_another_devices_move_shows_here_at_once(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_latest(app, pilot)
        count = len(screen.session.steps)
        player = screen.state.turn
        theirs = another_device(companion_home, save_id, MoveEarliest(player))
        await pause_until(pilot, lambda: len(screen.session.steps) == count + 1)
        assert screen.state == theirs.session.state
        assert screen.saved.origins[-1].by == OTHER_DEVICE


async def test_a_move_another_device_made_impossible_is_refused_with_what_changed(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_latest(app, pilot)
        screen.shared.close()  # this window has not seen the other's move yet
        player = screen.state.turn
        another_device(companion_home, save_id, MoveEarliest(player))
        before = records_in(companion_home, save_id)
        assert not screen.act(MoveEarliest(player))  # fine as shown, refused on the newest
        await pilot.pause()
        assert "has just changed the game" in notes[-1]
        assert "Ben" in notes[-1]
        assert len(records_in(companion_home, save_id)) == len(before)  # nothing appended
        assert screen.state == SaveStore(companion_home).load(save_id).session.state


async def test_a_count_another_device_changed_meanwhile_shows_both_values(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "six-sojourns")
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_latest(app, pilot)
        screen.shared.close()
        player = screen.state.players[0]
        another_device(companion_home, save_id, EnterCount(player, "coins", 41))
        assert not screen.act(EnterCount(player, "coins", 7))  # its dialog would stay open
        await pilot.pause()
        assert "it is now 41" in notes[-1] and "changed on another device" in notes[-1]
        latest = SaveStore(companion_home).load(save_id)
        assert screen.state == latest.session.state  # the other device's 41 stands
        assert records_in(companion_home, save_id)[-1].action == EnterCount(player, "coins", 41)


async def test_undo_of_another_devices_action_asks_first_then_takes_it_back(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_latest(app, pilot)
        before = screen.session.state
        another_device(companion_home, save_id, MoveEarliest(before.turn))
        await pause_until(pilot, lambda: screen.session.state != before)
        await pilot.press("ctrl+z")
        dialog = app.screen
        assert isinstance(dialog, ConfirmUndoDialog) and "Ben's action" in dialog.question
        await pilot.press("n")
        assert screen.session.state != before  # kept
        await pilot.press("ctrl+z", "y")
        await pause_until(pilot, lambda: screen.session.state == before)
    last = records_in(companion_home, save_id)[-1]
    assert last.kind == "undo" and last.by == app.device.id
    assert SaveStore(companion_home).load(save_id).session.state == before


async def test_another_devices_change_clears_the_redo_and_says_so(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_latest(app, pilot)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert screen.session.can_redo
        another_device(companion_home, save_id, MoveEarliest(screen.state.turn))
        await pause_until(pilot, lambda: not screen.session.can_redo)
        assert any("Redo cleared" in note and "Ben" in note for note in notes)
        await pilot.press("ctrl+y")
        assert any("Nothing to redo" in note for note in notes)


async def replaced_elsewhere(app: Any, pilot: Any, home: Path, save_id: str) -> bytes:
    """Another program writes the game's file anew (not an appended record)."""
    screen = await open_latest(app, pilot)
    screen.shared.close()
    path = home / "games" / f"{save_id}.toml"
    text = path.read_bytes()
    temp = path.with_name("replacement")
    temp.write_bytes(text + b"\n")
    os.replace(temp, path)
    await pilot.press("ctrl+z")
    await pilot.pause()
    assert isinstance(app.screen, ConflictDialog)
    return path.read_bytes()


async def test_a_file_replaced_by_another_program_can_be_reloaded(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        theirs = await replaced_elsewhere(app, pilot, companion_home, save_id)
        await pilot.press("r")
        assert isinstance(app.screen, GameScreen)
        assert any("Reloaded" in note for note in notes)
    assert (companion_home / "games" / f"{save_id}.toml").read_bytes() == theirs


async def test_a_file_replaced_by_another_program_can_be_kept_as_a_copy(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        theirs = await replaced_elsewhere(app, pilot, companion_home, save_id)
        await pilot.press("c")
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.saved.id != save_id
        mine = screen.session.state
        assert any("Saved as a copy" in note for note in notes)
        await pilot.press("ctrl+z")  # the copy plays on
        await pilot.pause()
    assert (companion_home / "games" / f"{save_id}.toml").read_bytes() == theirs
    copy = SaveStore(companion_home).load(screen.saved.id)
    assert copy.title.endswith("(copy)") and copy.session.state != mine


async def test_a_save_linked_out_of_the_data_folder_is_kept_and_copied(
    make_test_app: Any, companion_home: Path, tmp_path: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    path = companion_home / "games" / f"{save_id}.toml"
    outside = tmp_path / "shared.toml"
    path.rename(outside)
    path.symlink_to(outside)
    before = outside.read_bytes()
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "ctrl+z")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.saved.id != save_id
        assert any("copy" in note and "not a file inside the data folder" in note for note in notes)
    assert path.is_symlink() and outside.read_bytes() == before


async def test_a_full_disk_refuses_the_change_in_one_lasting_line(
    make_test_app: Any, companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    path = companion_home / "games" / f"{save_id}.toml"
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_latest(app, pilot)
        await pilot.press("ctrl+z", "ctrl+y")  # its first change brings it to format 2
        await pilot.pause()
        before, state = path.read_bytes(), screen.session.state

        def full(*_args: object) -> int:
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(os, "pwrite", full)
        await pilot.press("ctrl+z")
        await pilot.pause()
        line = str(app.screen.query_one("#not-saved", Static).render())
        assert "No space left on device" in line and "not made" in line
        assert screen.session.state == state  # nothing made that the file does not have
        assert path.read_bytes() == before
        monkeypatch.undo()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert not app.screen.query("#not-saved")  # gone once a write works
        assert screen.session.state != state


async def test_a_read_only_disk_when_the_theme_changes_is_said_in_one_line(
    make_test_app: Any, companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:

        def refuse(*_args: object) -> None:
            raise OSError(30, "Read-only file system")

        monkeypatch.setattr(os, "replace", refuse)
        app.theme = "nord"
        await pilot.pause()
        assert notes[-1] == "Could not save settings.toml: Read-only file system"
        assert isinstance(app.screen, HomeScreen)


async def test_a_new_game_on_a_full_disk_is_said_and_leaves_no_file(
    make_test_app: Any, companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_id = install_sample(companion_home, "six-sojourns")
    setup = SaveStore(companion_home).load(save_id).session.setup
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:

        def refuse(*_args: object) -> None:
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(os, "replace", refuse)
        monkeypatch.setattr(os, "link", refuse)  # a new game is published by a hard link
        assert app.start_game("six-sojourns", setup, "Full disk") is None
        await pilot.pause()
        assert any("Could not save the new game" in note for note in notes)
        assert isinstance(app.screen, HomeScreen)
    assert [p.name for p in (companion_home / "games").iterdir()] == [f"{save_id}.toml"]


async def test_leaving_and_resuming_at_once_plays_the_game(
    make_test_app: Any, companion_home: Path
) -> None:
    install_sample(companion_home, "time-bastards")
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "escape", "r")  # the old screen may not be unmounted yet
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and not app.screen.watch_only


async def test_a_listing_cache_that_is_a_pipe_is_said_once_and_left(
    make_test_app: Any, companion_home: Path
) -> None:
    install_sample(companion_home, "time-bastards")
    cache = listing_cache_path(companion_home)
    os.mkfifo(cache)
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "escape")  # home lists the saves again
        assert isinstance(app.screen, HomeScreen)
        assert sum(f"{cache.name}: not a regular file" in note for note in notes) == 1
    assert cache.is_fifo()


async def test_a_change_behind_the_file_is_decided_again_without_a_word(
    make_test_app: Any, companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another writer appended after this window's end (its lock file was cleared): the store
    refuses with `Behind`, and the window catches up and decides again, never asking to reload."""
    from saves.games.journal import Behind

    save_id = install_sample(companion_home, "time-bastards")
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_latest(app, pilot)
        count = len(screen.session.steps)
        another_device(companion_home, save_id, MoveEarliest(screen.state.turn))
        await pause_until(pilot, lambda: len(screen.session.steps) == count + 1)
        store = screen.companion.store
        append = store.append
        refusals: list[int] = []

        def behind_once(*args: Any, **kwargs: Any) -> Any:
            if not refusals:
                refusals.append(1)
                raise Behind(store.path_for(save_id), "records follow this window's end")
            return append(*args, **kwargs)

        monkeypatch.setattr(store, "append", behind_once)
        before = len(records_in(companion_home, save_id))
        assert screen.act(MoveEarliest(screen.state.turn))
        await pilot.pause()
        assert refusals == [1]
        assert not isinstance(app.screen, ConflictDialog)
        assert len(records_in(companion_home, save_id)) == before + 1

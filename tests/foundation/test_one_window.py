"""The app and the one-writer rule: a second window is read-only, a game changed elsewhere asks
reload or copy, and a disk that refuses a write is said in one line while play goes on."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from saves.paths import listing_cache_path
from saves.store import SaveStore
from tests.conftest import fixed_clock
from tests.support.notes import record_notes
from tests.support.samples import install_sample
from widgets.conflict import ConflictDialog
from widgets.game_screen import READ_ONLY, GameScreen
from widgets.home import HomeScreen
from widgets.table_view.screen import TableViewScreen


def other_window_undoes(home: Path, save_id: str) -> bytes:
    """Another process takes back the game's last action and saves; the file's new bytes."""
    other = SaveStore(home, fixed_clock)
    theirs = other.load(save_id)
    theirs.session.undo()
    other.save(theirs)
    return other.path_for(save_id).read_bytes()


def fail_writes(monkeypatch: pytest.MonkeyPatch, code: int, reason: str) -> None:
    def refuse(*_args: object) -> None:
        raise OSError(code, reason)

    monkeypatch.setattr(os, "replace", refuse)
    monkeypatch.setattr(os, "link", refuse)  # a new game is published by a hard link


async def test_a_game_open_in_another_window_is_read_only_here(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "cavendish")
    path = companion_home / "games" / f"{save_id}.toml"
    before = path.read_bytes()
    elsewhere = SaveStore(companion_home).lock(save_id)  # the other window
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        view = app.screen  # a window that watches opens on the table view
        assert isinstance(view, TableViewScreen) and view.sub_title.endswith("(read-only)")
        assert any("Open in another window" in note for note in notes)
        await pilot.press("escape")
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.read_only
        assert screen.sub_title.endswith("(read-only)")
        actions = list(screen.session.actions)
        await pilot.press("ctrl+z")
        assert notes[-1] == READ_ONLY
        assert screen.session.actions == actions
    assert path.read_bytes() == before
    assert elsewhere is not None


async def test_the_lock_is_held_while_the_game_is_open_and_freed_on_leaving(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    probe = SaveStore(companion_home)
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        assert isinstance(app.screen, GameScreen) and not app.screen.read_only
        assert probe.lock(save_id) is None
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)
        assert probe.lock(save_id) is not None


async def changed_elsewhere_then_undo(app: Any, pilot: Any, home: Path, save_id: str) -> bytes:
    await pilot.press("r")
    theirs = other_window_undoes(home, save_id)
    await pilot.press("ctrl+z")  # this window's autosave finds the file changed
    await pilot.pause()
    assert isinstance(app.screen, ConflictDialog)
    return theirs


async def test_a_game_changed_in_another_window_can_be_reloaded(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    path = companion_home / "games" / f"{save_id}.toml"
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        theirs = await changed_elsewhere_then_undo(app, pilot, companion_home, save_id)
        await pilot.press("r")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.session.actions == SaveStore(companion_home).load(save_id).session.actions
        assert any("Reloaded" in note for note in notes)
    assert path.read_bytes() == theirs


async def test_a_game_changed_in_another_window_can_be_kept_as_a_copy(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    path = companion_home / "games" / f"{save_id}.toml"
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        theirs = await changed_elsewhere_then_undo(app, pilot, companion_home, save_id)
        await pilot.press("c")
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.saved.id != save_id
        mine = list(screen.session.actions)
        assert any("Saved as a copy" in note for note in notes)
    assert path.read_bytes() == theirs  # the other window's game is untouched
    store = SaveStore(companion_home)
    copy = store.load(screen.saved.id)
    assert copy.session.actions == mine and copy.title.endswith("(copy)")


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
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.saved.id != save_id
        assert any("copy" in note and "not a file inside the data folder" in note for note in notes)
    assert path.is_symlink() and outside.read_bytes() == before


async def test_a_full_disk_during_play_is_said_and_play_goes_on(
    make_test_app: Any, companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    path = companion_home / "games" / f"{save_id}.toml"
    before = path.read_bytes()
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        fail_writes(monkeypatch, 28, "No space left on device")
        await pilot.press("ctrl+z", "ctrl+y")
        await pilot.pause()
        assert not any("Could not save the game" in note for note in notes)  # no toast each
        line = str(app.screen.query_one("#not-saved", Static).render())
        assert "No space left on device" in line and "would lose 2 changes" in line
        assert isinstance(app.screen, GameScreen)
    assert path.read_bytes() == before


async def test_a_read_only_disk_when_the_theme_changes_is_said_in_one_line(
    make_test_app: Any, companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        fail_writes(monkeypatch, 30, "Read-only file system")
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
        fail_writes(monkeypatch, 28, "No space left on device")
        assert app.start_game("six-sojourns", setup, "Full disk") is None
        await pilot.pause()
        assert any("Could not save the new game" in note for note in notes)
        assert isinstance(app.screen, HomeScreen)
    assert [p.name for p in (companion_home / "games").iterdir()] == [f"{save_id}.toml"]


def test_a_failed_export_leaves_nothing_behind(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_id = install_sample(companion_home, "six-sojourns")
    store = SaveStore(companion_home)
    saved = store.load(save_id)
    fail_writes(monkeypatch, 28, "No space left on device")
    with pytest.raises(OSError, match="No space left"):
        store.export(saved, "md", "# Sheet\n")
    assert not (companion_home / "exports").exists()


async def test_leaving_and_resuming_at_once_finds_the_game_free(
    make_test_app: Any, companion_home: Path
) -> None:
    install_sample(companion_home, "time-bastards")
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "escape", "r")  # the old screen may not be unmounted yet
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and not app.screen.read_only


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

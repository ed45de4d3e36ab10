"""A window that only watches a game follows it live, and takes it over once its player has left."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from saves.store import SaveStore
from tests.conftest import fixed_clock
from tests.support.notes import record_notes
from tests.support.samples import install_sample
from widgets.game_screen import GameScreen

PAUSE = 0.05
WITHIN_A_SECOND = 20
"""Pauses of `PAUSE` seconds: the follow must show a change within one second."""


def players_window_acts(home: Path, save_id: str) -> Any:
    """The player's window takes back the last action and saves; returns the new state."""
    theirs_store = SaveStore(home, fixed_clock)
    theirs = theirs_store.load(save_id)
    theirs.session.undo()
    theirs_store.save(theirs)
    return theirs.session.state


async def wait_for(pilot: Any, condition: Any) -> bool:
    for _ in range(WITHIN_A_SECOND):
        if condition():
            return True
        await pilot.pause(PAUSE)
    return bool(condition())


async def test_a_read_only_window_shows_the_players_save_within_a_second(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    players_lock = SaveStore(companion_home).lock(save_id)
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.read_only
        before = len(screen.session.actions)
        new_state = players_window_acts(companion_home, save_id)
        assert await wait_for(pilot, lambda: len(screen.session.actions) == before - 1)
        assert screen.state == new_state
        assert screen.read_only and screen.sub_title.endswith("(read-only)")
    assert players_lock is not None


async def test_a_damaged_followed_file_is_said_once_and_the_last_state_stays(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    players_lock = SaveStore(companion_home).lock(save_id)
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        shown = screen.state
        (companion_home / "games" / f"{save_id}.toml").write_text("not = [toml", "utf-8")
        assert await wait_for(pilot, lambda: any("Not followed" in n or "TOML" in n for n in notes))
        await pilot.pause(4 * PAUSE * 5)  # several more looks at the same damaged file
        said = [n for n in notes if save_id in n]
        assert len(said) == 1
        assert screen.state == shown
    assert players_lock is not None


async def test_take_over_waits_for_the_player_to_leave_then_plays_and_saves(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    path = companion_home / "games" / f"{save_id}.toml"
    players_lock = SaveStore(companion_home).lock(save_id)
    assert players_lock is not None
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.read_only
        await pilot.press("T")
        assert "Still open in another window" in notes[-1]
        assert screen.read_only
        new_state = players_window_acts(companion_home, save_id)  # the player's last move...
        players_lock.release()  # ...and they go home
        await pilot.press("T")
        assert not screen.read_only and not screen.sub_title.endswith("(read-only)")
        assert screen.state == new_state  # taken over from the file as the player left it
        before = path.read_bytes()
        await pilot.press("ctrl+z")
        assert path.read_bytes() != before  # this window now saves
        assert SaveStore(companion_home).lock(save_id) is None  # and holds the game

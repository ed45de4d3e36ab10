"""A window that only watches a game follows it live, and takes it over once its player has left."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.cavendish.actions import ChooseLocation, LoseAzrak
from companion.registry import get_game
from saves.store import SaveStore
from tests.cavendish.conftest import setup_for
from tests.conftest import fixed_clock
from tests.support.notes import record_notes
from tests.support.samples import install_sample
from widgets.cavendish.dialogs import BrokenLinkDialog
from widgets.game_screen import GameScreen
from widgets.table_view.screen import TableViewScreen

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
        view = app.screen
        assert isinstance(view, TableViewScreen)  # a watching window opens on the table view
        screen = app.screen_stack[-2]  # the play screen under the view
        assert screen.read_only
        before = len(screen.session.actions)
        shown_before = view.content
        new_state = players_window_acts(companion_home, save_id)
        assert await wait_for(pilot, lambda: len(screen.session.actions) == before - 1)
        assert screen.state == new_state
        assert view.content != shown_before  # the table view redrew the new state
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
        await pilot.press("r", "escape")  # from the table view to the play screen
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.read_only
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
        await pilot.press("r", "escape")
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


async def test_take_over_from_the_table_view_goes_to_the_play_screen(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    players_lock = SaveStore(companion_home).lock(save_id)
    assert players_lock is not None
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        view = app.screen
        assert isinstance(view, TableViewScreen)
        assert view.check_action("take_over", ())
        play = app.screen_stack[-2]
        await pilot.press("T")
        assert app.screen is view  # still played elsewhere: nothing changes
        players_lock.release()
        await pilot.press("T")
        screen = app.screen
        assert isinstance(screen, GameScreen) and not screen.read_only
        assert screen is play
        await pilot.press("v")
        assert isinstance(app.screen, TableViewScreen)
        assert not app.screen.check_action("take_over", ())  # nothing to take over now


async def test_a_watching_window_asks_nothing_the_players_window_is_asked(
    make_test_app: Any, companion_home: Path
) -> None:
    """A Sojourn waiting for a decision: the player's window opens its dialog, a watching
    window opens none (its answer would be refused), and asks once it has taken over."""
    save_id = install_sample(companion_home, "sojourn")
    players_lock = SaveStore(companion_home).lock(save_id)
    assert players_lock is not None
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "escape")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.read_only  # no dialog on top
        players_lock.release()
        await pilot.press("T")
        await pilot.pause()
        assert not screen.read_only
        assert app.screen is not screen  # the decision the game waits for is asked now


async def test_a_broken_link_is_asked_in_the_players_window_not_in_a_watching_one(
    make_test_app: Any, companion_home: Path
) -> None:
    """Cavendish asks a broken link at once, on every redraw: a window that follows the game
    must not, or its answer would be refused and the dialog would cover the table view."""
    game = get_game("cavendish")
    assert game is not None
    players = SaveStore(companion_home, fixed_clock)
    saved = players.create(game, setup_for(2), "Watched")
    saved.session.do(ChooseLocation("A"))
    players.save(saved)
    players_lock = players.lock(saved.id)
    assert players_lock is not None
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        view = app.screen
        assert isinstance(view, TableViewScreen)
        saved.session.do(LoseAzrak("Amy", 9))  # the player's window: Amy's link breaks
        players.save(saved)
        assert await wait_for(pilot, lambda: bool(app.screen_stack[-2].state.pending))
        await pilot.pause()
        assert app.screen is view  # no question in the watching window
        players_lock.release()
        await pilot.press("T")
        await pilot.pause()
        assert isinstance(app.screen, BrokenLinkDialog)  # asked once this window plays

"""Every window on a game plays it and follows the others live: their changes show at once
(how soon: `tests/bench/run.py --only follow`), a question another device's change asks shows
here and closes once answered anywhere, and a file changed other than by appending is never
written over."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.cavendish.actions import ChooseLocation, LoseAzrak, LoseControl
from companion.registry import get_game
from saves.games.journal import Draft
from saves.games.store import SaveStore
from tests.cavendish.conftest import setup_for
from tests.conftest import fixed_clock
from tests.support.notes import record_notes
from tests.support.samples import install_sample
from tests.support.waiting import pause_until
from widgets.cavendish.dialogs import BrokenLinkDialog, BrokenLinkFromElsewhere
from widgets.play.conflict import ConflictDialog
from widgets.play.game_screen import GameScreen

PAUSE = 0.05
OTHER = "b0a1b2c3d4e5"


def other_window_undoes(home: Path, save_id: str) -> Any:
    """Another window takes back the game's last action; returns the new state."""
    store = SaveStore(home, fixed_clock)
    theirs = store.open_for_play(save_id)
    top = theirs.origins[-1].number
    store.transact(theirs, lambda _theirs: [Draft("undo", target=top)], by=OTHER)
    return theirs.session.state


async def wait_for(pilot: Any, condition: Any) -> bool:
    """Let the app follow the file until `condition` holds, failing by name only if it hangs
    (how soon a change shows is a figure of `tests/bench/run.py --only follow`)."""
    await pause_until(pilot, condition)
    return True


async def test_every_window_plays_and_shows_another_windows_change(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    SaveStore(companion_home).load(save_id)
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        screen = app.screen
        assert isinstance(screen, GameScreen) and not screen.watch_only
        await pilot.press("v")  # the table view follows too
        view = app.screen
        before, shown_before = len(screen.session.actions), view.content
        other = SaveStore(companion_home, fixed_clock)
        theirs = other.open_for_play(save_id)
        other.transact(theirs, lambda _theirs: [Draft("do", theirs_move(theirs))], by=OTHER)
        assert await wait_for(pilot, lambda: len(screen.session.actions) == before + 1)
        assert screen.state == theirs.session.state
        assert view.content != shown_before  # the table view redrew the new state
        await pilot.press("escape", "ctrl+z", "y")  # this window acts too: another's, so it asks
        assert await wait_for(pilot, lambda: len(screen.session.actions) == before)
    assert SaveStore(companion_home).load(save_id).session.state == screen.state


def theirs_move(saved: Any) -> Any:
    from companion.time_bastards.game import MoveEarliest

    return MoveEarliest(saved.session.state.turn)


async def test_a_file_damaged_by_another_program_is_asked_about_once_and_kept(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    path = companion_home / "games" / f"{save_id}.toml"
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        shown = screen.state
        await pilot.press("ctrl+z", "ctrl+y")  # brought to format 2 by its first change
        await pilot.pause()
        path.write_text("not = [toml", "utf-8")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConflictDialog))
        await pilot.pause(4 * PAUSE * 5)  # several more changes seen: one question
        assert sum(isinstance(s, ConflictDialog) for s in app.screen_stack) == 1
        assert screen.state == shown
    assert path.read_text("utf-8") == "not = [toml"


async def test_every_window_is_asked_what_the_game_waits_for(
    make_test_app: Any, companion_home: Path
) -> None:
    """A Sojourn waiting for a decision: its dialog opens in every window on it."""
    install_sample(companion_home, "sojourn")
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert not isinstance(app.screen, GameScreen)  # the decision is asked at once


async def test_a_broken_link_from_another_device_is_asked_here_and_closes_once_answered(
    make_test_app: Any, companion_home: Path
) -> None:
    game = get_game("cavendish")
    assert game is not None
    players = SaveStore(companion_home, fixed_clock)
    saved = players.create(game, setup_for(2), "Watched")
    players.transact(saved, lambda _theirs: [Draft("do", ChooseLocation("A"))], by=OTHER)
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        players.transact(saved, lambda _theirs: [Draft("do", LoseAzrak("Amy", 9))], by=OTHER)
        assert await wait_for(pilot, lambda: isinstance(app.screen, BrokenLinkDialog))
        dialog = app.screen
        assert isinstance(dialog, BrokenLinkFromElsewhere)  # no button takes a stray enter
        assert app.focused is None
        players.transact(saved, lambda _theirs: [Draft("do", LoseControl())], by=OTHER)
        assert await wait_for(pilot, lambda: app.screen is screen)
        assert any(note.startswith("Someone ") and " answered: " in note for note in notes)
        assert not screen.state.pending

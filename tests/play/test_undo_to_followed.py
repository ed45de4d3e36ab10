"""`companion act ID undo --to N` while a window plays the game: the window follows the whole
batch of undo records at once, back to line N, and says so in one line: who, back to which line,
how many actions and how many of them were this device's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.cli.act import undo_to
from saves.games.store import SaveStore
from tests.conftest import fixed_clock
from tests.history.games import cavendish_in_play
from tests.play.test_many_hands_app import OTHER_DEVICE, open_latest
from tests.play.test_told_app import move_here
from tests.support.notes import record_notes
from tests.support.samples import install_sample
from tests.support.waiting import pause_until
from widgets.play.game_screen import GameScreen
from widgets.play.result import ResultScreen


async def test_a_window_follows_an_undo_back_to_a_line_made_elsewhere(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_latest(app, pilot)
        keep = len(screen.session.steps) - 1  # one action of the sample's, then two of ours
        lines = [screen.session.steps[-1].line, await move_here(pilot, screen)]
        lines.append(await move_here(pilot, screen))
        _saved, undone = undo_to(
            SaveStore(companion_home, fixed_clock), save_id, keep, OTHER_DEVICE
        )
        assert undone == list(reversed(lines))
        await pause_until(pilot, lambda: len(screen.session.steps) == keep)
        assert [step.line for step in screen.session.steps] == [
            step.line for step in SaveStore(companion_home, fixed_clock).load(save_id).session.steps
        ]
        told = f"Someone in a browser undid back to line {keep} (3 actions, 2 of them yours)"
        await pause_until(pilot, lambda: told in notes)  # one line for the batch


async def test_an_undo_back_to_a_line_before_the_end_closes_the_result_everywhere(
    make_test_app: Any, companion_home: Path
) -> None:
    """The result a device shows closes when another device undoes back to a line before the
    end (item 1 of issue 42), and the redos that bring the end back open it again."""
    saved = cavendish_in_play(companion_home)
    app = make_test_app(start=lambda app: app.open_saved(saved.id))
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        keep = len(screen.session.steps) - 1  # before the mission's last move
        await pilot.press("X", "y")  # this device abandons the mission: its result
        await pause_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        store = SaveStore(companion_home, fixed_clock)
        _saved, undone = undo_to(store, saved.id, keep, OTHER_DEVICE)
        assert len(undone) == 2  # the abandon, and the move before it
        await pause_until(pilot, lambda: app.screen is screen)
        assert not screen.is_over and len(screen.session.steps) == keep
        told = f"Someone in a browser undid back to line {keep} (2 actions, 1 of them yours)"
        assert f"{told}. Play goes on." in notes  # the result closed, saying who did what
        assert told not in notes  # once: the closed result said it
        for _ in range(2):  # redo, in order, here: the end comes back last, with its result
            await pilot.press("ctrl+y")
            await pilot.pause()
        await pause_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        assert screen.is_over

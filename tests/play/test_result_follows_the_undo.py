"""A result outlives nothing: when another device undoes the action that ended the game, the
result shown here closes, saying who undid what (once), and play goes on; the end made again
elsewhere opens the result here again, saying who. (Every game with a result, and the end made
elsewhere too: test_every_view_follows.py.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.history.games import cavendish_in_play
from tests.play.test_told_app import taken_back_elsewhere
from tests.support.notes import record_notes
from tests.support.waiting import pause_until
from widgets.play.game_screen import GameScreen
from widgets.play.result import ResultScreen


async def test_the_result_closes_when_the_end_is_undone_elsewhere_and_opens_when_made_again(
    make_test_app: Any, companion_home: Path
) -> None:
    saved = cavendish_in_play(companion_home)
    app = make_test_app(start=lambda app: app.open_saved(saved.id))
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        await pilot.press("X", "y")  # this device abandons the mission: its result
        await pause_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        taken_back_elsewhere(companion_home, saved.id, "undo")
        await pause_until(pilot, lambda: app.screen is screen)
        assert isinstance(screen, GameScreen) and not screen.is_over
        end = "The group ended the mission early (failed)"
        assert notes[-1:] == [f"Ben, in a browser, undid: {end}. Play goes on."]
        count = len(notes)
        taken_back_elsewhere(companion_home, saved.id, "redo")  # ended again, elsewhere
        await pause_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        assert screen.is_over
        assert notes[count:] == [f"Ben, in a browser, redid: {end}"]

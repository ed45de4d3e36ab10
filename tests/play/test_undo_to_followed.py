"""`companion act ID undo --to N` while a window plays the game: the window follows the whole
batch of undo records at once, back to line N, and says so in one line: who, back to which line,
how many actions and how many of them were this device's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.cli.act import undo_to
from saves.games.store import SaveStore
from tests.conftest import fixed_clock
from tests.play.test_many_hands_app import OTHER_DEVICE, open_latest
from tests.play.test_told_app import move_here
from tests.support.notes import record_notes
from tests.support.samples import install_sample
from tests.support.waiting import pause_until


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

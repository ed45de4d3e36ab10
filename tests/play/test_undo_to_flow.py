"""Undo back to a chosen line in the app (widgets/play/undo_to.py): a line of the log picked with
the keyboard (up to it, enter) or a tap is asked about first, then every later action is undone,
newest first, in one transaction on the file; each redo then brings back the next one in order.
The last line, a game only watched and a question made stale by another device are refused or
closed, saying why."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from companion.time_bastards.game import choices
from saves.games.journal import Draft
from saves.games.records import Record
from saves.games.store import SaveStore
from saves.games.undo_back import UndoBack, undo_back
from tests.conftest import fixed_clock
from tests.play.test_many_hands_app import OTHER_DEVICE, records_in
from tests.support.notes import record_notes
from tests.support.samples import install_sample
from tests.support.waiting import pause_until
from widgets.app import CompanionApp
from widgets.play import undo_to
from widgets.play.action_log import ActionLog
from widgets.play.game_screen import GameScreen
from widgets.play.undo_to import UndoToDialog

GAMES = ["time-bastards", "sojourn", "cavendish", "six-sojourns"]
REDONE_WITHOUT_A_QUESTION = {"time-bastards", "six-sojourns"}
"""Samples whose last three actions redo without the game asking a question between them (in
the others a redone action asks its question again, which a dialog answers, not ctrl+y)."""


def opened(make_test_app: Callable[..., Any], home: Path, game_id: str) -> CompanionApp:
    save_id = install_sample(home, game_id)
    app: CompanionApp = make_test_app(start=lambda app: app.open_saved(save_id))
    return app


async def focused_log(pilot: Any) -> tuple[GameScreen, ActionLog]:
    """The game's screen with its log focused (Six Sojourns' log is a tab of its own: `l`)."""
    await pilot.pause()
    if not isinstance(pilot.app.screen, GameScreen):  # the game's own question: "later"
        await pilot.press("escape")
        await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    if screen.session.game.id == "six-sojourns":
        await pilot.press("l")
        await pilot.pause()
    log = screen.query_one(ActionLog)
    log.focus()
    await pilot.pause()
    return screen, log


def lines_of(screen: GameScreen) -> list[str]:
    return [step.line for step in screen.session.steps]


def filed_lines(home: Path, screen: GameScreen) -> list[str]:
    """The log as the game's file has it (what every other device reads)."""
    return [step.line for step in SaveStore(home).load(screen.saved.id).session.steps]


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_picked_line_is_asked_then_undone_at_once_and_redone_in_order(
    make_test_app: Callable[..., Any], companion_home: Path, game_id: str
) -> None:
    app = opened(make_test_app, companion_home, game_id)
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _log = await focused_log(pilot)
        lines = lines_of(screen)
        keep = len(lines) - 3
        await pilot.press("up", "up", "up", "up", "down", "enter")  # from the newest: 4 up, 1 down
        await pause_until(pilot, lambda: isinstance(app.screen, UndoToDialog))
        title = str(app.screen.query_one("#undo-to-title", Static).render())
        detail = str(app.screen.query_one("#undo-to-detail", Static).render())
        assert title == f"Undo back to line {keep}?"
        assert detail.startswith("This undoes 3 actions:\n")
        assert f"{keep + 1}. {lines[keep]}" in detail
        assert lines_of(screen) == lines  # nothing before the answer
        before = len(records_in(companion_home, screen.saved.id))
        await pilot.press("y")
        await pause_until(pilot, lambda: len(screen.session.steps) == keep)
        assert filed_lines(companion_home, screen) == lines[:keep]
        records = records_in(companion_home, screen.saved.id)
        undos = records[before:]
        assert [r.kind for r in undos] == ["undo"] * 3  # one transaction: three records
        assert len({r.at for r in undos}) == 1
        assert undos[0].target > undos[1].target > undos[2].target  # newest first
        told = f"Undid back to line {keep}: 3 actions."
        await pause_until(pilot, lambda: any(note.startswith(told) for note in notes))
        if game_id not in REDONE_WITHOUT_A_QUESTION:
            return
        for count in range(keep + 1, len(lines) + 1):  # each redo: the next action, in order
            await pilot.press("ctrl+y")
            await pause_until(pilot, lambda count=count: len(screen.session.steps) == count)
            assert lines_of(screen) == lines[:count]
        assert filed_lines(companion_home, screen) == lines


async def test_a_tap_on_a_line_asks_and_keep_them_changes_nothing(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = opened(make_test_app, companion_home, "time-bastards")
    async with app.run_test(size=(44, 43)) as pilot:
        screen, log = await focused_log(pilot)
        lines = lines_of(screen)
        await pilot.pause()
        newest, before = len(lines) - 1, len(lines) - 2
        log.view.scroll_to_line(log.entry_top(before))  # a swipe up
        await pilot.pause()
        top = log.view.top
        assert log.entry_top(before) >= top  # both on screen
        await pilot.click(log, offset=(4, 1 + log.entry_top(newest) - top))  # 1: the border
        await pilot.pause()
        assert not isinstance(app.screen, UndoToDialog)  # the newest line: nothing after it
        await pilot.click(log, offset=(4, 1 + log.entry_top(before) - top))
        await pause_until(pilot, lambda: isinstance(app.screen, UndoToDialog))
        title = str(app.screen.query_one("#undo-to-title", Static).render())
        assert title == f"Undo back to line {len(lines) - 1}?"
        await pilot.click("#undo-to-no")
        await pause_until(pilot, lambda: app.screen is screen)
        assert lines_of(screen) == lines == filed_lines(companion_home, screen)


@pytest.mark.parametrize("game_id", ["six-sojourns", "cavendish"])
async def test_capital_u_shows_the_log_marking_the_line_before_the_newest(
    make_test_app: Callable[..., Any], companion_home: Path, game_id: str
) -> None:
    """`U` from anywhere on the screen (Six Sojourns: from another tab) focuses the log."""
    app = opened(make_test_app, companion_home, game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if not isinstance(app.screen, GameScreen):
            await pilot.press("escape")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        log = screen.query_one(ActionLog)
        assert not log.has_focus
        await pilot.press("U")
        await pilot.pause()
        assert log.has_focus and log.marked == len(screen.session.steps) - 2
        await pilot.press("enter")
        await pause_until(pilot, lambda: isinstance(app.screen, UndoToDialog))
        title = str(app.screen.query_one("#undo-to-title", Static).render())
        assert title == f"Undo back to line {len(screen.session.steps) - 1}?"


async def test_the_last_line_and_a_watched_game_are_refused_saying_why(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = opened(make_test_app, companion_home, "time-bastards")
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _log = await focused_log(pilot)
        last = len(screen.session.steps)
        await pilot.press("enter")  # the newest line is marked first
        await pilot.pause()
        assert not isinstance(app.screen, UndoToDialog)
        assert f"line {last} is the last one: there is no later action to undo" in notes
        screen.only_watch("This save's file cannot be written here: it is shown, not changed.")
        await pilot.press("up", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, UndoToDialog)
        assert notes[-1] == "This save's file cannot be written here: it is shown, not changed."
        assert len(screen.session.steps) == last


async def test_another_devices_move_closes_the_question_and_nothing_is_undone(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = opened(make_test_app, companion_home, "time-bastards")
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _log = await focused_log(pilot)
        await pilot.press("up", "up", "enter")
        await pause_until(pilot, lambda: isinstance(app.screen, UndoToDialog))
        store = SaveStore(companion_home, fixed_clock)
        theirs = store.open_for_play(screen.saved.id)
        move = choices(theirs.session.state)[0].action
        store.transact(theirs, lambda _theirs: [Draft("do", move)], by=OTHER_DEVICE, seat="Ben")
        count = len(theirs.session.steps)
        await pause_until(pilot, lambda: len(screen.session.steps) == count)
        await pause_until(pilot, lambda: app.screen is screen)
        assert any("The game changed on another device: nothing was undone" in n for n in notes)
        assert filed_lines(companion_home, screen) == lines_of(screen)


async def test_a_decision_made_stale_before_the_lock_undoes_nothing(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    """Between the answer and the transaction another device moved: the decision, made again
    on the newest state, is not the one asked about, so nothing is undone."""
    app = opened(make_test_app, companion_home, "time-bastards")
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _log = await focused_log(pilot)
        back = undo_back(screen.saved, len(screen.session.steps) - 2)
        store = SaveStore(companion_home, fixed_clock)
        theirs = store.open_for_play(screen.saved.id)
        move = choices(theirs.session.state)[0].action
        store.transact(theirs, lambda _theirs: [Draft("do", move)], by=OTHER_DEVICE, seat="Ben")
        assert undo_to.commit(screen, back) is False
        await pilot.pause()
        assert filed_lines(companion_home, screen) == lines_of(screen)
        assert len(screen.session.steps) == len(theirs.session.steps)
        assert any("Pick the line again" in note for note in notes)


async def test_long_lines_scroll_and_the_answers_stay_whole_at_80x24(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    long_line = "Amy explores the Vault and takes the elixir " * 6
    back = UndoBack(2, tuple(Record(n, "do", seat="Ana") for n in range(3, 9)), (long_line,) * 6)
    app = opened(make_test_app, companion_home, "time-bastards")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(UndoToDialog(back))
        await pause_until(pilot, lambda: isinstance(app.screen, UndoToDialog))
        await pilot.pause()
        screen_region = app.screen.region
        for answer in ("#undo-to-yes", "#undo-to-no"):
            button = app.screen.query_one(answer).region
            assert screen_region.contains_region(button) and button.height == 3
        lines = app.screen.query_one("#undo-to-lines")
        assert lines.max_scroll_y > 0  # the rest is a scroll away

"""Every device told: when another device undoes or redoes this device's action, or clears what
it could redo, this screen says who did what in one line, even while nobody touches it; the line
replaces the confirmation before it, and another device's own actions taken back say nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.time_bastards.model import MoveEarliest
from saves.games.journal import Draft
from saves.games.store import SaveStore
from tests.conftest import fixed_clock
from tests.play.test_many_hands_app import OTHER_DEVICE, another_device, open_latest
from tests.support.notes import record_notes
from tests.support.samples import install_sample
from tests.support.waiting import pause_until
from widgets.play.game_screen import GameScreen


def taken_back_elsewhere(home: Path, save_id: str, kind: str, seat: str = "Ben") -> None:
    """Another device undoes the game's last action, or redoes its last undone one."""
    store = SaveStore(home, fixed_clock)
    theirs = store.open_for_play(save_id)
    stack = theirs.origins if kind == "undo" else theirs.undone
    target = stack[-1].number
    store.transact(theirs, lambda _theirs: [Draft(kind, target=target)], by=OTHER_DEVICE, seat=seat)


async def move_here(pilot: Any, screen: GameScreen) -> str:
    """This device makes a move; its log line."""
    count = len(screen.session.steps)
    assert screen.act(MoveEarliest(screen.state.turn))
    await pause_until(pilot, lambda: len(screen.session.steps) == count + 1)
    step = screen.session.last_step
    assert step is not None
    return step.line


def confirmations(app: Any) -> list[str]:
    return [notice.message for notice in app.notices.on_screen("information")]


def toast_texts(app: Any) -> list[str]:
    """The toasts as drawn: their text as players read it."""
    return [str(toast.render()) for toast in app.screen.query("Toast")]  # by its CSS type


@pytest.mark.parametrize(
    ("seat", "who"),
    [
        ("Ben", "Ben, in a browser,"),
        ("", "Someone in a browser"),
        ("[b]Ben[/b]", "[b]Ben[/b], in a browser,"),  # a seat is data, never markup
    ],
)
async def test_an_undo_of_this_devices_action_elsewhere_is_told_here_while_idle(
    make_test_app: Any, companion_home: Path, seat: str, who: str
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_latest(app, pilot)
        first = await move_here(pilot, screen)
        second = await move_here(pilot, screen)
        await pilot.press("ctrl+z")  # this device's own undo: a confirmation on screen
        await pause_until(pilot, lambda: f"Undone: {second}" in confirmations(app))
        count = len(screen.session.steps)
        taken_back_elsewhere(companion_home, save_id, "undo", seat)
        await pause_until(pilot, lambda: len(screen.session.steps) == count - 1)
        told = f"{who} undid: {first}"
        assert notes[-1] == told
        await pause_until(pilot, lambda: confirmations(app) == [told])  # "Undone" replaced
        await pause_until(pilot, lambda: any(told in text for text in toast_texts(app)))


async def test_a_redo_of_this_devices_action_elsewhere_is_told_here(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_latest(app, pilot)
        line = await move_here(pilot, screen)
        count = len(screen.session.steps)
        taken_back_elsewhere(companion_home, save_id, "undo")
        await pause_until(pilot, lambda: len(screen.session.steps) == count - 1)
        taken_back_elsewhere(companion_home, save_id, "redo")
        await pause_until(pilot, lambda: len(screen.session.steps) == count)
        assert notes[-1].startswith(f"Ben, in a browser, redid: {line}")


async def test_another_devices_own_action_taken_back_there_says_nothing_here(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_latest(app, pilot)
        count = len(screen.session.steps)
        another_device(companion_home, save_id, MoveEarliest(screen.state.turn))
        await pause_until(pilot, lambda: len(screen.session.steps) == count + 1)
        taken_back_elsewhere(companion_home, save_id, "undo")
        await pause_until(pilot, lambda: len(screen.session.steps) == count)
        assert not any("undid" in note or "redid" in note for note in notes)


async def test_a_redo_cleared_elsewhere_says_who_made_which_change(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_latest(app, pilot)
        await move_here(pilot, screen)
        await pilot.press("ctrl+z")
        await pause_until(pilot, lambda: screen.session.can_redo)
        another_device(companion_home, save_id, MoveEarliest(screen.state.turn))
        await pause_until(pilot, lambda: not screen.session.can_redo)
        step = screen.session.last_step
        assert step is not None
        assert notes[-1] == f"Redo cleared: Ben, in a browser, made a change: {step.line}"

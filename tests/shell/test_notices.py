"""Feedback that does not cover the board, and errors that stay until they are read."""

from __future__ import annotations

import errno
import time
from typing import Any

import pytest
from textual.widgets import Static
from textual.widgets._toast import Toast

from companion.time_bastards.model import MoveEarliest, TimeBastardsSetup
from saves import append_log
from saves.games.journal import Draft


def duel(app: Any) -> None:
    saved = app.start_game("time-bastards", TimeBastardsSetup(), "Red v Blue")
    moves = [Draft("do", MoveEarliest(0)), Draft("do", MoveEarliest(1))]
    app.store.transact(saved, lambda _theirs: moves)  # the screen holds this game: it shows them


def toast_texts(app: Any) -> list[str]:
    return [str(toast.render()) for toast in app.screen.query(Toast)]


async def test_an_error_closes_on_the_next_key_or_a_click_a_confirmation_never_clears_it(
    make_test_app: Any,
) -> None:
    """An error stays until it is read: the next key or a click closes it, and a confirmation
    shown after it (or after a warning) never takes its place."""
    app = make_test_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.notify("First", severity="error")
        await pilot.pause()
        await pilot.press("x")  # means nothing on home: it reads the error
        await pilot.pause()
        assert toast_texts(app) == []
        app.notify("Second", severity="error")
        await pilot.pause()
        (toast,) = app.screen.query(Toast)
        await pilot.click(toast)
        await pilot.pause()
        assert toast_texts(app) == [] and app.notices.on_screen() == []
        app.notify("The disk is full", severity="error")
        app.notify("Exported")
        await pilot.pause()
        assert len(toast_texts(app)) == 2
        app.notify("Exported again")
        app.notify("Still full", severity="warning")
        await pilot.pause()
        shown = toast_texts(app)
        assert len(shown) == 3 and not any(text.endswith("Exported") for text in shown)


async def test_undos_and_redos_leave_one_notice_and_a_refused_write_stays_said(
    make_test_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two undos and two redos leave one notice, the last; a write the disk refuses stays
    said after ten seconds, in one line however often it is refused, and makes no change."""
    app = make_test_app(start=duel)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+z", "ctrl+z", "ctrl+y", "ctrl+y")
        await pilot.pause()
        toasts = list(app.screen.query(Toast))
        assert len(toasts) == 1
        assert "Redone" in str(toasts[0].render())
        assert len(app.screen.session.history) == 2

        def full_disk(*_args: object, **_kwargs: object) -> None:
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(append_log.os, "pwrite", full_disk)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert not any("Undone" in text for text in toast_texts(app))
        line = str(app.screen.query_one("#not-saved", Static).render())
        assert "Not saved (No space left on device)" in line and "not made" in line
        assert len(app.screen.session.history) == 2
        await pilot.press("ctrl+z")  # the second undo fails too: still one line
        await pilot.pause()
        assert len(app.screen.query("#not-saved")) == 1
        later = time.time() + 11
        monkeypatch.setattr("textual.notifications.time", lambda: later)
        await pilot.pause()
        assert "No space left" in str(app.screen.query_one("#not-saved", Static).render())
        monkeypatch.undo()
        await pilot.press("ctrl+z")  # the disk has room again: undone, the line goes
        await pilot.pause()
        assert not app.screen.query("#not-saved")
        save_id = app.screen.saved.id
    assert len(app.store.load(save_id).session.history) == 1


async def test_on_a_phone_a_refusal_sits_above_the_buttons_and_goes_by_itself(
    make_test_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a phone's 44 columns (taps only: no next key reads an error) a refusal sits at the top,
    off the main actions' buttons it is about, and goes by itself in a few seconds; at 80
    columns an error still waits for a key."""
    from widgets.kit.main_actions import MainActions
    from widgets.shell.notices import NARROW_ERROR_SECONDS

    app = make_test_app(start=duel)
    async with app.run_test(size=(44, 43), notifications=True) as pilot:
        await pilot.pause()
        app.notify("Not your turn: Blue rolls now", title="Not allowed", severity="error")
        await pilot.pause()
        (toast,) = app.screen.query(Toast)
        buttons = app.screen.query_one(MainActions).region
        assert buttons.height and not toast.region.overlaps(buttons)
        assert toast.region.y < app.screen.size.height // 2
        later = time.time() + NARROW_ERROR_SECONDS + 1
        monkeypatch.setattr("textual.notifications.time", lambda: later)
        assert app.notices.on_screen("error") == []
        monkeypatch.undo()
    app = make_test_app(start=duel)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.notify("Not your turn: Blue rolls now", title="Not allowed", severity="error")
        await pilot.pause()
        later = time.time() + 60
        monkeypatch.setattr("textual.notifications.time", lambda: later)
        assert len(app.notices.on_screen("error")) == 1

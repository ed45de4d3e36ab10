"""Feedback that does not cover the board, and errors that stay until they are read."""

from __future__ import annotations

import errno
import time
from typing import Any

import pytest
from textual.widgets import Static
from textual.widgets._toast import Toast

from companion.time_bastards.model import MoveEarliest, TimeBastardsSetup
from saves import files


def duel(app: Any) -> None:
    saved = app.start_game("time-bastards", TimeBastardsSetup(), "Red v Blue")
    saved.session.do(MoveEarliest(0))
    saved.session.do(MoveEarliest(1))


def toast_texts(app: Any) -> list[str]:
    return [str(toast.render()) for toast in app.screen.query(Toast)]


async def test_two_undos_and_two_redos_leave_one_notice(make_test_app: Any) -> None:
    app = make_test_app(start=duel)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+z", "ctrl+z", "ctrl+y", "ctrl+y")
        await pilot.pause()
        toasts = list(app.screen.query(Toast))
        assert len(toasts) == 1
        assert "Redone" in str(toasts[0].render())
        assert len(app.screen.session.history) == 2


async def test_a_confirmation_never_clears_an_error_or_a_warning(make_test_app: Any) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.notify("The disk is full", severity="error")
        app.notify("Exported")
        await pilot.pause()
        assert len(toast_texts(app)) == 2
        app.notify("Exported again")
        app.notify("Still full", severity="warning")
        await pilot.pause()
        shown = toast_texts(app)
        assert len(shown) == 3 and not any(text.endswith("Exported") for text in shown)


async def test_an_error_closes_on_the_next_key_or_a_click(make_test_app: Any) -> None:
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


async def test_a_failed_undo_save_stays_said_after_undone_and_after_ten_seconds(
    make_test_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_test_app(start=duel)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()

        def full_disk(*_args: object, **_kwargs: object) -> None:
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(files.os, "replace", full_disk)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert any("Undone" in text for text in toast_texts(app))
        line = str(app.screen.query_one("#not-saved", Static).render())
        assert "Not saved since" in line and "No space left on device" in line
        assert "would lose 1 change;" in line
        await pilot.press("ctrl+z")  # the second undo fails too: one line, two changes
        await pilot.pause()
        assert len(app.screen.query("#not-saved")) == 1
        assert "would lose 2 changes" in str(app.screen.query_one("#not-saved", Static).render())
        later = time.time() + 11
        monkeypatch.setattr("textual.notifications.time", lambda: later)
        await pilot.pause()
        assert "would lose 2 changes" in str(app.screen.query_one("#not-saved", Static).render())
        monkeypatch.undo()
        await pilot.press("ctrl+y")  # the disk has room again: saved, the line goes
        await pilot.pause()
        assert not app.screen.query("#not-saved")
        save_id = app.screen.saved.id
    assert len(app.store.load(save_id).session.history) == 1

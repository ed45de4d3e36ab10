"""Feedback that does not cover the board: confirmations replace each other."""

from __future__ import annotations

from typing import Any

from textual.widgets._toast import Toast

from companion.time_bastards.model import MoveEarliest, TimeBastardsSetup


def duel(app: Any) -> None:
    saved = app.start_game("time-bastards", TimeBastardsSetup(), "Red v Blue")
    saved.session.do(MoveEarliest(0))
    saved.session.do(MoveEarliest(1))


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


async def test_a_warning_stays_beside_the_next_confirmation(make_test_app: Any) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.notify("The disk is full", severity="error")
        app.notify("Exported")
        await pilot.pause()
        assert len(list(app.screen.query(Toast))) == 1  # the confirmation cleared it...
        app.notify("Exported again")
        app.notify("Still full", severity="warning")
        await pilot.pause()
        assert len(list(app.screen.query(Toast))) == 2  # ...a warning is kept beside it

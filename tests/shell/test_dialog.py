"""A dialog answers at most once: a late second answer must not close the screen underneath."""

from __future__ import annotations

from typing import Any

from textual.widgets import Static

from widgets.shell.base import Dialog
from widgets.shell.home import HomeScreen


class Question(Dialog[str]):
    def compose(self) -> Any:
        yield Static("Sure?")


async def test_a_second_answer_is_ignored(make_test_app: Any) -> None:
    app = make_test_app()
    answers: list[str | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = Question()
        app.push_screen(dialog, answers.append)
        await pilot.pause()
        dialog.dismiss("yes")
        dialog.dismiss("yes again")  # enter pressed twice before the dialog closed
        await pilot.pause()
        assert answers == ["yes"]
        assert isinstance(app.screen, HomeScreen) and app.is_running

"""A small dialog for the number a real D6 shows; the rules check the value when it is applied."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label

from widgets.base import Dialog
from widgets.shown import plain


class RealRollDialog(Dialog[int | None]):
    """Type the D6 face and press enter; escape cancels.

    | Key | Action |
    | --- | --- |
    | enter | Use this roll |
    | escape | Cancel |
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel-roll")]

    def __init__(self, who: str) -> None:
        super().__init__()
        self.who = who

    def compose(self) -> ComposeResult:
        with Vertical(id="real-roll"):
            yield Label(plain(f"{self.who}: what does the real D6 show? (1-6, enter)"))
            yield Input(placeholder="1-6", id="real-roll-value", type="integer", max_length=2)

    def on_mount(self) -> None:
        self.query_one("#real-roll").border_title = "Real D6"
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text.lstrip("-").isdigit():
            self.notify("Type the number the die shows, 1 to 6.", severity="error")
            return
        self.dismiss(int(text))

    def action_cancel(self) -> None:
        self.dismiss(None)

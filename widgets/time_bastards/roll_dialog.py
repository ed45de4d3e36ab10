"""The D6 roll: what the real die shows first; `r` rolls it in the app. The rules check it."""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Button, Input, Label

from companion import dice
from companion.dice import DiceError, Roll
from widgets.dice.prompt import FacesInput, RollPrompt, convention
from widgets.kit.shown import plain
from widgets.shell.base import Answers, Dialog
from widgets.shell.chrome import KeyFooter

D6 = dice.parse("d6")


class D6RollDialog(Dialog[bool]):
    """Type the face the D6 shows and press enter, or `r` to roll in the app.

    The roll goes to `submit`, which applies it to the game; a roll the rules refuse leaves
    the dialog open. It closes with True once a roll was taken, False on escape.

    | Key | Action |
    | --- | --- |
    | 1-6, enter | Use the real die's face |
    | r | Roll in the app |
    | escape | Cancel |
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel-roll")]

    def __init__(self, who: str, submit: Callable[[Roll], bool]) -> None:
        super().__init__()
        self.who = who
        self.submit = submit

    def compose(self) -> ComposeResult:
        with Vertical(id="real-roll"):
            yield Label(plain(f"{self.who}: roll the D6."))
            yield RollPrompt(convention(D6), "real-roll-value")
            with Answers():
                yield Button("Cancel (esc)", action="screen.cancel")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#real-roll").border_title = "D6"
        self.query_one(FacesInput).focus()

    @on(FacesInput.AppRollAsked)
    def app_roll(self) -> None:
        self.take(dice.roll(D6, self.companion.rng))

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        try:
            roll = dice.read_faces(D6, event.value)
        except DiceError as error:
            self.notify(str(error), title="Not a roll", severity="error", markup=False)
            return
        self.take(roll)

    def take(self, roll: Roll) -> None:
        if self.submit(roll):
            self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)

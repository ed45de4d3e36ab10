"""The dice tray: quick rolls, any notation, physical rolls typed in, history and face tallies."""

from __future__ import annotations

from collections import Counter
from datetime import datetime

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.validation import ValidationResult, Validator
from textual.widgets import Button, DataTable, Digits, Input, Static

from companion import dice
from companion.dice import DiceError, Roll
from widgets.base import Dialog
from widgets.chrome import KeyFooter
from widgets.shown import local_time

QUICK = {"p": "d%", "6": "d6", "2": "2d6"}


class Notation(Validator):
    """Accepts what `companion.dice.parse` accepts, with its message otherwise."""

    def validate(self, value: str) -> ValidationResult:
        try:
            dice.parse(value)
        except DiceError as error:
            return self.failure(str(error))
        return self.success()


def describe_faces(roll: Roll) -> str:
    """Faces in words: `3 + 5 + 1`, or `30 + 7` for percentile dice."""
    spec = dice.parse(roll.expression)
    shown = [
        f"{face:02d}" if spec.percentile and i % 2 == 0 else str(face)
        for i, face in enumerate(roll.faces)
    ]
    text = " + ".join(shown)
    if spec.modifier:
        text += f" {'+' if spec.modifier > 0 else '-'} {abs(spec.modifier)}"
    return text


def tallies(rolls: list[tuple[datetime, Roll]]) -> tuple[Counter[int], Counter[int]]:
    """How often each d6 face and each percentile tens face came up in these rolls."""
    d6: Counter[int] = Counter()
    tens: Counter[int] = Counter()
    for _when, roll in rolls:
        spec = dice.parse(roll.expression)
        if spec.percentile:
            tens.update(roll.faces[0::2])
        elif spec.sides == 6:
            d6.update(roll.faces)
    return d6, tens


class DiceTray(Dialog[None]):
    """Roll dice from anywhere.

    | Key | Action |
    | --- | --- |
    | p | Roll d% (two ten-sided dice) |
    | 6 | Roll d6 |
    | 2 | Roll 2d6 |
    | f | Type any notation (enter rolls it) |
    | escape | Close the tray |

    Type faces in "Real dice" (for example `3 5`, or `37` for d%) to record a physical roll
    instead of rolling in the app.
    """

    HELP_TOPIC = "dice"
    BINDINGS = [
        Binding("p", "quick('p')", "d%", id="roll-percentile"),
        Binding("6", "quick('6')", "d6", id="roll-d6"),
        Binding("2", "quick('2')", "2d6", id="roll-2d6"),
        Binding("f", "focus_notation", "Notation", id="notation"),
        Binding("escape", "close", "Close", id="close-dice"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="tray"):
            with Horizontal(id="tray-controls"):
                for key, expression in QUICK.items():
                    yield Button(f"{expression} ({key})", id=f"quick-{key}", classes="quick")
                yield Input(placeholder="2d6+1", id="notation", validators=[Notation()])
                yield Input(placeholder="real dice: 3 5", id="faces")
            with Horizontal(id="tray-body"):
                with Vertical(id="tray-result"):
                    yield Digits("--", id="total")
                    yield Static("Press p, 6 or 2, or type notation", id="faces-shown")
                    yield Static(id="tally")
                history: DataTable[str] = DataTable(id="roll-history", cursor_type="none")
                history.border_title = "Rolls (newest first)"
                yield history
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#tray").border_title = "Dice tray"
        self.query_one("#roll-history", DataTable).add_columns(
            "Time", "Dice", "Faces", "Total", "By"
        )
        self._show_history()
        self.query_one("#quick-p", Button).focus()
        if self.companion.rolls.problem:
            self.notify(
                self.companion.rolls.problem, title="File not read", severity="warning", timeout=10
            )

    def action_quick(self, key: str) -> None:
        self._roll(QUICK[key])

    def action_focus_notation(self) -> None:
        self.query_one("#notation", Input).focus()

    def action_close(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, ".quick")
    def quick_pressed(self, event: Button.Pressed) -> None:
        key = (event.button.id or "").removeprefix("quick-")
        self._roll(QUICK[key])

    @on(Input.Submitted)
    def notation_submitted(self, event: Input.Submitted) -> None:
        expression = self.query_one("#notation", Input).value or "d6"
        self._roll(expression)

    def _roll(self, expression: str) -> None:
        """Roll in the app, or record the real dice typed in the faces field."""
        faces_field = self.query_one("#faces", Input)
        try:
            spec = dice.parse(expression)
            typed = faces_field.value.replace(",", " ").split()
            if not typed:
                result = dice.roll(spec, self.companion.rng)
            elif len(typed) == 1 and spec.count == 1 and not spec.modifier:
                result = dice.physical_total(spec, int(typed[0]))
            else:
                result = dice.physical(spec, [int(face) for face in typed])
        except DiceError as error:
            self.notify(str(error), title="Cannot roll", severity="error")
            return
        except ValueError:
            self.notify("Real dice faces are whole numbers, such as 3 5.", severity="error")
            return
        faces_field.value = ""
        if not self.companion.rolls.add(result):
            self.notify(
                "The roll history file is damaged; this roll is not kept.", severity="warning"
            )
        self._show(result)

    def _show(self, roll: Roll) -> None:
        self.query_one("#total", Digits).update(str(roll.total))
        by = "real dice" if roll.source == "physical" else "rolled"
        self.query_one("#faces-shown", Static).update(
            f"{roll.expression}: {describe_faces(roll)} ({by})"
        )
        self._show_history()

    def _show_history(self) -> None:
        rolls = self.companion.rolls.rolls
        table = self.query_one("#roll-history", DataTable)
        table.clear()
        for when, roll in rolls:
            by = "real" if roll.source == "physical" else "app"
            stamp = local_time(when, "%H:%M:%S")
            table.add_row(stamp, roll.expression, describe_faces(roll), str(roll.total), by)
        d6, tens = tallies(rolls)
        d6_line = "  ".join(f"{face}:{d6[face]}" for face in range(1, 7))
        tens_line = " ".join(f"{face:02d}:{tens[face]}" for face in range(0, 100, 10))
        self.query_one("#tally", Static).update(f"d6 faces  {d6_line}\nd% tens  {tens_line}")

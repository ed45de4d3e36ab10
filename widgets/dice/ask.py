"""The die prompt any game can open for one roll: what the real dice show first, `r` for the
app's roll, and the roll kept in the one roll history once the game takes it.

A game's screen opens it with what to roll and what to do with the roll:

    self.app.push_screen(DieRollDialog("d6", "Ana: roll the D6.", self.take_roll, "Ana's turn"))

`take` applies the roll to the game (usually `self.act(...)` with the roll's `total` and
`source`) and answers True when the rules took it: the dialog then closes and the roll joins
the roll history (`companion rolls`, the dice tray) under `label`. A roll the rules refuse
leaves the dialog open, with the rule said, and is kept nowhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Button, Input, Label

from companion import dice
from companion.dice import DiceError, DiceSpec, Roll
from companion.phrases import phrase
from lang import t, tr
from widgets.dice.prompt import FacesInput, RollPrompt, convention
from widgets.kit.shown import plain, reason
from widgets.shell.base import Answers, Dialog
from widgets.shell.chrome import KeyFooter


def keep_roll(screen: Any, roll: Roll, label: str) -> None:
    """Keep a roll the game took in the one roll history (`companion rolls`, the dice tray);
    a problem with the history's file is said as a warning, the roll still played."""
    notice = screen.companion.rolls.add(roll, label)
    if notice:
        screen.notify(notice, title=t("Roll history"), severity="warning", markup=False)


class DieRollDialog(Dialog[Roll | None]):
    """Type what the real dice show and press enter, or `r` to roll in the app.

    It closes with the roll the game took, or None on escape.

    | Key | Action |
    | --- | --- |
    | the faces, enter | Use the real dice |
    | r | Roll in the app |
    | escape | Cancel: no roll |
    """

    CSS_PATH = "ask.tcss"
    BINDINGS = [Binding("escape", "cancel", phrase("Cancel"), id="cancel-die-roll")]

    def __init__(
        self,
        dice_rolled: DiceSpec | str,
        ask: str,
        take: Callable[[Roll], bool],
        label: str = "",
        zero_is_hundred: bool = True,
    ) -> None:
        """`dice_rolled`: what to roll (`"d6"`, `"2d6"`, `"d%"`); `ask`: the line above the
        field ("Ana: roll the D6."); `take`: applies a roll, True when the rules took it;
        `label`: how the roll history names it; `zero_is_hundred`: percentile dice read 1-100
        (False: 00-99)."""
        super().__init__()
        self.spec = dice.parse(dice_rolled) if isinstance(dice_rolled, str) else dice_rolled
        self.ask = ask
        self.take = take
        self.label = label
        self.zero_is_hundred = zero_is_hundred

    def compose(self) -> ComposeResult:
        with Vertical(id="die-roll") as box:
            box.border_title = plain(self.spec.expression.upper())
            yield Label(plain(tr(self.ask)))
            yield RollPrompt(convention(self.spec, self.zero_is_hundred), "die-roll-faces")
            with Answers():
                yield Button(plain(t("Cancel (esc)")), action="screen.cancel")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(FacesInput).focus()

    def spoken_again(self) -> None:
        """Composed again in another language: the field takes the keys again."""
        self.query_one(FacesInput).focus()

    @on(FacesInput.AppRollAsked)
    def app_roll(self) -> None:
        self.offer(dice.roll(self.spec, self.companion.rng))

    @on(Input.Submitted, "#die-roll-faces")
    def real_dice(self, event: Input.Submitted) -> None:
        try:
            roll = dice.read_faces(self.spec, event.value, zero_is_hundred=self.zero_is_hundred)
        except DiceError as error:
            self.notify(reason(error), title=t("Not a roll"), severity="error", markup=False)
            return
        self.offer(roll)

    def offer(self, roll: Roll) -> None:
        """Hand the roll to the game; once taken, keep it in the roll history and close."""
        if not self.take(roll):
            return
        keep_roll(self, roll, self.label)
        self.dismiss(roll)

    def action_cancel(self) -> None:
        self.dismiss(None)

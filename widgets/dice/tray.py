"""The dice tray: pick the dice, type what the real dice show (or `r` for the app's roll), see
every roll in the one history, and check whether a die is fair."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static

from companion import dice
from companion.dice import DiceError, DiceSpec, Roll
from companion.phrases import phrase
from lang import t, tn, tr
from saves.shared.rolls import MAX_LABEL
from widgets.dice.ask import keep_roll
from widgets.dice.check import DiceCheckScreen
from widgets.dice.history import RollHistory
from widgets.dice.prompt import FacesInput, RollPrompt, convention
from widgets.kit.shown import plain, reason
from widgets.shell.base import Answers, Dialog
from widgets.shell.chrome import KeyFooter

QUICK = {"p": "d%", "6": "d6", "2": "2d6"}
PICKED = "dice-tray"
"""The preference that keeps the last dice picked (their notation), so the tray reopens on them."""
DEFAULT_DICE = "d6"
NOTATION_LENGTH = 20


class DiceTray(Dialog[None]):
    """Roll dice from anywhere, real dice first: it opens in the faces field of the last dice
    picked, so digits and enter record a real roll at once.

    | Key | Action |
    | --- | --- |
    | p / 6 / 2 | Pick d% / d6 / 2d6 (6 and 2 from the dice buttons: digits are faces) |
    | f | Other dice: type any notation, enter picks it |
    | 0-9, enter | Record what the real dice show |
    | r | Roll the picked dice in the app instead |
    | . | Repeat the last roll (the app's roll at once; real dice: pick them again) |
    | l | Label the next rolls ("Ben's attack") |
    | c | Is my die fair? The check of the real dice |
    | escape | From a field back to the dice buttons; from the buttons: close the tray |
    """

    HELP_TOPIC = "dice"
    AUTO_FOCUS = "#faces"
    """Focused as the tray is built, before keys typed behind `d` arrive (`d 3 enter` at once)."""
    BINDINGS = [
        Binding("p", "pick('p')", "d%", id="roll-percentile", priority=True),
        Binding("6", "pick('6')", "d6", id="roll-d6", priority=True),
        Binding("2", "pick('2')", "2d6", id="roll-2d6", priority=True),
        Binding("r", "app_roll", phrase("Roll in the app"), id="tray-roll-in-app"),
        Binding("f", "focus_notation", phrase("Other"), id="notation", priority=True),
        Binding(
            "full_stop",
            "repeat",
            phrase("Repeat"),
            id="repeat-roll",
            key_display=".",
            priority=True,
        ),
        Binding("l", "focus_label", phrase("Label"), id="label", priority=True),
        Binding("c", "check", phrase("Fair?"), id="check-dice", priority=True),
        Binding("escape", "to_dice", phrase("Dice"), id="tray-to-dice"),
        Binding("escape", "close", phrase("Close"), id="close-dice"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.spec: DiceSpec = dice.parse(DEFAULT_DICE)
        self.last: tuple[Roll, str] | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="tray"):
            with Horizontal(id="tray-controls"):
                for key, expression in QUICK.items():
                    yield Button(
                        f"{expression} {key}", id=f"quick-{key}", classes="quick", compact=True
                    )
                yield Label(plain(t("Other f")), classes="tray-label")
                yield Input(
                    placeholder="3d6+1", id="notation", compact=True, max_length=NOTATION_LENGTH
                )
                yield Label(plain(t("Label l")), classes="tray-label")
                yield Input(placeholder=t("what for"), id="roll-label", compact=True)
            yield RollPrompt(convention(self.spec), "faces", compact=True)
            yield Static(id="last-roll")
            with Answers():
                yield Button(plain(t("Fair? (c)")), action="screen.check")
                yield Button(plain(t("Close (esc)")), action="screen.close")
            yield RollHistory(self.companion.rolls.rolls, id="roll-history")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.spec = self._remembered_dice()
        self.fill()
        notice = self.companion.rolls.take_notice()
        if notice:
            title = t("Roll history")
            self.notify(notice, title=title, severity="warning", timeout=10, markup=False)

    def spoken_again(self) -> None:
        """Composed again in another language (`CompanionApp.speak_again`): the dice picked,
        the last roll and the history shown again."""
        self.fill()
        if self.last is not None:
            self._show_last(*self.last)
        self.query_one("#faces", FacesInput).focus()

    def fill(self) -> None:
        """The tray's title, the dice picked and the history."""
        self.query_one("#tray").border_title = t("Dice tray")
        self.query_one("#roll-label", Input).max_length = MAX_LABEL
        self._show_picked()
        self._show_history()

    def action_pick(self, key: str) -> None:
        self.pick(dice.parse(QUICK[key]))

    def pick(self, spec: DiceSpec) -> None:
        """Choose the dice to roll next and wait for what they show; the tray reopens on them."""
        self.spec = spec
        if self.companion.settings.preference(PICKED, "") != spec.expression:
            self.companion.settings.set_preference(PICKED, spec.expression)
        self._show_picked()
        faces = self.query_one("#faces", FacesInput)
        faces.value = ""
        faces.focus()

    def action_focus_notation(self) -> None:
        self.query_one("#notation", Input).focus()

    def action_focus_label(self) -> None:
        self.query_one("#roll-label", Input).focus()

    def action_repeat(self) -> None:
        kept = self.companion.rolls.rolls
        last = self.last or ((kept[-1].roll, kept[-1].label) if kept else None)
        if last is None:
            self.notify(t("No roll to repeat yet: pick dice with p, 6, 2 or f."))
            return
        roll, label = last
        self.query_one("#roll-label", Input).value = label
        self.pick(dice.parse(roll.expression))
        if roll.source == "app":
            self.record(dice.roll(self.spec, self.companion.rng))

    def action_check(self) -> None:
        self.app.push_screen(DiceCheckScreen([e.roll for e in self.companion.rolls.rolls]))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`escape` leaves a field for the dice buttons, and closes the tray from the buttons:
        the footer names the one it does now."""
        if action == "to_dice":
            return self.is_mounted and isinstance(self.focused, Input)
        if action == "close":
            return self.is_mounted and not isinstance(self.focused, Input)
        return super().check_action(action, parameters)

    def action_to_dice(self) -> None:
        self.query_one(f"#quick-{self._quick_key()}", Button).focus()

    def action_close(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, ".quick")
    def quick_pressed(self, event: Button.Pressed) -> None:
        self.action_pick((event.button.id or "").removeprefix("quick-"))

    @on(Input.Submitted, "#notation")
    def notation_submitted(self, event: Input.Submitted) -> None:
        try:
            spec = dice.parse(event.value)
        except DiceError as error:
            self.notify(reason(error), title=t("Not dice"), severity="error", markup=False)
            return
        self.pick(spec)

    @on(Input.Submitted, "#roll-label")
    def label_submitted(self) -> None:
        self.query_one("#faces", FacesInput).focus()

    @on(FacesInput.AppRollAsked)
    def action_app_roll(self) -> None:
        self.record(dice.roll(self.spec, self.companion.rng))

    @on(Input.Submitted, "#faces")
    def faces_submitted(self, event: Input.Submitted) -> None:
        try:
            roll = dice.read_faces(self.spec, event.value)
        except DiceError as error:
            self.notify(reason(error), title=t("Not a roll"), severity="error", markup=False)
            return
        self.record(roll)

    def record(self, roll: Roll) -> None:
        """Keep the roll in the history, show it, and wait for the next one of the same dice."""
        label = self.query_one("#roll-label", Input).value.strip()
        self.last = (roll, label)
        keep_roll(self, roll, label)
        self.query_one("#faces", FacesInput).value = ""
        self._show_last(roll, label)
        self._show_history()

    def _show_last(self, roll: Roll, label: str) -> None:
        by = t("real dice") if roll.source == "physical" else t("the app's roll")
        shown = Text()
        shown.append(f"{roll.total}", style="bold reverse")
        faces = tr(dice.die_words(roll, 50))
        shown.append(f"  {roll.expression}: {faces}  ({by})")
        if label:
            shown.append_text(plain(f"  {label}", style="italic"))
        self.query_one("#last-roll", Static).update(shown)

    def _remembered_dice(self) -> DiceSpec:
        """The dice picked last (in this run, or before a restart); d6 when none or unusable."""
        kept = self.companion.settings.preference(PICKED, DEFAULT_DICE)
        try:
            return dice.parse(kept) if len(kept) <= NOTATION_LENGTH else self.spec
        except DiceError:
            return self.spec

    def _quick_key(self) -> str:
        expression = self.spec.expression
        return next((key for key, quick in QUICK.items() if quick == expression), "6")

    def _show_picked(self) -> None:
        prompt = self.query_one(RollPrompt)
        prompt.show_label(phrase("What the {dice} shows:", dice=self.spec.expression))
        prompt.show_convention(convention(self.spec))
        for key in QUICK:
            self.query_one(f"#quick-{key}", Button).set_class(
                key == self._quick_key() and QUICK[key] == self.spec.expression, "-picked"
            )

    def _show_history(self) -> None:
        rolls = self.companion.rolls.rolls
        history = self.query_one(RollHistory)
        history.border_title = tn(
            "Rolls, newest first ({n} kept)", "Rolls, newest first ({n} kept)", len(rolls)
        )
        history.show(rolls)

"""The roll prompt every game shares: what the real dice show first, the app's roll on `r`.

The cursor starts in the field. Digits and enter record a physical roll; `r` rolls in the app;
enter on an empty field never rolls. Beside the field, how this game reads its dice.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Input, Label, Static

from companion.dice import DiceSpec
from companion.phrases import phrase
from lang import t, tr
from widgets.kit.shown import plain


def convention(spec: DiceSpec, zero_is_hundred: bool = True) -> str:
    """How to type these dice, in a line: the percentile reading, each face, the modifier (a
    phrase: said in the language in use where shown)."""
    if spec.percentile:
        scale = (
            phrase("1-100 (00 + 0 is 100)") if zero_is_hundred else phrase("00-99 (00 + 0 is 0)")
        )
        example = "37 52" if spec.count > 1 else "37"
        words = phrase(
            "Tens die 00-90 + units die 0-9, read {scale}: type {example} or the faces 30 7.",
            scale=scale,
            example=example,
        )
    elif spec.count == 1:
        words = phrase("Type the face, 1-{sides}.", sides=spec.sides)
    elif spec.sides <= 9:
        words = phrase("Type each face, 1-{sides}: 3 5 or 35.", sides=spec.sides)
    else:
        words = phrase("Type each face, 1-{sides}, with spaces: 3 15.", sides=spec.sides)
    if spec.modifier:
        modifier = f"{spec.modifier:+d}"
        return phrase("{words} The {modifier} is added for you.", words=words, modifier=modifier)
    return words


class FacesInput(Input):
    """The field for what the dice show. `r` asks for the app's roll instead; an empty enter
    is refused with a hint, never taken as a roll.

    | Key | Action |
    | --- | --- |
    | 0-9 space | What the dice show |
    | enter | Record this physical roll |
    | r | Roll in the app instead |
    """

    BINDINGS = [
        Binding("r", "app_roll", phrase("Roll in the app"), id="roll-in-app", priority=True)
    ]

    class AppRollAsked(Message):
        """The player pressed `r`: the app rolls these dice."""

        def __init__(self, field: FacesInput) -> None:
            super().__init__()
            self.field = field

        @property
        def control(self) -> FacesInput:
            return self.field

    def __init__(self, placeholder: str = "", id: str | None = None, compact: bool = False) -> None:
        super().__init__(
            placeholder=placeholder or t("faces, then enter"),
            restrict=r"[0-9 ,+]*",
            max_length=400,
            id=id,
            compact=compact,
        )

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """Only what can be typed here is taken; other keys (a screen's `p`, `.`) go through."""
        return character is not None and (character.isdigit() or character in " ,+")

    def action_app_roll(self) -> None:
        self.post_message(self.AppRollAsked(self))

    async def action_submit(self) -> None:
        if not self.value.strip():
            self.notify(
                t("Type what the dice show, then enter; or press r to roll in the app."),
                title=t("No roll yet"),
            )
            return
        await super().action_submit()


class RollPrompt(Vertical):
    """`What the dice show: [field]  r roll in the app`, and this game's convention below."""

    def __init__(self, convention_text: str, field_id: str, compact: bool = False) -> None:
        super().__init__(classes="roll-prompt -compact" if compact else "roll-prompt")
        self.convention_text = convention_text
        self.field_id = field_id
        self.compact = compact
        self.label_text = t("What the dice show:")

    def compose(self) -> ComposeResult:
        with Horizontal(classes="roll-prompt-row"):
            yield Label(plain(self.label_text), classes="roll-prompt-label")
            yield FacesInput(id=self.field_id, compact=self.compact)
            yield Label(plain(t("r  roll in the app")), classes="roll-prompt-app")
        convention_text = plain(tr(self.convention_text))
        yield Static(convention_text, classes="roll-prompt-convention")

    @property
    def field(self) -> FacesInput:
        return self.query_one(FacesInput)

    def show_label(self, text: str) -> None:
        self.label_text = text
        self.query_one(".roll-prompt-label", Label).update(plain(tr(text)))

    def show_convention(self, text: str) -> None:
        self.convention_text = text
        self.query_one(".roll-prompt-convention", Static).update(plain(tr(text)))

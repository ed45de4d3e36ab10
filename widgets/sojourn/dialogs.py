"""Small dialogs the trip asks for at once: cards drawn, left or right, the RISK roll, answers."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Literal

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Button, Input, Static

from companion import dice
from companion.dice import DiceError, Roll
from companion.phrases import phrase
from companion.sojourn.actions import DrawTimestream, PlaceSide, RollRisk
from companion.sojourn.model import KINDS, Kind, SojournState
from companion.sojourn.outlook import damage_faces, draw_chances
from lang import t, tn, tr
from widgets.dice.prompt import FacesInput, RollPrompt, convention
from widgets.kit.kept_values import KeptValues
from widgets.kit.shown import plain
from widgets.shell.base import Answers, Dialog
from widgets.shell.chrome import KeyFooter

Submit = Callable[[Any], bool]
"""Tries an action on the game; True when the rules accepted it (the dialog then closes)."""
Answer = bool | Literal["undo", "redo"]
"""How a Sojourn dialog closed: True answered, False put off, or for the game's undo or redo."""


class SojournDialog(Dialog[Answer]):
    """A dialog that sends its answer through `submit` and stays open when it is refused.

    It closes with True once an answer was accepted, False when put off with escape, and with
    "undo" or "redo" for `ctrl+z` and `ctrl+y`: the game's keys work while it asks (after an
    undo of the GAIN its dialog opens again, and `ctrl+y` must put the GAIN back).

    | Key | Action |
    | --- | --- |
    | ctrl+z / ctrl+y | Close, and undo / redo the game's last action |
    """

    BINDINGS = [
        Binding(
            "ctrl+z", "game_step('undo')", phrase("Undo"), id="sojourn-dialog-undo", show=False
        ),
        Binding(
            "ctrl+y", "game_step('redo')", phrase("Redo"), id="sojourn-dialog-redo", show=False
        ),
    ]

    def __init__(self, submit: Submit) -> None:
        super().__init__()
        self.submit = submit

    def action_game_step(self, how: Literal["undo", "redo"]) -> None:
        """Close and hand the game's undo or redo to the play screen (`after_dialog`)."""
        self.dismiss(how)

    def send(self, action: Any) -> None:
        if self.submit(action):
            self.dismiss(True)

    def action_close(self) -> None:
        self.dismiss(False)


class CardsDialog(SojournDialog):
    """Type in the timestream cards just drawn, one letter per card.

    | Key | Action |
    | --- | --- |
    | b f l p t | Bandage, Fracture, Loop, Paradox, Temporal Battery |
    | backspace | Take back the last card typed |
    | enter | Done |
    | escape | Later |
    """

    BINDINGS = [
        *(
            Binding(kind.key, f"add('{kind.value}')", kind.label, id=f"draw-{kind.value}")
            for kind in KINDS
        ),
        Binding("backspace", "take_back", phrase("Take back"), id="take-back-card"),
        Binding("enter", "done", phrase("Done"), id="cards-done", priority=True),
        # TRANSLATORS: a key's word: put the question off, answer it later
        Binding("escape", "close", phrase("Later"), id="close-cards"),
    ]

    def __init__(self, submit: Submit, state: SojournState, count: int, why: str) -> None:
        super().__init__(submit)
        self.state = state
        self.count = count
        self.why = why
        """Why the cards are drawn (a `Phrase` is said again in the new language after a
        switch)."""
        self.cards: list[Kind] = []

    def compose(self) -> ComposeResult:
        with Vertical(classes="sojourn-dialog", id="cards-dialog") as box:
            box.border_title = plain(tr(self.why))
            yield Static(id="cards-typed")
            with Answers(id="cards-kinds"):
                for kind in KINDS:
                    label = plain(f"{tr(kind.label)} ({kind.key})")
                    yield Button(label, id=f"kind-{kind.value}")
            with Answers():
                yield Button(t("Take back (⌫)"), action="screen.take_back")
                yield Button(t("Done (enter)"), action="screen.done", variant="primary")
                yield Button(t("Later (esc)"), action="screen.close")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show()

    def spoken_again(self) -> None:
        """Composed again in another language: the cards typed so far, said again."""
        self.show()

    def show(self) -> None:
        chances = draw_chances(self.state)
        odds = "  ".join(f"{k.key} {float(chances[k]):.0%}" for k in KINDS)
        typed = ", ".join(tr(kind.label) for kind in self.cards) or t("none yet")
        lines = (
            t("Draw {n} from the timestream deck and type each card's letter.", n=self.count),
            t("Typed {typed} of {n}: {cards}", typed=len(self.cards), n=self.count, cards=typed),
            t("Chance of each kind on the next draw: {odds}", odds=odds),
        )
        self.query_one("#cards-typed", Static).update(plain("\n".join(lines)))

    def action_add(self, value: str) -> None:
        self.add(Kind(value))

    def add(self, kind: Kind) -> None:
        if len(self.cards) >= self.count:
            self.notify(
                tn(
                    "{n} card is typed already: enter to finish.",
                    "{n} cards are typed already: enter to finish.",
                    self.count,
                )
            )
            return
        self.cards.append(kind)
        self.show()
        if len(self.cards) == self.count:
            self.send(DrawTimestream(tuple(self.cards)))

    def action_take_back(self) -> None:
        if self.cards:
            self.cards.pop()
            self.show()

    def action_done(self) -> None:
        self.send(DrawTimestream(tuple(self.cards)))

    @on(Button.Pressed)
    def kind_pressed(self, event: Button.Pressed) -> None:
        kind = Kind((event.button.id or "").removeprefix("kind-"))
        self.add(kind)


class SideDialog(SojournDialog):
    """The spot above is taken: place the new destination left or right of the card above.

    | Key | Action |
    | --- | --- |
    | left / right | That side (the nearest free spot) |
    """

    BINDINGS = [
        Binding("left", "side('left')", phrase("Left"), id="side-left"),
        Binding("right", "side('right')", phrase("Right"), id="side-right"),
        Binding("escape", "close", phrase("Later"), id="close-side"),
    ]

    def __init__(self, submit: Submit, name: str, above: str) -> None:
        super().__init__(submit)
        self.card_name = name
        self.above = above

    def compose(self) -> ComposeResult:
        with Vertical(classes="sojourn-dialog", id="side-dialog") as box:
            box.border_title = plain(t("Place {card}", card=self.card_name))
            yield Static(
                plain(
                    t(
                        "The spot directly above {above} is taken. Put {card} left or right of "
                        "the card above; it takes the nearest free spot on that side.",
                        above=self.above,
                        card=self.card_name,
                    )
                )
            )
            with Answers():
                yield Button(t("Left (←)"), id="left")
                yield Button(t("Right (→)"), id="right")
                yield Button(t("Later (esc)"), action="screen.close")
        yield KeyFooter()

    def action_side(self, side: str) -> None:
        self.send(PlaceSide("left" if side == "left" else "right"))

    @on(Button.Pressed)
    def side_pressed(self, event: Button.Pressed) -> None:
        self.action_side(event.button.id or "")


class RiskDialog(KeptValues, SojournDialog):
    """The RISK roll: what the real percentile dice show first; `r` rolls them in the app.

    | Key | Action |
    | --- | --- |
    | 0-9, enter | Record the real dice: the reading (12) or both faces (10 2) |
    | r | Roll in the app |
    | escape | Later |
    """

    BINDINGS = [Binding("escape", "close", phrase("Later"), id="close-risk")]

    def __init__(
        self,
        submit: Submit,
        state: SojournState,
        rng: random.Random,
        on_roll: Callable[[Roll, str], None],
    ) -> None:
        super().__init__(submit)
        self.state = state
        self.rng = rng
        self.on_roll = on_roll

    @property
    def label(self) -> str:
        """How the roll is named in the roll history (kept in English in its file, shown in
        the reader's language)."""
        return phrase("RISK at {place}", place=self.state.here.card.name)

    def compose(self) -> ComposeResult:
        card = self.state.here.card
        one = self.state.setup.read_one_to_hundred
        faces = damage_faces(card.risk, one)
        with Vertical(classes="sojourn-dialog", id="risk-dialog") as box:
            box.border_title = plain(t("RISK roll at {place}", place=card.name))
            yield Static(
                t(
                    "RISK {risk}%: meet or beat it.\n"
                    "Damage on {faces} of 100 faces ({faces}%): lose {dmg} Health "
                    "({before} -> {after}).",
                    risk=card.risk,
                    faces=faces,
                    dmg=card.dmg,
                    before=self.state.health,
                    after=max(0, self.state.health - card.dmg),
                ),
                markup=False,
            )
            yield RollPrompt(convention(dice.parse("d%"), one), "real-dice")
            with Answers():
                yield Button(t("Later (esc)"), action="screen.close")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#real-dice", FacesInput).focus()

    def spoken_again(self) -> None:
        """Composed again in another language: what was typed of the real dice, put back."""
        self.put_back()

    @on(FacesInput.AppRollAsked)
    def app_roll(self) -> None:
        self.record(dice.roll("d%", self.rng))

    @on(Input.Submitted, "#real-dice")
    def real_dice(self, event: Input.Submitted) -> None:
        try:
            roll = dice.read_faces(
                "d%", event.value, zero_is_hundred=self.state.setup.read_one_to_hundred
            )
        except DiceError as error:
            self.notify(tr(error), title=t("Not a roll"), severity="error", markup=False)
            return
        self.record(roll)

    def record(self, roll: Roll) -> None:
        """Apply the roll to the trip; once the rules take it, keep it in the roll history."""
        tens, units = roll.faces
        if self.submit(RollRisk(tens, units, roll.source)):
            self.on_roll(roll, self.label)
            self.dismiss(True)


class InfoDialog(Dialog[None]):
    """A longer answer to read, such as "can I still make it home?".

    Its answer says the key the footer shows ("Close (esc)", "esc Close"); enter and `w` close
    it too.
    """

    BINDINGS = [Binding("escape,enter,w", "close", phrase("Close"), id="close-info")]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="sojourn-dialog", id="info-dialog") as box:
            box.border_title = plain(self.title_text)
            yield Static(plain(self.text))
            with Answers():
                yield Button(t("Close (esc)"), action="screen.close", variant="primary")
        yield KeyFooter()

    def action_close(self) -> None:
        self.dismiss(None)

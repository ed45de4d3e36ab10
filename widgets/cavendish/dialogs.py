"""Small Cavendish dialogs: a number, a name, a pick from a list, an Item, the broken link.

Each is a `ModalScreen` that dismisses with the answer, or None when escape cancels it.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.suggester import SuggestFromList
from textual.widgets import Button, Checkbox, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from companion.cavendish.actions import TakeItem
from companion.cavendish.azrak import free_update_is_a_choice
from companion.cavendish.model import CavendishState
from companion.cavendish.saying import ATTRIBUTE_NAMES
from companion.cavendish.show import waiting_for
from companion.phrases import phrase
from lang import t, tr
from widgets.kit.kept_values import KeptValues
from widgets.kit.safe_lists import SafeOptionList, SafeSelect
from widgets.kit.shown import plain
from widgets.kit.toggles import TickBox
from widgets.shell.base import Answers, Dialog
from widgets.shell.chrome import KeyFooter


class CavendishDialog(Dialog[object]):
    """Common frame and the escape key of every Cavendish dialog.

    | Key | Action |
    | --- | --- |
    | escape | Cancel |
    """

    CSS_PATH = "cavendish.tcss"
    BINDINGS = [Binding("escape", "cancel", phrase("Cancel"), id="cavendish-cancel")]

    def action_cancel(self) -> None:
        self.dismiss(None)


class AmountDialog(KeptValues, CavendishDialog):
    """Ask for a count ("gain N", "take N Fear"); enter confirms; the count typed survives a
    switch of language."""

    def __init__(self, title: str, default: int = 1) -> None:
        super().__init__()
        self.title_text = title
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(plain(tr(self.title_text)), classes="dialog-title")
            yield Input(str(self.default), type="integer", id="amount", compact=True)
            with Answers():
                yield confirm_button()
                yield cancel_button()
        yield KeyFooter()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        self.confirm(event.value)

    def action_confirm_typed(self) -> None:
        self.confirm(self.query_one("#amount", Input).value)

    def spoken_again(self) -> None:
        """Composed again in another language: the count typed so far, put back."""
        self.put_back()

    def confirm(self, typed: str) -> None:
        try:
            self.dismiss(int(typed))
        except ValueError:
            self.notify(t("Type a whole number."), severity="error", markup=False)


class NameDialog(KeptValues, CavendishDialog):
    """Ask for a name (a location's letter), suggesting the names already known; the name typed
    survives a switch of language."""

    def __init__(
        self,
        title: str,
        known: Sequence[str],
        hint: str = "",
        placeholder: str = "",
    ) -> None:
        super().__init__()
        self.title_text = title
        self.known = list(known)
        self.hint = hint
        self.placeholder = placeholder

    def hint_text(self) -> str:
        """The hint under the field, in the language in use (the caller's, when it gave one)."""
        if self.hint:
            return tr(self.hint)
        if self.known:
            return t("Known locations: {locations}", locations=", ".join(self.known))
        return t("Known locations: none yet")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(plain(tr(self.title_text)), classes="dialog-title")
            suggester = SuggestFromList(self.known, case_sensitive=False) if self.known else None
            placeholder = tr(self.placeholder) if self.placeholder else t("A, B, Library ...")
            yield Input(placeholder=placeholder, id="name", suggester=suggester, compact=True)
            yield Static(plain(self.hint_text()), classes="hint")
            with Answers():
                yield confirm_button()
                yield cancel_button()
        yield KeyFooter()

    @on(Input.Submitted)
    def confirm(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_confirm_typed(self) -> None:
        self.dismiss(self.query_one("#name", Input).value)

    def spoken_again(self) -> None:
        """Composed again in another language: the name typed so far, put back."""
        self.put_back()


class PickDialog(CavendishDialog):
    """Pick one entry of a list; dismisses with its id."""

    def __init__(self, title: str, choices: Sequence[tuple[str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.choices = list(choices)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(plain(tr(self.title_text)), classes="dialog-title")
            options = (Option(plain(tr(text)), id=key) for key, text in self.choices)
            yield SafeOptionList(*options, id="pick")
            with Answers():
                yield cancel_button()
        yield KeyFooter()

    @on(OptionList.OptionSelected)
    def picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)


def confirm_button() -> Button:
    """ "Confirm (enter)": the dialog's typed answer."""
    return Button(plain(t("Confirm (enter)")), action="screen.confirm_typed", variant="primary")


def cancel_button() -> Button:
    """ "Cancel (esc)": every Cavendish dialog's way out."""
    return Button(plain(t("Cancel (esc)")), action="screen.cancel")


ITEM_KINDS = [
    (phrase("Green"), "green"),
    (phrase("Yellow"), "yellow"),
    (phrase("Red"), "red"),
    (phrase("Talisman"), "talisman"),
]
"""The Item dialog's colours, always said: an Item is a Talisman here only when picked so."""


class ItemDialog(CavendishDialog):
    """An Item: its name, colour (or the Talisman), whether its card keeps a yellow or red one,
    and its printed bonuses; ctrl+s or enter in the last field takes it."""

    BINDINGS = [Binding("ctrl+s", "take", phrase("Take the Item"), id="cavendish-take-item")]

    def __init__(self, agent: str) -> None:
        super().__init__()
        self.agent = agent

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(plain(t("{agent} takes an Item", agent=self.agent)), classes="dialog-title")
            yield Input(placeholder=t("ITEM 4, Lantern ..."), id="item-name", compact=True)
            with Horizontal(classes="field"):
                yield Label(plain(t("Colour")), classes="field-label")
                kinds = [(plain(tr(words)), kind) for words, kind in ITEM_KINDS]
                yield SafeSelect(
                    kinds, value="green", allow_blank=False, id="item-kind", compact=True
                )
            yield TickBox(
                plain(t("Its card text keeps it (yellow or red)")), id="item-kept", compact=True
            )
            for attribute in ("strength", "confidence", "dexterity"):
                with Horizontal(classes="field"):
                    label = t("{attribute} bonus", attribute=ATTRIBUTE_NAMES[attribute])
                    yield Label(plain(label), classes="field-label")
                    yield Input("0", type="integer", id=f"item-{attribute}", compact=True)
            yield Static(plain(t("tab: next field")), classes="hint")
            with Answers():
                yield Button(
                    plain(t("Take the Item (ctrl+s)")), action="screen.take", variant="primary"
                )
                yield cancel_button()
        yield KeyFooter()

    @on(Input.Submitted)
    def submitted(self) -> None:
        self.action_take()

    def action_take(self) -> None:
        values = []
        for attribute in ("strength", "confidence", "dexterity"):
            text = self.query_one(f"#item-{attribute}", Input).value.strip() or "0"
            try:
                values.append(int(text))
            except ValueError:
                self.notify(
                    t(
                        "The {attribute} bonus must be a whole number.",
                        attribute=ATTRIBUTE_NAMES[attribute],
                    ),
                    severity="error",
                    markup=False,
                )
                return
        name = self.query_one("#item-name", Input).value
        kind = str(self.query_one("#item-kind", Select).value)
        kept = self.query_one("#item-kept", Checkbox).value
        strength, confidence, dexterity = values
        item = TakeItem(self.agent, name, strength, confidence, dexterity, kind, kept)  # type: ignore[arg-type]
        self.dismiss(item)


class BrokenLinkDialog(Dialog[str]):
    """The broken link, asked at once: Emergency Update or loss of control (or undo a mis-key).

    From rules revision 2, while a free update is left, the Emergency Update is offered both ways:
    free (`f`) or paid (`e`), the group's choice.

    | Key | Action |
    | --- | --- |
    | f | Emergency Update using a free update (while one is left, rules revision 2) |
    | e | Emergency Update (paid when a free update is offered beside it) |
    | l | Lose control |
    | ctrl+z | Undo the action that broke the link |
    """

    QUESTION = True
    """Asked on every device: closed here when another device answers it."""

    CSS_PATH = "cavendish.tcss"
    BINDINGS = [
        Binding("f", "choose('free')", phrase("Free update"), id="cavendish-emergency-free"),
        Binding("e", "choose('emergency')", phrase("Emergency Update"), id="cavendish-emergency"),
        Binding("l", "choose('lose')", phrase("Lose control"), id="cavendish-lose-control"),
        Binding("ctrl+z", "choose('undo')", phrase("Undo"), id="cavendish-link-undo"),
    ]

    def __init__(self, state: CavendishState) -> None:
        super().__init__()
        self.state = state
        self.link = state.pending[0]
        self.free_offered = free_update_is_a_choice(state)
        self.asked = waiting_for(state)
        """The question this dialog asks: closed when another device's answer moves the game
        to another one (a second broken link is asked afresh, about its own agent)."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="broken-link"):
            title = t("{agent}'s link is broken", agent=self.link.receptacle)
            yield Label(plain(title), classes="dialog-title")
            yield Static(plain(self.explanation()), id="broken-link-text")
            with Answers():
                if self.free_offered:
                    yield Button(plain(t("Free update (f)")), id="free", variant="success")
                    yield Button(plain(t("Paid update (e)")), id="emergency", variant="warning")
                else:
                    emergency = t("Emergency Update (e)")
                    yield Button(plain(emergency), id="emergency", variant="warning")
                yield Button(plain(t("Lose control (l)")), id="lose", variant="error")
                yield Button(plain(t("Undo (ctrl+z)")), id="undo")
        yield KeyFooter()

    def explanation(self) -> str:
        state, link = self.state, self.link
        agent = state.agents[state.index(link.receptacle)]
        free = state.free_updates_left
        refill = t(
            "pool refilled from the Vortex (holds {vortex}) up to {starting}",
            vortex=state.vortex,
            starting=agent.starting,
        )
        if self.free_offered:
            emergency = t(
                "{refill}; the group chooses to use a free update ({n} left) or to pay 1 Azrak "
                "to the Mission Return card.",
                refill=refill,
                n=free,
            )
        elif free:
            emergency = t("free ({n} left), {refill}.", n=free, refill=refill)
        else:
            emergency = t("1 Azrak to the Mission Return card, {refill}.", refill=refill)
        if not link.on_location:
            crystal = t("the crystal goes to the Vortex")
        elif state.rules >= 2:
            crystal = t(
                "the crystal placed on {location} goes back to the Vortex",
                location=link.on_location,
            )
        else:
            crystal = t("the crystal placed on {location} stays there", location=link.on_location)
        lines = (
            t("{agent} spent or lost the last Azrak.", agent=link.receptacle),
            t("Emergency Update: {how}", how=emergency),
            t(
                "Lose control: {crystal} and the agent is ejected until the Between Locations "
                "phase (a Standard Update is then required).",
                crystal=crystal,
            ),
        )
        return "\n".join(lines)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters == ("free",):
            return self.free_offered
        return True

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(str(event.button.id))

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


class BrokenLinkFromElsewhere(BrokenLinkDialog):
    """The broken link another device's action broke: no button is focused, so an enter typed
    for something else answers nothing (f, e and l still do)."""

    AUTO_FOCUS = ""  # "" focuses nothing (None would take the app's: the first button)

"""Typing in a destination card as it is drawn, or correcting one afterwards."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.widgets import Button, Input, Label, Static

from companion.phrases import phrase
from companion.sojourn.actions import (
    DestinationDeckEmpty,
    DrawDestination,
    DrawTimeFragment,
    EditDestination,
)
from companion.sojourn.model import MAX_PRINTED, RISKS, DestinationCard, parse_date
from companion.text import visible
from lang import t, tn, tr
from widgets.kit.kept_values import KeptValues
from widgets.kit.shown import plain
from widgets.shell.base import Answers
from widgets.shell.chrome import KeyFooter
from widgets.sojourn.dialogs import SojournDialog, Submit

FIELDS = ("name", "date", "drop", "cost", "risk", "dmg", "gain", "drop-text")
LABELS = {
    # TRANSLATORS: a destination card's name, a field's label
    "name": phrase("Name"),
    # TRANSLATORS: a destination card's date, a field's label
    "date": phrase("Date"),
    "drop": "DROP",
    "cost": "COST",
    "risk": "RISK %",
    "dmg": "DMG",
    "gain": "GAIN",
    "drop-text": phrase("DROP * text"),
}
"""Each field's label: the card's icons (DROP, COST ...) are printed on the card: not words."""
HINTS = {
    "name": "Pearl Harbor",
    "date": phrase("1941-12-07 or 44 BC"),
    "drop": phrase("0-9 or *"),
    "cost": "0-9",
    "risk": "0 25 50 75 90",
    "dmg": "0-9",
    "gain": "0-9",
    "drop-text": phrase("only for DROP *"),
}


def read_card(values: dict[str, str]) -> DestinationCard:
    """The card from the typed fields, or `ValueError` naming the field to fix."""
    name = values["name"].strip()
    if not name:
        raise ValueError(phrase("Type the destination's name."))
    date = parse_date(values["date"])
    numbers: dict[str, int] = {}
    for field in ("cost", "risk", "dmg", "gain"):
        text = values[field].strip()
        if not text.isdigit():
            raise ValueError(
                phrase(
                    "{field} is missing or not a number: '{typed}'.",
                    field=LABELS[field],
                    typed=text,
                )
            )
        numbers[field] = int(text)
    drop_typed = values["drop"].strip()
    if drop_typed == "*":
        drop = None
    elif drop_typed.isdigit():
        drop = int(drop_typed)
    else:
        raise ValueError(phrase("DROP is a number or *, not '{typed}'.", typed=drop_typed))
    if numbers["risk"] not in RISKS:
        raise ValueError(
            phrase(
                "RISK is one of {printed}, not {risk}.",
                printed=", ".join(map(str, RISKS)),
                risk=numbers["risk"],
            )
        )
    for field in ("cost", "dmg", "gain"):
        if numbers[field] > MAX_PRINTED:
            raise ValueError(
                phrase(
                    "{field} is 0 to {most}, not {value}.",
                    field=LABELS[field],
                    most=MAX_PRINTED,
                    value=numbers[field],
                )
            )
    return DestinationCard(
        name,
        date,
        drop,
        numbers["cost"],
        numbers["risk"],
        numbers["dmg"],
        numbers["gain"],
        values["drop-text"].strip() if drop is None else "",
    )


def card_values(card: DestinationCard) -> dict[str, str]:
    return {
        "name": card.name,
        "date": str(card.date),
        "drop": card.drop_label,
        "cost": str(card.cost),
        "risk": str(card.risk),
        "dmg": str(card.dmg),
        "gain": str(card.gain),
        "drop-text": card.drop_text,
    }


class DestinationDialog(KeptValues, SojournDialog):
    """Fast entry of a destination card: enter moves on, enter on the last field saves.

    | Key | Action |
    | --- | --- |
    | enter | Next field; on GAIN (or DROP * text) save the card |
    | ctrl+s | Save the card |
    | ctrl+f | A Time Fragment card was drawn instead (it stacks) |
    | ctrl+e | The destination deck is empty |
    | escape | Later |
    """

    BINDINGS = [
        Binding("ctrl+s", "save", phrase("Save card"), id="save-card"),
        Binding("ctrl+f", "fragment", phrase("Time Fragment drawn"), id="fragment-drawn"),
        Binding("ctrl+e", "deck_empty", phrase("Deck empty"), id="deck-empty"),
        Binding("escape", "close", phrase("Later"), id="close-destination"),
    ]

    def __init__(
        self,
        submit: Submit,
        title: str,
        stacked: int = 0,
        editing: int | None = None,
        card: DestinationCard | None = None,
    ) -> None:
        super().__init__(submit)
        self.heading = title
        """The dialog's title (a `Phrase` is said again in the new language after a switch)."""
        self.stacked = stacked
        self.drawn_here = False
        """A Time Fragment card was drawn in this dialog: its help says to draw again."""
        self.editing = editing
        self.card = card

    def compose(self) -> ComposeResult:
        values = card_values(self.card) if self.card else dict.fromkeys(FIELDS, "")
        with Vertical(classes="sojourn-dialog", id="destination-dialog") as box:
            box.border_title = plain(tr(self.heading))
            yield Static(self.help_text(), id="destination-help", markup=False)
            with Grid(id="destination-fields"):
                for field in FIELDS:
                    yield Label(tr(LABELS[field]), markup=False)
                    value = visible(values[field])  # a control character shows as its symbol
                    yield Input(value, placeholder=tr(HINTS[field]), id=f"field-{field}")
            with Answers():
                yield Button(t("Save (ctrl+s)"), id="save", variant="primary")
                if self.editing is None:
                    yield Button(t("Time Fragment (ctrl+f)"), id="fragment")
                    yield Button(t("Deck empty (ctrl+e)"), id="deck-empty")
                yield Button(t("Later (esc)"), action="screen.close")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#field-name", Input).focus()

    def spoken_again(self) -> None:
        """Composed again in another language: the card's fields as typed so far, put back."""
        self.put_back()

    def help_text(self) -> str:
        """What to do: type the card, with the Time Fragment cards stacked under it; right
        after one was drawn here, draw again."""
        if self.drawn_here:
            return tn(
                "{n} Time Fragment card stacked: now draw again and type the destination "
                "that goes on top.",
                "{n} Time Fragment cards stacked: now draw again and type the destination "
                "that goes on top.",
                self.stacked,
            )
        if self.stacked:
            return tn(
                "Type what the card shows; enter moves to the next field. "
                "{n} Time Fragment card stacked under it.",
                "Type what the card shows; enter moves to the next field. "
                "{n} Time Fragment cards stacked under it.",
                self.stacked,
            )
        return t("Type what the card shows; enter moves to the next field.")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Editing a card already placed draws nothing: no Time Fragment, no empty deck."""
        if action in ("fragment", "deck_empty") and self.editing is not None:
            return None
        return super().check_action(action, parameters)

    def values(self) -> dict[str, str]:
        return {field: self.query_one(f"#field-{field}", Input).value for field in FIELDS}

    @on(Input.Submitted)
    def next_field(self, event: Input.Submitted) -> None:
        field = (event.input.id or "").removeprefix("field-")
        if not event.value.strip() and field != "drop-text":
            return  # an empty field is not done: a stray enter must not skip it
        last = "drop-text" if self.values()["drop"].strip() == "*" else "gain"
        if field == last or field == "drop-text":
            self.action_save()
            return
        following = FIELDS[FIELDS.index(field) + 1]
        self.query_one(f"#field-{following}", Input).focus()

    def action_save(self) -> None:
        try:
            card = read_card(self.values())
        except ValueError as error:
            self.notify(tr(error), title=t("Card not saved"), severity="error", markup=False)
            return
        if self.editing is None:
            self.send(DrawDestination(card))
        else:
            self.send(EditDestination(self.editing, card))

    def action_fragment(self) -> None:
        if self.editing is None and self.submit(DrawTimeFragment()):
            self.stacked += 1
            self.drawn_here = True
            self.query_one("#destination-help", Static).update(self.help_text())

    def action_deck_empty(self) -> None:
        if self.editing is None:
            self.send(DestinationDeckEmpty())

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        {"save": self.action_save, "fragment": self.action_fragment}.get(
            event.button.id or "", self.action_deck_empty
        )()

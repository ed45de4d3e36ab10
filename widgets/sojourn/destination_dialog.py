"""Typing in a destination card as it is drawn, or correcting one afterwards."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.widgets import Button, Input, Label, Static

from companion.sojourn.actions import (
    DestinationDeckEmpty,
    DrawDestination,
    DrawTimeFragment,
    EditDestination,
)
from companion.sojourn.model import MAX_PRINTED, RISKS, DestinationCard, parse_date
from companion.text import plural, visible
from widgets.kit.shown import plain
from widgets.shell.base import Answers
from widgets.shell.chrome import KeyFooter
from widgets.sojourn.dialogs import SojournDialog, Submit

FIELDS = ("name", "date", "drop", "cost", "risk", "dmg", "gain", "drop-text")
LABELS = {
    "name": "Name",
    "date": "Date",
    "drop": "DROP",
    "cost": "COST",
    "risk": "RISK %",
    "dmg": "DMG",
    "gain": "GAIN",
    "drop-text": "DROP * text",
}
HINTS = {
    "name": "Pearl Harbor",
    "date": "1941-12-07 or 44 BC",
    "drop": "0-9 or *",
    "cost": "0-9",
    "risk": "0 25 50 75 90",
    "dmg": "0-9",
    "gain": "0-9",
    "drop-text": "only for DROP *",
}


def read_card(values: dict[str, str]) -> DestinationCard:
    """The card from the typed fields, or `ValueError` naming the field to fix."""
    name = values["name"].strip()
    if not name:
        raise ValueError("Type the destination's name.")
    date = parse_date(values["date"])
    numbers: dict[str, int] = {}
    for field in ("cost", "risk", "dmg", "gain"):
        text = values[field].strip()
        if not text.isdigit():
            raise ValueError(f"{LABELS[field]} is missing or not a number: '{text}'.")
        numbers[field] = int(text)
    drop_typed = values["drop"].strip()
    if drop_typed == "*":
        drop = None
    elif drop_typed.isdigit():
        drop = int(drop_typed)
    else:
        raise ValueError(f"DROP is a number or *, not '{drop_typed}'.")
    if numbers["risk"] not in RISKS:
        raise ValueError(f"RISK is one of {', '.join(map(str, RISKS))}, not {numbers['risk']}.")
    for field in ("cost", "dmg", "gain"):
        if numbers[field] > MAX_PRINTED:
            raise ValueError(f"{LABELS[field]} is 0 to {MAX_PRINTED}, not {numbers[field]}.")
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


class DestinationDialog(SojournDialog):
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
        Binding("ctrl+s", "save", "Save card", id="save-card"),
        Binding("ctrl+f", "fragment", "Time Fragment drawn", id="fragment-drawn"),
        Binding("ctrl+e", "deck_empty", "Deck empty", id="deck-empty"),
        Binding("escape", "close", "Later", id="close-destination"),
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
        self.stacked = stacked
        self.editing = editing
        self.card = card

    def compose(self) -> ComposeResult:
        values = card_values(self.card) if self.card else dict.fromkeys(FIELDS, "")
        with Vertical(classes="sojourn-dialog", id="destination-dialog") as box:
            box.border_title = plain(self.heading)
            help_text = "Type what the card shows; enter moves to the next field."
            if self.stacked:
                help_text += f" {plural(self.stacked, 'Time Fragment card')} stacked under it."
            yield Static(help_text, id="destination-help")
            with Grid(id="destination-fields"):
                for field in FIELDS:
                    yield Label(LABELS[field])
                    value = visible(values[field])  # a control character shows as its symbol
                    yield Input(value, placeholder=HINTS[field], id=f"field-{field}")
            with Answers():
                yield Button("Save (ctrl+s)", id="save", variant="primary")
                if self.editing is None:
                    yield Button("Time Fragment (ctrl+f)", id="fragment")
                    yield Button("Deck empty (ctrl+e)", id="deck-empty")
                yield Button("Later (esc)", action="screen.close")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#field-name", Input).focus()

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
            self.notify(str(error), title="Card not saved", severity="error")
            return
        if self.editing is None:
            self.send(DrawDestination(card))
        else:
            self.send(EditDestination(self.editing, card))

    def action_fragment(self) -> None:
        if self.editing is None and self.submit(DrawTimeFragment()):
            self.stacked += 1
            self.query_one("#destination-help", Static).update(
                f"{plural(self.stacked, 'Time Fragment card')} stacked: now draw again and "
                "type the destination that goes on top."
            )

    def action_deck_empty(self) -> None:
        if self.editing is None:
            self.send(DestinationDeckEmpty())

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        {"save": self.action_save, "fragment": self.action_fragment}.get(
            event.button.id or "", self.action_deck_empty
        )()

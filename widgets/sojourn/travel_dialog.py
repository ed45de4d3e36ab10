"""The trip preview: what it costs, the exact chance of damage, and the cards to drop."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Button, Static

from companion.phrases import phrase
from companion.sojourn.actions import LoopTo, Travel
from companion.sojourn.model import KINDS, Cards, Kind, SojournState, TripKind
from companion.sojourn.outlook import TripPreview, fragments_words, preview_trip, rolls_for_risk
from companion.sojourn.timeline import column_words
from companion.text import visible
from lang import t, tn, tr
from widgets.kit.shown import plain
from widgets.shell.base import Answers, TapButton
from widgets.shell.chrome import KeyFooter
from widgets.sojourn.dialogs import SojournDialog, Submit


def preview_text(state: SojournState, preview: TripPreview, chosen: tuple[Kind, ...]) -> Text:
    """The trip in words, step by step in the card's order."""
    place = preview.destination
    card = place.card
    text = Text()
    text.append(visible(place.name), style="bold")
    where = t("row {row}, {column}", row=place.row, column=column_words(place.column))
    text.append(f"  ({tr(card.date.words())})  {where}\n", style="dim")
    text.append(
        f"DROP {card.drop_label}  COST {card.cost}  RISK {card.risk}%  DMG {card.dmg}  "
        f"GAIN {card.gain}"
    )
    if place.fragments:
        text.append(f"\n◆ {tr(fragments_words(state, place))}", style="bold green")
    labels = step_labels()
    text.append(f"\n\n{labels['drop']}")
    text.append(visible(tr(preview.drop)))
    if preview.how == "travel":
        picked = tr(Cards.of(chosen).words()) if chosen else t("nothing yet")
        indent = " " * (len(labels["drop"]) - 1)
        picked_line = t("picked: {cards}", cards=picked)
        text.append(f"\n{indent}{picked_line}", style="cyan")
    pay = t(
        "{cost} charge ({before} -> {after})",
        cost=preview.cost,
        before=state.charge,
        after=preview.charge_after,
    )
    text.append(f"\n{labels['pay']}{pay}")
    move = t("Move, open a new destination, collect fragments")
    text.append(f"\n3 {move}")
    if preview.how == "loop":
        no_risk = t("none (Loop)")
        text.append(f"\n{labels['risk']}{no_risk}")
    elif not rolls_for_risk(state, card.risk, preview.how):
        no_risk = t("none (RISK 0%: no roll)")
        text.append(f"\n{labels['risk']}{no_risk}")
    else:
        faces = preview.damage_faces
        damage = t("damage on {faces} of 100 faces = ", faces=faces)
        text.append(f"\n{labels['risk']}{damage}")
        text.append(f"{faces}%", style="bold red" if faces else "bold green")
        if faces:
            hurt = t(
                "Health {before} -> {after}", before=state.health, after=preview.health_if_hurt
            )
            text.append(f", {hurt}")
    gain = tn("{n} timestream card", "{n} timestream cards", card.gain)
    text.append(f"\n{labels['gain']}{gain}")
    if preview.problem:
        refusal = t("Not allowed: {reason}", reason=visible(tr(preview.problem)))
        text.append(f"\n\n{refusal}", style="bold red")
    text.append(f"\n{trip_keys(preview)}", style="dim")
    return text


def step_labels() -> dict[str, str]:
    """The numbered steps of a trip in the card's order ("1 Drop:  "), padded so that what
    each says lines up in any language."""
    named = {
        # TRANSLATORS: a trip's first step: the cards to drop (DROP)
        "drop": t("Drop:"),
        # TRANSLATORS: a trip's second step: the charge to pay (COST)
        "pay": t("Pay:"),
        # TRANSLATORS: a trip's fourth step: the RISK roll
        "risk": t("Risk:"),
        # TRANSLATORS: a trip's fifth step: the timestream cards drawn (GAIN)
        "gain": t("Gain:"),
    }
    width = max(len(label) for label in named.values()) + 2
    numbers = {"drop": 1, "pay": 2, "risk": 4, "gain": 5}
    return {step: f"{numbers[step]} {label.ljust(width)}" for step, label in named.items()}


def trip_keys(preview: TripPreview) -> str:
    """The keys that can do something now: a refused trip offers no "enter go" (a Paradox may
    still make a travel possible, a refused Loop only goes back)."""
    keys = []
    if preview.how == "travel" and preview.problem is None:
        keys.append(t("b f l p t pick a card to drop"))
    if preview.how != "loop":
        keys.append(t("x Paradox"))
    if preview.problem is None:
        keys.append(t("enter go"))
    return " · ".join([*keys, t("escape cancel")])


class TravelDialog(SojournDialog):
    """Check a trip before committing: pick the cards to drop, or use a Paradox.

    | Key | Action |
    | --- | --- |
    | b f l p t | Add a card of that kind to the drop |
    | backspace | Take back the last card picked |
    | x | Use a Paradox card instead (no drop, no cost) |
    | enter | Travel |
    | escape | Cancel |
    """

    BINDINGS = [
        *(
            Binding(kind.key, f"pick('{kind.value}')", kind.label, id=f"drop-{kind.value}")
            for kind in KINDS
        ),
        Binding("backspace", "take_back", phrase("Take back"), id="take-back-drop"),
        Binding("x", "paradox", phrase("Paradox on/off"), id="toggle-paradox"),
        Binding("enter", "go", phrase("Travel"), id="go", priority=True),
        Binding("escape", "close", phrase("Cancel"), id="cancel-trip"),
    ]

    def __init__(self, submit: Submit, state: SojournState, index: int, how: TripKind) -> None:
        super().__init__(submit)
        self.state = state
        self.index = index
        self.how: TripKind = how
        self.chosen: list[Kind] = []

    def compose(self) -> ComposeResult:
        with Vertical(classes="sojourn-dialog", id="travel-dialog") as box:
            box.border_title = t("Loop back") if self.how == "loop" else t("Travel")
            yield Static(id="trip-preview")
            if self.how != "loop":
                with Answers(id="drop-kinds"):
                    for kind in KINDS:
                        pick = f"screen.pick('{kind.value}')"
                        yield TapButton(plain(f"{tr(kind.label)} ({kind.key})"), action=pick)
            with Answers():
                go = t("Travel (enter)")
                yield TapButton(go, action="screen.go", variant="primary", id="go")
                if self.how != "loop":
                    yield TapButton(t("Take back (⌫)"), action="screen.take_back")
                    yield TapButton(t("Use Paradox (x)"), action="screen.paradox", id="paradox")
                yield TapButton(t("Cancel (esc)"), action="screen.close")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show()

    def spoken_again(self) -> None:
        """Composed again in another language: the cards picked to drop, or the Paradox,
        shown again."""
        self.show()

    def show(self) -> None:
        preview = preview_trip(self.state, self.index, self.how)
        self.query_one("#trip-preview", Static).update(
            preview_text(self.state, preview, tuple(self.chosen))
        )
        self.query_one("#go", Button).disabled = preview.problem is not None
        if self.how != "loop":
            paradox = t("No Paradox (x)") if self.how == "paradox" else t("Use Paradox (x)")
            self.query_one("#paradox", Button).label = paradox
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A refused trip offers no Travel key, in the footer as in the preview."""
        if not super().check_action(action, parameters):
            return False
        if action == "go":
            return preview_trip(self.state, self.index, self.how).problem is None
        if action in ("pick", "take_back", "paradox") and self.how == "loop":
            return None  # a loop drops no card and takes no Paradox: not offered
        return True

    def action_pick(self, value: str) -> None:
        if self.how != "travel":
            self.notify(t("No cards are dropped on this trip."), severity="warning")
            return
        kind = Kind(value)
        if Cards.of((*self.chosen, kind)).count(kind) > self.state.hand.count(kind):
            self.notify(t("You hold no more {card} cards.", card=kind.label), severity="warning")
            return
        self.chosen.append(kind)
        self.show()

    def action_take_back(self) -> None:
        if self.chosen:
            self.chosen.pop()
            self.show()

    def action_paradox(self) -> None:
        if self.how == "loop":
            return
        self.how = "travel" if self.how == "paradox" else "paradox"
        self.chosen.clear()
        self.show()

    def action_go(self) -> None:
        if self.how == "loop":
            self.send(LoopTo(self.index))
        else:
            self.send(Travel(self.index, tuple(self.chosen), self.how == "paradox"))

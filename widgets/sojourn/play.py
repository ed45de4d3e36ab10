"""The traveller screen: the Traveler card, the hand, the timeline, the log, and every move."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Static

from companion.core import RuleError
from companion.dice import Roll
from companion.session import Step
from companion.sojourn.actions import (
    OpenWithCharge,
    PlayBandage,
    PlayBattery,
    PlayFracture,
    TravelHome,
)
from companion.sojourn.model import DrawCards, Kind, OpenNext, PlaceCard, SojournState
from companion.sojourn.outlook import fragments_words, home_outlook, preview_trip
from companion.sojourn.rules import waiting_words
from companion.sojourn.words import undone_line
from widgets.dice.ask import keep_roll
from widgets.kit.main_actions import MainActions
from widgets.kit.shown import plain
from widgets.play.action_log import ActionLog
from widgets.play.game_screen import GameScreen
from widgets.shell.chrome import KeyFooter, TitleHeader
from widgets.sojourn.destination_dialog import DestinationDialog
from widgets.sojourn.dialogs import (
    Answer,
    CardsDialog,
    InfoDialog,
    RiskDialog,
    SideDialog,
    SojournDialog,
)
from widgets.sojourn.panels import (
    HandPanel,
    TimelineGrid,
    TravelerCard,
    hand_text,
    traveler_text,
)
from widgets.sojourn.travel_dialog import TravelDialog

OPENING_TITLES = {
    "setup": "First destination (free)",
    "trip": "New destination (free after the trip)",
    "charge": "New destination (1 charge)",
    "fracture": "New destination (Fracture)",
}


class SojournScreen(GameScreen):
    """Sojourn in play. Pick a card on the timeline with the arrows, then act on it.

    | Key | Action |
    | --- | --- |
    | t / enter | Travel to the highlighted destination (preview first) |
    | l | Play Loop back to the highlighted destination |
    | o | Open a new destination for 1 Temporal Charge |
    | f / b / c | Play Fracture / Bandage / Temporal Battery |
    | h | Travel home (4 fragments and 1 charge or a Paradox) |
    | w | Can I still make it home? |
    | e | Edit the highlighted destination card |
    | n | Answer what the trip waits for (cards drawn, RISK roll ...) |
    """

    HELP_TOPIC = "sojourn"
    CSS_PATH = ["sojourn.tcss", "../kit/main_actions.tcss"]
    MAIN_ACTIONS = ("travel", "loop", "home")
    """The buttons a phone shows (widgets/kit/main_actions.py): trips, Loops, home."""
    BINDINGS = [
        Binding("t", "travel", "Travel", id="travel"),
        Binding("l", "loop", "Loop", id="loop"),
        Binding("o", "open", "Open (1 charge)", id="open"),
        Binding("f", "fracture", "Fracture", id="fracture"),
        Binding("b", "bandage", "Bandage", id="bandage"),
        Binding("c", "battery", "Battery", id="battery"),
        Binding("h", "home", "Go home", id="home"),
        Binding("w", "outlook", "Home?", id="outlook"),
        Binding("e", "edit", "Edit card", id="edit"),
        Binding("n", "next_step", "Next step", id="next-step"),
    ]

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        with Horizontal(id="sojourn-top"):
            with Vertical(id="sojourn-left"):
                traveler = TravelerCard(id="traveler")
                traveler.border_title = "Traveler"
                yield traveler
                hand = HandPanel(id="hand")
                hand.border_title = "Hand"
                yield hand
            with Vertical(id="sojourn-right"):
                grid = TimelineGrid(id="timeline")
                grid.border_title = "Timeline"
                yield grid
                yield Static(id="selected-card")
        yield Static(id="sojourn-status")
        yield ActionLog(id="sojourn-log")
        yield MainActions(self.MAIN_ACTIONS, id="main-actions")
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(TimelineGrid).focus()
        self.call_after_refresh(self.ask)

    def followed(self, was_over: bool) -> None:
        super().followed(was_over)
        self.ask()  # a question another device's change asks shows here too

    def undone_line(self, step: Step) -> str:
        return undone_line(self.sojourn, step.action, step.state)

    @property
    def sojourn(self) -> SojournState:
        state: SojournState = self.state
        return state

    def refresh_state(self) -> None:
        state = self.sojourn
        self.show_text("#traveler", traveler_text(state))
        self.show_text("#hand", hand_text(state))
        self.query_one(TimelineGrid).show(state)
        self.query_one("#sojourn-log", ActionLog).show(self.session.steps)
        self.show_status()
        self.show_selected()

    def show_status(self) -> None:
        state = self.sojourn
        if state.outcome is not None:
            word = "WON" if state.outcome.status == "won" else "LOST"
            words = plain(f"{word}: {state.outcome.reason}", style="bold")
        elif state.waiting is not None:
            words = Text(f"Waiting: {waiting_words(state.waiting)} (n)", style="bold")
        else:
            words = plain(home_outlook(state))
        status = self.show_text("#sojourn-status", words)
        status.set_class(state.outcome is not None, "game-over")

    def show_selected(self) -> None:
        state = self.sojourn
        index = self.query_one(TimelineGrid).selected(state)
        if index is None:
            self.show_text("#selected-card", "Pick a card with the arrow keys.")
            return
        place = state.timeline[index]
        card = place.card
        if index == 0:
            self.show_text("#selected-card", plain(f"{place.name}: the start card ({card.date})."))
            return
        drop = card.drop_label + (f" ({card.drop_text})" if card.drop is None else "")
        preview = preview_trip(state, index)
        trip = (
            f"Trip: pay {preview.cost}, damage {preview.damage_faces}%"
            if preview.problem is None
            else preview.problem
        )
        fragments = f"  ◆ {fragments_words(state, place)}" if place.fragments else ""
        self.show_text(
            "#selected-card",
            plain(
                f"{place.name} ({card.date}){fragments}\nDROP {drop}  COST {card.cost}  "
                f"RISK {card.risk}%  DMG {card.dmg}  GAIN {card.gain}\n{trip}"
            ),
        )

    @on(DataTable.CellHighlighted, "#timeline")
    def highlighted(self) -> None:
        self.show_selected()

    @on(DataTable.CellSelected, "#timeline")
    def selected(self) -> None:
        self.action_travel()

    def act_then_ask(self, action: Any) -> None:
        """A move from a key: apply it, then ask at once for anything it needs."""
        if self.act(action):
            self.ask()

    def ask(self) -> None:
        """Open the dialog for what the game waits for, at once."""
        state = self.sojourn
        waiting = state.waiting
        if self.watch_only or waiting is None or state.outcome is not None:
            return  # a window that only watches asks nothing: the player's window does
        if self.app.screen is not self:
            return
        dialog: SojournDialog
        if isinstance(waiting, DrawCards):
            why = "Starting hand" if waiting.reason == "hand" else f"GAIN at {state.here.name}"
            dialog = CardsDialog(self.act, state, waiting.count, why)
        elif isinstance(waiting, OpenNext):
            title = OPENING_TITLES[waiting.reason]
            dialog = DestinationDialog(self.act, title, waiting.fragments)
        elif isinstance(waiting, PlaceCard):
            dialog = SideDialog(self.act, waiting.card.name, state.here.name)
        else:
            dialog = RiskDialog(self.act, state, self.companion.rng, self.record_roll)
        self.open_dialog(dialog)

    def open_dialog(self, dialog: SojournDialog) -> None:
        """Show a dialog; once it is answered, ask for the next step."""
        self.app.push_screen(dialog, self.after_dialog)

    def after_dialog(self, answered: Answer | None) -> None:
        """Once answered, ask for the next step; `ctrl+z` or `ctrl+y` in the dialog is the
        game's undo or redo."""
        if answered == "undo":
            self.action_undo()
        elif answered == "redo":
            self.action_redo()
        elif answered:
            self.ask()

    def record_roll(self, roll: Roll, label: str) -> None:
        """Keep the RISK roll in the one roll history too (a problem with it is said once)."""
        keep_roll(self, roll, label)

    def target(self) -> int | None:
        index = self.query_one(TimelineGrid).selected(self.sojourn)
        if index is None:
            self.notify("Pick a destination on the timeline first.", severity="warning")
        return index

    def trip_target(self) -> int | None:
        """The highlighted destination of a trip: not the card the traveller is on (after a
        trip the cursor rests there, and an enter meant for the GAIN cards would land on it)."""
        index = self.target()
        if index is not None and index == self.sojourn.position:
            here = self.sojourn.here.name
            self.notify(f"You are at {here}: pick another destination with the arrow keys.")
            return None
        return index

    def ready(self) -> bool:
        """No dialog is needed first and the game is still on."""
        state = self.sojourn
        if state.outcome is not None:
            self.notify(f"The game is over: {state.outcome.reason}", severity="warning")
            return False
        if state.waiting is not None:
            self.notify(f"First {waiting_words(state.waiting)} (n).", severity="warning")
            return False
        return True

    def action_travel(self) -> None:
        index = self.trip_target()
        if index is not None and self.ready():
            self.open_dialog(TravelDialog(self.act, self.sojourn, index, "travel"))

    def action_loop(self) -> None:
        index = self.trip_target()
        if index is not None and self.ready():
            self.open_dialog(TravelDialog(self.act, self.sojourn, index, "loop"))

    def action_open(self) -> None:
        self.act_then_ask(OpenWithCharge())

    def action_fracture(self) -> None:
        self.act_then_ask(PlayFracture())

    def action_bandage(self) -> None:
        self.act(PlayBandage())

    def action_battery(self) -> None:
        self.act(PlayBattery())

    def action_home(self) -> None:
        """Travelling home ends the game: asked first, once the rules would allow it."""
        state = self.sojourn
        use_paradox = state.charge < 1 and state.hand.count(Kind.PARADOX) > 0
        trip = TravelHome(paradox=use_paradox)
        try:
            self.session.game.apply(state, trip)
        except RuleError as error:
            self.notify(str(error), title="Not allowed", severity="error")
            return
        means = "a Paradox card" if use_paradox else "1 Temporal Charge"
        self.confirm_end(
            "Travel home to May 20, 2020?",
            f"With {state.fragments} Time Fragments, using {means}: the game ends, won.",
            lambda: self.act(trip),
            verb="Travel home",
        )

    def action_outlook(self) -> None:
        self.app.push_screen(InfoDialog("Can I still make it home?", home_outlook(self.sojourn)))

    def action_edit(self) -> None:
        index = self.target()
        if index is None or not self.ready():
            return
        place = self.sojourn.timeline[index]
        if index == 0:
            self.notify("The Jurassic Period is the start card: nothing to edit.")
            return
        self.open_dialog(
            DestinationDialog(self.act, f"Edit {place.name}", editing=index, card=place.card)
        )

    def action_next_step(self) -> None:
        if self.sojourn.waiting is None:
            self.notify("Nothing is waiting: pick a move.", severity="warning")
        self.ask()

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield from super().palette_commands()
        state = self.sojourn
        if state.outcome is not None:
            return
        if state.waiting is not None:
            words = waiting_words(state.waiting)
            yield SystemCommand("sojourn: next step", words.capitalize(), self.ask)
            return
        moves = [
            ("travel", "Trip to the highlighted destination", self.action_travel, True),
            ("loop", "Loop back in history", self.action_loop, state.hand.count(Kind.LOOP)),
            ("open a destination", "Spend 1 charge", self.action_open, state.charge >= 1),
            ("fracture", "Open for free", self.action_fracture, state.hand.count(Kind.FRACTURE)),
            ("bandage", "Restore 1 Health", self.action_bandage, state.hand.count(Kind.BANDAGE)),
            ("battery", "Restore 1 charge", self.action_battery, state.hand.count(Kind.BATTERY)),
            ("travel home", "Win the game", self.action_home, state.fragments >= 4),
            ("can I still make it home?", "The outlook", self.action_outlook, True),
            ("edit destination", "Correct the highlighted card", self.action_edit, True),
        ]
        for name, help_text, callback, applies in moves:
            if applies:
                yield SystemCommand(f"sojourn: {name}", help_text, callback)

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
from companion.phrases import phrase
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
from lang import t, tr
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
    "setup": phrase("First destination (free)"),
    "trip": phrase("New destination (free after the trip)"),
    "charge": phrase("New destination (1 charge)"),
    "fracture": phrase("New destination (Fracture)"),
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
        # TRANSLATORS: a key's word in the footer: travel to the highlighted destination
        Binding("t", "travel", phrase("Travel"), id="travel"),
        # TRANSLATORS: a key's word in the footer: play the Loop card
        Binding("l", "loop", phrase("Loop"), id="loop"),
        Binding("o", "open", phrase("Open (1 charge)"), id="open"),
        # TRANSLATORS: a key's word in the footer: play the Fracture card
        Binding("f", "fracture", phrase("Fracture"), id="fracture"),
        # TRANSLATORS: a key's word in the footer: play the Bandage card
        Binding("b", "bandage", phrase("Bandage"), id="bandage"),
        # TRANSLATORS: a key's word in the footer: play the Temporal Battery card
        Binding("c", "battery", phrase("Battery"), id="battery"),
        Binding("h", "home", phrase("Go home"), id="home"),
        # TRANSLATORS: a key's word in the footer: can I still make it home?
        Binding("w", "outlook", phrase("Home?"), id="outlook"),
        Binding("e", "edit", phrase("Edit card"), id="edit"),
        Binding("n", "next_step", phrase("Next step"), id="next-step"),
    ]

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        with Horizontal(id="sojourn-top"):
            with Vertical(id="sojourn-left"):
                traveler = TravelerCard(id="traveler")
                # TRANSLATORS: the Traveler card's panel (the game's term)
                traveler.border_title = t("Traveler")
                yield traveler
                hand = HandPanel(id="hand")
                # TRANSLATORS: the panel of the timestream cards in hand
                hand.border_title = t("Hand")
                yield hand
            with Vertical(id="sojourn-right"):
                grid = TimelineGrid(id="timeline")
                grid.border_title = t("Timeline")
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
            reason = state.outcome.reason
            if state.outcome.status == "won":
                words = plain(t("WON: {reason}", reason=reason), style="bold")
            else:
                words = plain(t("LOST: {reason}", reason=reason), style="bold")
        elif state.waiting is not None:
            words = Text(t("Waiting: {step} (n)", step=waiting_words(state.waiting)), style="bold")
        else:
            words = plain(tr(home_outlook(state)))
        status = self.show_text("#sojourn-status", words)
        status.set_class(state.outcome is not None, "game-over")

    def show_selected(self) -> None:
        state = self.sojourn
        index = self.query_one(TimelineGrid).selected(state)
        if index is None:
            self.show_text("#selected-card", plain(t("Pick a card with the arrow keys.")))
            return
        place = state.timeline[index]
        card = place.card
        date = card.date.words()
        if index == 0:
            start = t("{place}: the start card ({date}).", place=place.name, date=date)
            self.show_text("#selected-card", plain(start))
            return
        drop = card.drop_label + (f" ({card.drop_text})" if card.drop is None else "")
        preview = preview_trip(state, index)
        trip = (
            t("Trip: pay {cost}, damage {faces}%", cost=preview.cost, faces=preview.damage_faces)
            if preview.problem is None
            else tr(preview.problem)
        )
        fragments = f"  ◆ {tr(fragments_words(state, place))}" if place.fragments else ""
        icons = t(
            # TRANSLATORS: the card's icons as printed on it (kept in English by the glossary)
            "DROP {drop}  COST {cost}  RISK {risk}%  DMG {dmg}  GAIN {gain}",
            drop=drop,
            cost=card.cost,
            risk=card.risk,
            dmg=card.dmg,
            gain=card.gain,
        )
        self.show_text(
            "#selected-card",
            plain(f"{place.name} ({tr(date)}){fragments}\n{icons}\n{trip}"),
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
            why = (
                phrase("Starting hand")
                if waiting.reason == "hand"
                else phrase("GAIN at {place}", place=state.here.name)
            )
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
            self.notify(t("Pick a destination on the timeline first."), severity="warning")
        return index

    def trip_target(self) -> int | None:
        """The highlighted destination of a trip: not the card the traveller is on (after a
        trip the cursor rests there, and an enter meant for the GAIN cards would land on it)."""
        index = self.target()
        if index is not None and index == self.sojourn.position:
            here = self.sojourn.here.name
            self.notify(
                t("You are at {place}: pick another destination with the arrow keys.", place=here),
                markup=False,
            )
            return None
        return index

    def ready(self) -> bool:
        """No dialog is needed first and the game is still on."""
        state = self.sojourn
        if state.outcome is not None:
            self.notify(
                t("The game is over: {reason}", reason=state.outcome.reason),
                severity="warning",
                markup=False,
            )
            return False
        if state.waiting is not None:
            self.notify(
                t("First {step} (n).", step=waiting_words(state.waiting)),
                severity="warning",
                markup=False,
            )
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
            self.notify(tr(error), title=t("Not allowed"), severity="error", markup=False)
            return
        if use_paradox:
            detail = t(
                "With {n} Time Fragments, using a Paradox card: the game ends, won.",
                n=state.fragments,
            )
        else:
            detail = t(
                "With {n} Time Fragments, using 1 Temporal Charge: the game ends, won.",
                n=state.fragments,
            )
        self.confirm_end(
            t("Travel home to May 20, 2020?"),
            detail,
            lambda: self.act(trip),
            verb=t("Travel home"),
        )

    def action_outlook(self) -> None:
        outlook = tr(home_outlook(self.sojourn))
        self.app.push_screen(InfoDialog(t("Can I still make it home?"), outlook))

    def action_edit(self) -> None:
        index = self.target()
        if index is None or not self.ready():
            return
        place = self.sojourn.timeline[index]
        if index == 0:
            self.notify(t("The Jurassic Period is the start card: nothing to edit."))
            return
        title = phrase("Edit {place}", place=place.name)
        self.open_dialog(DestinationDialog(self.act, title, editing=index, card=place.card))

    def action_next_step(self) -> None:
        if self.sojourn.waiting is None:
            self.notify(t("Nothing is waiting: pick a move."), severity="warning")
        self.ask()

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield from super().palette_commands()
        state = self.sojourn
        if state.outcome is not None:
            return
        if state.waiting is not None:
            words = tr(waiting_words(state.waiting, start=True))
            yield SystemCommand(t("sojourn: next step"), words, self.ask)
            return
        hand = state.hand
        moves = [
            (t("sojourn: travel"), t("Trip to the highlighted destination"), self.action_travel, 1),
            (
                t("sojourn: loop"),
                t("Loop back in history"),
                self.action_loop,
                hand.count(Kind.LOOP),
            ),
            (t("sojourn: open a destination"), t("Spend 1 charge"), self.action_open, state.charge),
            (
                t("sojourn: fracture"),
                t("Open for free"),
                self.action_fracture,
                hand.count(Kind.FRACTURE),
            ),
            (
                t("sojourn: bandage"),
                t("Restore 1 Health"),
                self.action_bandage,
                hand.count(Kind.BANDAGE),
            ),
            (
                t("sojourn: battery"),
                t("Restore 1 charge"),
                self.action_battery,
                hand.count(Kind.BATTERY),
            ),
            (
                t("sojourn: travel home"),
                t("Win the game"),
                self.action_home,
                state.fragments >= 4,
            ),
            (t("sojourn: can I still make it home?"), t("The outlook"), self.action_outlook, 1),
            (
                t("sojourn: edit destination"),
                t("Correct the highlighted card"),
                self.action_edit,
                1,
            ),
        ]
        for name, help_text, callback, applies in moves:
            if applies:
                yield SystemCommand(name, help_text, callback)

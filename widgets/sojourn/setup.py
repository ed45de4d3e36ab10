"""Sojourn's setup: the traveller's name, how the percentile dice are read and what the
timestream deck holds.

All three are remembered between games (`app.settings`, key `sojourn`).
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Grid, Vertical
from textual.validation import Integer
from textual.widgets import Button, Input, Label, RadioButton, RadioSet, Static

from companion.phrases import phrase
from companion.sojourn import GAME_ID
from companion.sojourn.model import KINDS, STARTING_HAND, Cards, SojournSetup
from lang import t, tr
from widgets.kit.kept_fields import KeepsFields
from widgets.kit.toggles import TickRadioButton
from widgets.shell.base import SetupScreen
from widgets.shell.chrome import KeyFooter, TitleHeader

READING_HINT = phrase("Read 00-99, RISK N% hurts on exactly N of the 100 faces.")
"""What the first way of reading the dice means, under the choice: a radio button's label is
one line, cut at a phone's width (the choices themselves stay short)."""


class SojournSetupScreen(KeepsFields, SetupScreen):
    """Choose the dice reading and the deck, then start: the hand and first card come next.

    | Key | Action |
    | --- | --- |
    | ctrl+s | Start the game |
    | escape | Back home |
    """

    HELP_TOPIC = "sojourn"
    CSS_PATH = "sojourn.tcss"

    def compose(self) -> ComposeResult:
        known = self.companion.settings.remembered(GAME_ID, SojournSetup, SojournSetup())
        yield TitleHeader()
        with Vertical(id="sojourn-setup"):
            yield Static(
                t(
                    "Set 7 red and 7 blue cubes on the Traveler card, the Jurassic Period above "
                    "it with your marker. Shuffle both decks. Next you type in the 5 timestream "
                    "cards you draw and the first destination."
                ),
                id="setup-intro",
                markup=False,
            )
            # TRANSLATORS: the saved game's title, a field's label
            yield Label(t("Title"), markup=False)
            yield Input(placeholder="Sojourn", id="title")
            yield Label(t("Traveller (for the statistics)"), markup=False)
            traveller = known.traveller
            yield Input(traveller, placeholder=t("your name"), id="traveller", max_length=40)
            yield Label(t("Percentile dice read"), markup=False)
            with RadioSet(id="reading"):
                yield TickRadioButton(
                    "00-99 (00+0 = 0)", value=not known.read_one_to_hundred, id="zero-to-99"
                )
                yield TickRadioButton(
                    "1-100 (00+0 = 100)", value=known.read_one_to_hundred, id="one-to-100"
                )
            yield Static(tr(READING_HINT), id="reading-hint", classes="setup-hint", markup=False)
            yield Label(t("Timestream deck (cards of each kind)"), markup=False)
            with Grid(id="deck-counts"):
                for kind in KINDS:
                    yield Label(tr(kind.label), markup=False)
                    yield Input(
                        str(known.deck.count(kind)),
                        id=f"deck-{kind.value}",
                        validators=[Integer(minimum=0, maximum=99)],
                        type="integer",
                    )
            yield Button(t("Start (ctrl+s)"), id="start", variant="primary")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show_words()
        self.query_one("#title", Input).focus()

    def show_words(self) -> None:
        self.title = t("Sojourn: setup")

    def chosen(self) -> SojournSetup | None:
        """The setup typed in, or None (with a notification) when a count is not usable."""
        counts: dict[str, int] = {}
        for kind in KINDS:
            text = self.query_one(f"#deck-{kind.value}", Input).value.strip()
            if not text.isdigit() or int(text) > 99:
                self.notify(
                    t("{card}: type a count from 0 to 99.", card=kind.label),
                    severity="error",
                    markup=False,
                )
                return None
            counts[kind.value] = int(text)
        deck = Cards(**counts)
        if deck.total < STARTING_HAND:
            self.notify(
                t("The deck needs at least {n} cards for the starting hand.", n=STARTING_HAND),
                severity="error",
            )
            return None
        one = self.query_one("#one-to-100", RadioButton).value
        traveller = " ".join(self.query_one("#traveller", Input).value.split())
        return SojournSetup(read_one_to_hundred=one, deck=deck, traveller=traveller)

    def action_start(self) -> None:
        setup = self.chosen()
        if setup is None:
            return
        if not self.companion.settings.remember(GAME_ID, setup):
            self.notify(t("Settings file damaged: these choices are not remembered."))
        title = self.query_one("#title", Input).value
        self.companion.start_game(GAME_ID, setup, title)

    @on(Button.Pressed, "#start")
    def start_pressed(self) -> None:
        self.action_start()

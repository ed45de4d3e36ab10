"""The Time Bastards setup: duel or co-op, two travellers, their starting timelines, the board."""

from __future__ import annotations

from typing import cast

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.validation import Integer
from textual.widgets import Button, Input, Label, RadioButton, RadioSet, Select

from companion.core import RuleError
from companion.phrases import phrase
from companion.time_bastards import GAME_ID
from companion.time_bastards.model import (
    COLOUR_NAMES,
    COLOURS,
    MAX_LENGTH,
    MIN_LENGTH,
    ROMAN,
    TIMELINES,
    BoardSettings,
    Colour,
    Mode,
    TimeBastardsSetup,
    Traveller,
)
from companion.time_bastards.rules import check_setup
from lang import t, tr
from widgets.kit.kept_fields import KeepsFields
from widgets.kit.players import last_players, name_suggester, remember_players
from widgets.kit.safe_lists import SafeSelect
from widgets.kit.toggles import TickRadioButton
from widgets.shell.base import SetupScreen
from widgets.shell.chrome import KeyFooter, TitleHeader

DEFAULTS: tuple[Traveller, ...] = TimeBastardsSetup().players


def default_name(traveller: Traveller) -> str:
    """A first game's traveller named by colour, in the reader's words ("Red", "Rouge", "Rot")."""
    return tr(COLOUR_NAMES[traveller.colour]).capitalize()


class TimeBastardsSetupScreen(KeepsFields, SetupScreen):
    """Choose the mode, name the two travellers, pick colours and starting timelines.

    | Key | Action |
    | --- | --- |
    | tab / shift+tab | Next / previous field |
    | ctrl+s | Start the game |
    | escape | Back home |
    """

    HELP_TOPIC = "time-bastards"
    CSS_PATH = "time_bastards.tcss"
    BINDINGS = [
        Binding("ctrl+s", "start", phrase("Start game"), id="tb-start", priority=True),
    ]

    def compose(self) -> ComposeResult:
        settings = self.companion.settings
        board = settings.remembered(GAME_ID, BoardSettings, BoardSettings())
        last = last_players(settings, GAME_ID)
        self.proposed = proposed = {}  # a name by colour, in the reader's words
        yield TitleHeader()
        with Vertical(id="tb-setup"):
            with RadioSet(id="tb-mode"):
                yield TickRadioButton(t("Duel (24 hours)"), value=True, id="duel")
                yield TickRadioButton(t("Co-op (12 hours, shared)"), id="coop")
            for index, traveller in enumerate(DEFAULTS, start=1):
                with Horizontal(classes="tb-traveller"):
                    yield Label(
                        t("Player {number} (first)", number=index)
                        if index == 1
                        else t("Player {number}", number=index)
                    )
                    if len(last) == len(DEFAULTS):
                        name = last[index - 1]
                    else:
                        name = proposed[f"tb-name-{index}"] = default_name(traveller)
                    yield Input(
                        name,
                        id=f"tb-name-{index}",
                        max_length=20,
                        suggester=name_suggester(settings),
                    )
                    yield SafeSelect(
                        [(tr(COLOUR_NAMES[colour]), colour) for colour in COLOURS],
                        value=traveller.colour,
                        allow_blank=False,
                        id=f"tb-colour-{index}",
                    )
                    yield SafeSelect(
                        [
                            (t("starts on {timeline}", timeline=ROMAN[timeline]), timeline)
                            for timeline in TIMELINES
                        ],
                        value=traveller.start,
                        allow_blank=False,
                        id=f"tb-start-{index}",
                    )
            with Horizontal(id="tb-length-row"):
                yield Label(t("Spaces per timeline"))
                yield Input(
                    str(board.timeline_length),
                    id="tb-length",
                    type="integer",
                    validators=[Integer(MIN_LENGTH, MAX_LENGTH)],
                )
                yield Label(
                    t(
                        "on your board, start included ({least}-{most})",
                        least=MIN_LENGTH,
                        most=MAX_LENGTH,
                    )
                )
            yield Button(t("Start game (ctrl+s)"), id="tb-start-button", variant="primary")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show_words()
        self.query_one("#tb-name-1", Input).focus()

    def show_words(self) -> None:
        self.title = t("Time Bastards: setup")
        self.query_one("#tb-setup").border_title = t("Time Bastards: new game")

    def read_setup(self) -> TimeBastardsSetup:
        """The setup as filled in, or a `RuleError` naming the field to fix."""
        mode: Mode = "coop" if self.query_one("#coop", RadioButton).value else "duel"
        length_text = self.query_one("#tb-length", Input).value.strip()
        if not length_text.lstrip("-").isdigit():
            raise RuleError(
                phrase(
                    "Spaces per timeline: type a number from {least} to {most} (count the "
                    "spaces on one timeline of your board, the start included).",
                    least=MIN_LENGTH,
                    most=MAX_LENGTH,
                )
            )
        travellers = []
        for index in (1, 2):
            colour = cast(Colour, self.query_one(f"#tb-colour-{index}", Select).value)
            start = self.query_one(f"#tb-start-{index}", Select).value
            travellers.append(
                Traveller(
                    name=self.query_one(f"#tb-name-{index}", Input).value.strip(),
                    colour=colour,
                    start=int(str(start)),
                )
            )
        setup = TimeBastardsSetup(tuple(travellers), mode, int(length_text))
        check_setup(setup)
        return setup

    @on(Button.Pressed, "#tb-start-button")
    def start_pressed(self) -> None:
        self.action_start()

    @on(Input.Submitted)
    def input_submitted(self) -> None:
        self.action_start()

    def action_start(self) -> None:
        try:
            setup = self.read_setup()
        except RuleError as error:
            self.notify(tr(error), title=t("Cannot start"), severity="error", markup=False)
            return
        self.companion.settings.remember(GAME_ID, BoardSettings(setup.timeline_length))
        names = [traveller.name for traveller in setup.players]
        remember_players(self.companion.settings, GAME_ID, names)
        title = " v ".join(names)  # the save's title is data: English, as typed
        if setup.mode == "coop":
            title = f"{' & '.join(names)} (co-op)"
        self.companion.start_game(GAME_ID, setup, title)

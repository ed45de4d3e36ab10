"""Six Sojourns setup: players in turn order, map, expansions or a campaign preset, checklist."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import (
    Input,
    Label,
    RadioButton,
    RadioSet,
    Select,
    SelectionList,
    Static,
)

from companion.core import RuleError
from companion.six_sojourns import GAME_ID
from companion.six_sojourns.model import DEFAULT_THRESHOLDS, EXPANSIONS, Thresholds
from companion.six_sojourns.setup import SOJOURNS, MapSide, SojournsSetup, check_setup, checklist
from lang import t, tr
from widgets.kit.kept_fields import KeepsFields
from widgets.kit.players import NamesSuggester, known_names, last_players, remember_players
from widgets.kit.safe_lists import SafeSelect
from widgets.kit.shown import plain
from widgets.kit.toggles import TickList, TickRadioButton
from widgets.shell.base import SetupScreen
from widgets.shell.chrome import KeyFooter, TitleHeader

THRESHOLDS_KEY = "six-sojourns-thresholds"
"""Where the trade thresholds are remembered in settings."""
DEFAULT_PLAYERS = ("Ana", "Ben")
"""Proposed until a game has been started: then its players are."""
CAMPAIGN = 7
"""The preset value of "the whole campaign" (1-6 are single sojourns, 0 own choice)."""


class SojournsSetupScreen(KeepsFields, SetupScreen):
    """Choose the table's game; the checklist on the right follows every change.

    | Key | Action |
    | --- | --- |
    | ctrl+s | Start the game |
    | escape | Back home |
    """

    HELP_TOPIC = "six-sojourns"
    CSS_PATH = "six_sojourns.tcss"

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        with Horizontal(id="ss-setup"):
            with Vertical(id="ss-choices"):
                yield Label(t("Players in turn order (comma between names)"))
                last = last_players(self.companion.settings, GAME_ID) or list(DEFAULT_PLAYERS)
                yield Input(
                    ", ".join(last),
                    id="ss-players",
                    suggester=NamesSuggester(known_names(self.companion.settings)),
                )
                presets = [
                    (t("Sojourn {number}: {name}", number=s.number, name=s.name), s.number)
                    for s in SOJOURNS
                ]
                yield SafeSelect(
                    [
                        (t("Own choice of expansions"), 0),
                        *presets,
                        (t("Campaign: all six"), CAMPAIGN),
                    ],
                    value=0,
                    allow_blank=False,
                    id="ss-preset",
                )
                with RadioSet(id="ss-map"):
                    yield TickRadioButton(t("Map {map}", map="A"), value=True, id="map-a")
                    yield TickRadioButton(t("Map {map}", map="B"), id="map-b")
                yield TickList(
                    *[(name, key) for key, name in EXPANSIONS.items()], id="ss-expansions"
                )
            with VerticalScroll(id="ss-checklist-box"):
                yield Static(id="ss-checklist")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show_words()
        self.query_one("#ss-players", Input).focus()
        self.show_checklist()

    def show_words(self) -> None:
        self.title = t("Six Sojourns: setup")
        self.query_one("#ss-checklist-box").border_title = t("Setup checklist")
        self.query_one("#ss-expansions").border_title = t("Expansions")

    def spoken_again(self) -> None:
        """The choices put back, then the checklist said again for them."""
        super().spoken_again()
        self.show_checklist()

    def chosen(self) -> SojournsSetup:
        """The setup as the widgets show it now (not yet checked)."""
        names = tuple(
            n.strip() for n in self.query_one("#ss-players", Input).value.split(",") if n.strip()
        )
        preset = self.query_one("#ss-preset", Select).value
        number = preset if isinstance(preset, int) else 0
        side: MapSide = "B" if self.query_one("#map-b", RadioButton).value else "A"
        selected = self.query_one("#ss-expansions", SelectionList).selected
        thresholds = self.companion.settings.remembered(
            THRESHOLDS_KEY, Thresholds, DEFAULT_THRESHOLDS
        )
        return SojournsSetup(
            players=names,
            map=side,
            expansions=tuple(e for e in EXPANSIONS if e in selected),
            sojourn=1 if number == CAMPAIGN else number,
            campaign=number == CAMPAIGN,
            thresholds=thresholds,
        )

    def show_checklist(self) -> None:
        setup = self.chosen()
        try:
            check_setup(setup)
        except RuleError as error:
            self.query_one("#ss-checklist", Static).update(
                plain(t("Cannot start yet: {problem}.", problem=error))
            )
            return
        steps = "\n".join(f"[ ] {tr(step)}" for step in checklist(setup))
        self.query_one("#ss-checklist", Static).update(plain(steps))

    @on(Select.Changed, "#ss-preset")
    def preset_chosen(self, event: Select.Changed) -> None:
        number = event.value if isinstance(event.value, int) else 0
        if number:
            preset = SOJOURNS[0 if number == CAMPAIGN else number - 1]
            expansions = self.query_one("#ss-expansions", SelectionList)
            expansions.deselect_all()
            for expansion in preset.expansions:
                expansions.select(expansion)
            if preset.map:
                self.query_one(f"#map-{preset.map.lower()}", RadioButton).value = True
        self.show_checklist()

    @on(Input.Changed, "#ss-players")
    @on(RadioSet.Changed)
    @on(SelectionList.SelectedChanged)
    def changed(self) -> None:
        self.show_checklist()

    @on(Input.Submitted, "#ss-players")
    def players_done(self) -> None:
        self.query_one("#ss-preset", Select).focus()

    def action_start(self) -> None:
        setup = self.chosen()
        try:
            check_setup(setup)
        except RuleError as error:
            self.notify(tr(error), title=t("Cannot start"), severity="error")
            return
        remember_players(self.companion.settings, GAME_ID, setup.players)
        title = ", ".join(setup.players)
        self.companion.start_game(GAME_ID, setup, title)

"""The screens of Pebbles, named by its entry point of the group `companion.screens`: a setup
that starts the game, a play screen built on the shared `GameScreen` (undo, redo, the table
view, seats and the following of other devices come with it), its help and its table view.

Everything of the app comes from `widgets.plugin`, the one public module for plug-in games.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.validation import Integer
from textual.widgets import Input, Static

from companion.core import RuleError
from companion.dice import Roll
from pebbles import GAME_ID, TITLE
from pebbles.game import Pass, PebblesSetup, PebblesState, Take, player, start
from pebbles.table_view import table
from widgets.plugin import (
    SETUP_CSS,
    ActionLog,
    DieRollDialog,
    FieldRow,
    GameScreen,
    GameUI,
    KeyFooter,
    PlayersField,
    SetupScreen,
    SystemCommand,
    TitleHeader,
    packaged_help,
    plain,
    remember_players,
)

LARGEST_PILE = 99
"""The largest pile the setup takes."""


class PebblesSetupScreen(SetupScreen):
    """The players (the last game's at first) and the pile; `ctrl+s` starts.

    | Key | Action |
    | --- | --- |
    | ctrl+s | Start the game |
    | escape | Back home |
    """

    HELP_TOPIC = GAME_ID
    CSS_PATH = [SETUP_CSS]

    def compose(self) -> ComposeResult:
        defaults = PebblesSetup()
        yield TitleHeader()
        with Vertical(id="pebbles-setup"):
            yield FieldRow(
                "Players", PlayersField(self.companion.settings, GAME_ID, defaults.players)
            )
            pile = Input(
                str(defaults.pile),
                id="pebbles-pile-size",
                type="integer",
                validators=[Integer(1, LARGEST_PILE)],
            )
            yield FieldRow("Pebbles in the pile", pile)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.title = f"{TITLE}: setup"
        self.query_one(PlayersField).focus()

    def chosen(self) -> PebblesSetup:
        """The setup as typed; `RuleError` naming the field to fix."""
        text = self.query_one("#pebbles-pile-size", Input).value.strip()
        if not text.isdigit() or not 1 <= int(text) <= LARGEST_PILE:
            raise RuleError(f"Pebbles in the pile: type a number from 1 to {LARGEST_PILE}.")
        setup = PebblesSetup(self.query_one(PlayersField).names, int(text))
        start(setup)  # the rules' own refusals (one player), said before anything is saved
        return setup

    def action_start(self) -> None:
        try:
            setup = self.chosen()
        except RuleError as error:
            self.notify(str(error), title="Cannot start", severity="error", markup=False)
            return
        remember_players(self.companion.settings, GAME_ID, setup.players)
        self.companion.start_game(GAME_ID, setup, " and ".join(setup.players))


class PebblesScreen(GameScreen):
    """A game of Pebbles in play.

    | Key | Action |
    | --- | --- |
    | 1-3 | Take that many pebbles |
    | t | Roll a D3 and take what it shows (the real die's face first, `r` the app's) |
    | p | Pass |
    """

    HELP_TOPIC = GAME_ID
    BINDINGS = [
        Binding("1", "take(1)", "Take 1-3", id="pebbles-take-1", key_display="1-3"),
        Binding("2", "take(2)", "Take 2", id="pebbles-take-2", show=False),
        Binding("3", "take(3)", "Take 3", id="pebbles-take-3", show=False),
        Binding("t", "roll", "Roll D3", id="pebbles-roll"),
        Binding("p", "pass_turn", "Pass", id="pebbles-pass"),
    ]

    @property
    def pebbles(self) -> PebblesState:
        state = self.state
        assert isinstance(state, PebblesState)
        return state

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        yield Static(id="pebbles-pile")
        yield ActionLog(id="pebbles-log")
        yield KeyFooter()

    def refresh_state(self) -> None:
        state = self.pebbles
        holders = ", ".join(
            f"{name} {held}" for name, held in zip(state.setup.players, state.held, strict=True)
        )
        turn = f"{player(state, state.turn)} to take" if state.pile else "Game over"
        self.show_text("#pebbles-pile", plain(f"Pile {state.pile}. {holders}. {turn}."))
        self.query_one(ActionLog).show(self.session.steps)

    def action_take(self, count: int) -> None:
        self.act(Take(count))

    def action_pass_turn(self) -> None:
        self.act(Pass())

    def action_roll(self) -> None:
        """The D3 prompt: the real die's face typed first, `r` for the app's roll."""
        if self.refuse_watch_only():
            return
        who = player(self.pebbles, self.pebbles.turn)
        ask = f"{who}: roll the D3 and take what it shows."
        self.app.push_screen(DieRollDialog("d3", ask, self.take_rolled, f"{TITLE}, {who}"))

    def take_rolled(self, roll: Roll) -> bool:
        """Take what the die showed; True once the rules took it (it joins the roll history)."""
        return self.act(Take(roll.total, roll.source))

    def palette_commands(self) -> Iterable[SystemCommand]:
        """The game's actions by name in the command palette, after undo, redo and sit as."""
        yield from super().palette_commands()
        if self.pebbles.pile:
            for count in range(1, min(3, self.pebbles.pile) + 1):
                yield SystemCommand(
                    f"pebbles: take {count}", "Take pebbles from the pile", self.take_action(count)
                )
            yield SystemCommand("pebbles: roll the D3", "Take what a D3 shows", self.action_roll)
            yield SystemCommand("pebbles: pass", "Take nothing this turn", self.action_pass_turn)

    def take_action(self, count: int) -> Callable[[], None]:
        """The palette's callback for taking `count`."""
        return lambda: self.action_take(count)


def chart_notes(line: Mapping[str, Any], colours: Mapping[str, str]) -> list[str | Text]:
    """The Stats screen's line on Pebbles, from its own figures in its line of the statistics."""
    counted = line.get("plays_with_rolls_counted", 0)
    return [f"Takes a D3 decided: {line.get('rolled_takes', 0)} (plays counted: {counted})"]


PEBBLES_UI = GameUI(
    GAME_ID,
    setup_screen=PebblesSetupScreen,
    play_screen=PebblesScreen,
    table_view=table,
    chart_notes=chart_notes,
    help_text=packaged_help("pebbles"),
)
"""What the entry point `companion.screens` names for Pebbles."""

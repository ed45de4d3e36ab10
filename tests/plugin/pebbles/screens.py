"""The screens of Pebbles, named by its entry point of the group `companion.screens`: a setup
that starts the game, a play screen built on the shared `GameScreen` (undo, redo, the table
view and the following of other devices come with it), and what its table view shows."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from pebbles import GAME_ID
from pebbles.game import Pass, PebblesSetup, PebblesState, Take, player
from pebbles.table_view import table
from widgets.kit.shown import plain
from widgets.play.action_log import ActionLog
from widgets.play.game_screen import GameScreen
from widgets.shell.base import SetupScreen
from widgets.shell.chrome import KeyFooter, TitleHeader
from widgets.shell.games import GameUI


class PebblesSetupScreen(SetupScreen):
    """Two players and a pile of seven; `ctrl+s` starts."""

    def compose(self) -> ComposeResult:
        setup = PebblesSetup()
        yield TitleHeader()
        yield Static(
            plain(f"{' and '.join(setup.players)} share a pile of {setup.pile} pebbles."),
            id="pebbles-setup",
        )
        yield KeyFooter()

    def action_start(self) -> None:
        self.companion.start_game(GAME_ID, PebblesSetup())


class PebblesScreen(GameScreen):
    """A game of Pebbles in play.

    | Key | Action |
    | --- | --- |
    | 1-3 | Take that many pebbles |
    | p | Pass |
    """

    BINDINGS = [
        Binding("1", "take(1)", "Take 1-3", id="pebbles-take-1", key_display="1-3"),
        Binding("2", "take(2)", "Take 2", id="pebbles-take-2", show=False),
        Binding("3", "take(3)", "Take 3", id="pebbles-take-3", show=False),
        Binding("p", "pass_turn", "Pass", id="pebbles-pass"),
    ]

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        yield Static(id="pebbles-pile")
        yield ActionLog(id="pebbles-log")
        yield KeyFooter()

    def refresh_state(self) -> None:
        state = self.state
        assert isinstance(state, PebblesState)
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


PEBBLES_UI = GameUI(
    GAME_ID, setup_screen=PebblesSetupScreen, play_screen=PebblesScreen, table_view=table
)
"""What the entry point `companion.screens` names for Pebbles."""

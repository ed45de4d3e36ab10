"""A small fifth game registered at run time: its rules (with its own facts through the `Game`
contract) and its screens, as a game outside the catalogue would bring them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from textual.app import ComposeResult
from textual.widgets import Static

from companion.core import Facts, Game, Transition
from tests.support.toy import TALLY, Add, TallySetup, TallyState
from widgets.play.game_screen import GameScreen
from widgets.shell.base import SetupScreen
from widgets.shell.games import GameUI


def race_facts(
    game: Game[Any, Any], setup: TallySetup, state: TallyState, steps: Sequence[Transition]
) -> Facts:
    """Whoever reached the limit wins; the others score the steps they were short of it."""
    status = game.status(state)
    if status == "playing":
        return Facts(status, setup.players)
    short = {
        name: setup.limit - count for name, count in zip(setup.players, state.counts, strict=True)
    }
    winners = tuple(name for name, missing in short.items() if missing == 0)
    return Facts(status, setup.players, short, winners, lower_is_better=True)


RACE: Game[TallySetup, TallyState] = replace(TALLY, id="race", title="Race", facts=race_facts)


class RaceSetup(SetupScreen):
    def compose(self) -> ComposeResult:
        yield Static("Race: two players, first to the limit.")

    def action_start(self) -> None:
        self.companion.start_game(RACE.id, TallySetup(limit=3), "A race")


RACE_UI = GameUI(RACE.id, RaceSetup, GameScreen)


def race_moves() -> list[Add]:
    """Ana reaches 3 while Ben is at 1."""
    return [Add(0, 1), Add(1, 1), Add(0, 2)]

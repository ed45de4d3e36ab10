"""A Hypothesis state machine for any game's `Session`: do, undo, redo, save and load at random.

`session_machine(spec)` builds a `RuleBasedStateMachine` that plays one game through a live
`Session` while keeping its own model of what must be true: the applied actions, a deep copy of
every state reached (so a rule that changed a state in place is caught), and the undone steps.
After every step it checks the game's invariants, the session against the model and, every few
steps, the state against a fresh replay of `session.actions`.
"""

from __future__ import annotations

import copy
import inspect
import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from companion.core import Game, RuleError
from companion.session import Session, Step
from saves.games.store import SavedGame, SaveStore
from tests.conftest import fixed_clock
from tests.support.saving import publish_whole

QUICK = settings(max_examples=25, stateful_step_count=30, deadline=None)
"""For CI: the four machines together run in a few seconds."""
LONG = settings(max_examples=300, stateful_step_count=80, deadline=None)
"""For `-m slow`: many more games and longer ones."""


@dataclass(frozen=True)
class MachineSpec:
    """What the machine needs to know about one game."""

    game: Game[Any, Any]
    setups: st.SearchStrategy[Any]
    """Legal setups (a refused setup is not what these machines test)."""
    actions: st.SearchStrategy[Any]
    """Actions of every kind, legal and illegal mixed."""
    check: Callable[[Any], None]
    """The game's invariants: raises `AssertionError` when a state breaks one."""
    moves: Callable[[Any], Sequence[Any]] | None = None
    """Likely moves in a state, for games where random actions are rarely accepted: the machine
    plays the first one the rules take, starting from a position Hypothesis picks."""
    moves_are_legal: bool = False
    """True when `moves` comes from the game's own list of legal choices: each must be taken."""
    replay_every: int = 4
    """Compare with a fresh replay of the log after every this many steps."""


def session_machine(spec: MachineSpec) -> type[RuleBasedStateMachine]:
    """A state machine class for `spec.game`; run it with `run_state_machine_as_test`."""
    game = spec.game

    class SessionMachine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.folder = Path(tempfile.mkdtemp(prefix=f"machine-{game.id}-"))
            self.store = SaveStore(self.folder, clock=fixed_clock)
            self.session: Session | None = None
            self.actions: list[Any] = []
            """The actions the model expects the session to hold, in order."""
            self.states: list[Any] = []
            """Deep copies of the initial state and of the state after each action."""
            self.undone: list[tuple[Step, Any]] = []
            """Each step undo returned with the model's copy of its state, last undone last."""
            self.steps = 0

        @property
        def live(self) -> Session:
            assert self.session is not None
            return self.session

        @initialize(setup=spec.setups)
        def start(self, setup: Any) -> None:
            self.session = Session(game, setup)
            self.states = [copy.deepcopy(self.session.state)]

        @rule(action=spec.actions)
        def do(self, action: Any) -> None:
            """Any action: accepted, it is logged and clears redo; refused, nothing changes."""
            self.attempt(action, must_succeed=False)

        if spec.moves is not None:

            @rule(picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=4))
            def play(self, picks: list[int]) -> None:
                """A few likely moves in a row, invariants checked after each."""
                for pick in picks:
                    if not self.play_one(pick):
                        return
                    self.check_model()

        def play_one(self, pick: int) -> bool:
            """Play the first move the rules take from position `pick`; False if none is."""
            assert spec.moves is not None
            options = spec.moves(self.live.state)
            for offset in range(len(options)):
                action = options[(pick + offset) % len(options)]
                if self.attempt(action, must_succeed=spec.moves_are_legal):
                    return True
            return False

        def attempt(self, action: Any, must_succeed: bool) -> bool:
            """Do `action` and check the session against the model; True if it was applied."""
            before, redo = self.live.state, self.live.can_redo
            try:
                after = self.live.do(action)
            except RuleError as error:
                assert not must_succeed, f"the rules refused a legal {action!r}: {error}"
                assert self.live.state is before, "a refused action replaced the state"
                assert self.live.can_redo == redo, "a refused action changed the redo stack"
                return False
            assert after is self.live.state
            assert not self.live.can_redo, "an applied action left the redo stack"
            self.actions.append(action)
            self.states.append(copy.deepcopy(after))
            self.undone.clear()
            return True

        @rule()
        def undo(self) -> None:
            """Exactly the previous state comes back; the step goes on the redo stack."""
            step = self.live.undo()
            if not self.actions:
                assert step is None
                return
            assert step is not None
            assert step.action == self.actions.pop()
            expected = self.states.pop()
            assert step.state == expected
            assert self.live.state == self.states[-1]
            assert self.live.can_redo
            self.undone.append((step, expected))

        @rule()
        def redo(self) -> None:
            """The last undone step comes back as it was, without the rules being asked again."""
            step = self.live.redo()
            if not self.undone:
                assert step is None
                return
            undone, expected = self.undone.pop()
            assert step is undone, "redo did not give back the step undo took"
            assert self.live.state is step.state
            self.actions.append(step.action)
            self.states.append(expected)

        @rule()
        def save_and_load(self) -> None:
            """A save read back replays to the same game; play goes on from the loaded one."""
            saved = SavedGame(
                f"{game.id}-machine", "Machine", self.live, fixed_clock(), fixed_clock()
            )
            self.store.path_for(saved.id).unlink(missing_ok=True)  # a new file each time
            publish_whole(self.store, saved)
            loaded = self.store.load(saved.id).session
            assert inspect.unwrap(loaded.game.apply) is game.apply  # the game, through the guard
            assert loaded.setup == self.live.setup
            assert loaded.actions == self.live.actions
            assert loaded.history == self.live.history
            assert loaded.state == self.live.state
            assert not loaded.can_redo
            self.session = loaded
            self.undone.clear()

        @invariant()
        def holds(self) -> None:
            """After every step: the model holds, and now and then the log replays to the state."""
            if self.session is None:
                return
            self.check_model()
            self.steps += 1
            if self.steps % spec.replay_every == 0:
                replayed = Session(game, self.live.setup, self.live.actions)
                assert replayed.state == self.live.state, "the log replays to another state"

        def check_model(self) -> None:
            """The game's invariants, and the session saying what the model says."""
            spec.check(self.live.state)
            assert self.live.actions == self.actions
            assert self.live.state == self.states[-1], "the state differs from the model"
            assert len(self.live.history) == len(self.actions)
            assert self.live.can_undo == bool(self.actions)
            assert self.live.can_redo == bool(self.undone)

        def teardown(self) -> None:
            """Remove the save folder, whether the run passed or failed."""
            shutil.rmtree(self.folder, ignore_errors=True)

    name = "".join(part.title() for part in game.id.split("-"))
    SessionMachine.__name__ = SessionMachine.__qualname__ = f"{name}SessionMachine"
    return SessionMachine

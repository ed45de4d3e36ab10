"""A game in progress: the setup, the actions applied so far, undo and redo.

Every state reached is kept, so undo is a list pop and never replays the log. A session may
also start from a checkpoint (`Session.resumed`: a state reached before, and its log in words):
the steps before it, with their states, are asked for only when an undo reaches before it, or
when a caller wants every step.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core import Game, RuleError
from companion.phrases import phrase

LARGEST_NUMBER = 2**63 - 1
"""What a save file can hold (TOML's 64-bit integers): an action carrying more is refused."""


@dataclass(frozen=True)
class Step:
    """One applied action with the state it produced and its log line."""

    action: Any
    state: Any
    line: str


@dataclass(frozen=True)
class Checkpoint:
    """Where a resumed session starts: the state after the steps whose log lines are `lines`,
    and how to get those steps (a replay) when an undo or a caller needs them."""

    state: Any
    lines: tuple[str, ...]
    earlier: Callable[[], Sequence[Step]]
    """The steps before the checkpoint, oldest first: they must end at `state`."""


class Session:
    """Setup + applied actions + redo stack for one game.

    `do` applies an action through the game's rules (a `RuleError` leaves everything as it was),
    `undo` takes back exactly one action, `redo` puts it back without calling the rules again.
    `rules` is the revision of the game's rules it is played under (a new game: the newest).
    """

    def __init__(
        self,
        game: Game[Any, Any],
        setup: Any,
        actions: Iterable[Any] = (),
        rules: int | None = None,
    ) -> None:
        self.game = game
        self.setup = setup
        self.rules = game.rules_revision if rules is None else rules
        if not 1 <= self.rules <= game.rules_revision:
            raise ValueError(
                phrase(
                    "{game} has rules revisions 1 to {newest}, not {revision}.",
                    game=game.title,
                    newest=game.rules_revision,
                    revision=self.rules,
                )
            )
        self._initial = game.at_revision(game.start(setup), self.rules)
        self._steps: list[Step] = []
        self._redo: list[Step] = []
        self._checkpoint: Checkpoint | None = None
        """Set while the steps before a checkpoint have not been replayed (`resumed`)."""
        for action in actions:
            self.do(action)
        self._redo.clear()

    @classmethod
    def resumed(
        cls, game: Game[Any, Any], setup: Any, rules: int, checkpoint: Checkpoint
    ) -> Session:
        """A session at `checkpoint.state`, nothing replayed: `do`, `state`, `history` and an
        undo of a step made since cost what they cost on a short game; an undo reaching before
        the checkpoint, `steps` or `actions` first replay the steps before it (`earlier`)."""
        session = cls(game, setup, rules=rules)
        if checkpoint.lines:
            session._checkpoint = checkpoint
        return session

    @property
    def initial(self) -> Any:
        """The state before the first action, under the session's rules revision."""
        return self._initial

    @property
    def state(self) -> Any:
        """The current state: after the last applied action."""
        if self._steps:
            return self._steps[-1].state
        return self._initial if self._checkpoint is None else self._checkpoint.state

    @property
    def steps(self) -> tuple[Step, ...]:
        """The applied steps in order; a redone step is the very object that was undone."""
        self._replay_earlier()
        return tuple(self._steps)

    @property
    def last_step(self) -> Step | None:
        """The step that made the current state (None before the first action)."""
        if not self._steps:
            self._replay_earlier()
        return self._steps[-1] if self._steps else None

    @property
    def actions(self) -> list[Any]:
        """The applied actions in order (what a save file stores)."""
        return [step.action for step in self.steps]

    @property
    def history(self) -> list[str]:
        """The log in words, oldest first."""
        earlier = list(self._checkpoint.lines) if self._checkpoint is not None else []
        return earlier + [step.line for step in self._steps]

    @property
    def can_undo(self) -> bool:
        return bool(self._steps) or self._checkpoint is not None

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def do(self, action: Any) -> Any:
        """Apply an action; on success the redo stack is cleared. Returns the new state."""
        return self.push(self.step(action))

    def step(self, action: Any) -> Step:
        """The step `action` makes from the current state, through the game's rules (its
        `apply` and `narrate`), nothing changed: a `RuleError` says why it cannot be made. The
        one place a key's rules run: `push` adds the step without asking them again."""
        check_numbers(action)
        before = self.state
        after = self.game.apply(before, action)
        return Step(action, after, self.game.narrate(before, action, after))

    def push(self, step: Step) -> Any:
        """Add a step made by `step` on the current state; the redo stack is cleared. Returns
        the new state."""
        self._steps.append(step)
        self._redo.clear()
        return step.state

    def copy(self) -> Session:
        """A session that goes on apart from this one from the same steps (nothing replayed):
        a change can be tried on it and kept only once it is saved."""
        twin = Session.__new__(Session)
        twin.game, twin.setup, twin.rules, twin._initial = (
            self.game,
            self.setup,
            self.rules,
            self._initial,
        )
        twin._steps, twin._redo = list(self._steps), list(self._redo)
        twin._checkpoint = self._checkpoint
        return twin

    def undo(self) -> Step | None:
        """Take back the last action; returns it, or None when there is nothing to undo."""
        if not self._steps:
            self._replay_earlier()
        if not self._steps:
            return None
        step = self._steps.pop()
        self._redo.append(step)
        return step

    def redo(self) -> Step | None:
        """Put back the last undone action; returns it, or None when there is nothing to redo."""
        if not self._redo:
            return None
        step = self._redo.pop()
        self._steps.append(step)
        return step

    def _replay_earlier(self) -> None:
        """Put the steps before the checkpoint under the ones made since (a full replay, once);
        `ValueError` when they do not end where the checkpoint says (it was not made from them)."""
        checkpoint = self._checkpoint
        if checkpoint is None:
            return
        earlier = list(checkpoint.earlier())
        ends = earlier[-1].state if earlier else self._initial
        if len(earlier) != len(checkpoint.lines) or ends != checkpoint.state:
            raise ValueError(phrase("the checkpoint does not match the steps it was made from"))
        self._steps[:0] = earlier
        self._checkpoint = None


def check_numbers(value: Any) -> None:
    """Refuse an action holding a number no save can keep (a whole number past 64 bits, an
    infinite float): it could be applied, but never written, and the game would be lost."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return
    if isinstance(value, int):
        if not -LARGEST_NUMBER - 1 <= value <= LARGEST_NUMBER:
            raise RuleError(
                phrase("That number is too large for a game (over 19 digits): type a smaller one")
            )
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise RuleError(phrase("{value} is not a number a game can keep", value=str(value)))
    elif isinstance(value, tuple | list):
        for item in value:
            check_numbers(item)
    elif isinstance(value, dict):
        for item in value.values():
            check_numbers(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            check_numbers(getattr(value, field.name))

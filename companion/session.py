"""A game in progress: the setup, the actions applied so far, undo and redo.

Every state reached is kept, so undo is a list pop and never replays the log.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from companion.core import Game


@dataclass(frozen=True)
class Step:
    """One applied action with the state it produced and its log line."""

    action: Any
    state: Any
    line: str


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
                f"{game.title} has rules revisions 1 to {game.rules_revision}, not {self.rules}."
            )
        self._initial = game.at_revision(game.start(setup), self.rules)
        self._steps: list[Step] = []
        self._redo: list[Step] = []
        for action in actions:
            self.do(action)
        self._redo.clear()

    @property
    def initial(self) -> Any:
        """The state before the first action, under the session's rules revision."""
        return self._initial

    @property
    def state(self) -> Any:
        """The current state: after the last applied action."""
        return self._steps[-1].state if self._steps else self._initial

    @property
    def steps(self) -> tuple[Step, ...]:
        """The applied steps in order; a redone step is the very object that was undone."""
        return tuple(self._steps)

    @property
    def actions(self) -> list[Any]:
        """The applied actions in order (what a save file stores)."""
        return [step.action for step in self._steps]

    @property
    def history(self) -> list[str]:
        """The log in words, oldest first."""
        return [step.line for step in self._steps]

    @property
    def can_undo(self) -> bool:
        return bool(self._steps)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def do(self, action: Any) -> Any:
        """Apply an action; on success the redo stack is cleared. Returns the new state."""
        before = self.state
        after = self.game.apply(before, action)
        self._steps.append(Step(action, after, self.game.narrate(before, action, after)))
        self._redo.clear()
        return after

    def undo(self) -> Step | None:
        """Take back the last action; returns it, or None when there is nothing to undo."""
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

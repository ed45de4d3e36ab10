"""The base of every game's play screen: apply actions, refuse with reasons, undo, redo, autosave.

A game screen holds a `SavedGame`, sends actions through `act`, and redraws everything from
`self.session.state` in `refresh_state`; it never keeps game state of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from textual.app import SystemCommand
from textual.binding import Binding
from textual.widgets import Static

from companion.core import RuleError
from companion.session import Session, Step
from saves.store import SavedGame
from widgets.base import CompanionScreen


class GameScreen(CompanionScreen):
    """Shared keys and the act/undo/redo/autosave cycle for a game in play.

    | Key | Action |
    | --- | --- |
    | ctrl+z | Undo the last action |
    | ctrl+y | Redo what was undone |
    | R | The result screen, once the game is over |
    | escape | Back to the home screen (the game is already saved) |
    """

    HELP_TOPIC: ClassVar[str] = "home"
    """The Markdown help file (in `widgets/help/`) that F1 shows on this screen."""

    BINDINGS = [
        Binding("ctrl+z", "undo", "Undo", id="undo"),
        Binding("ctrl+y", "redo", "Redo", id="redo"),
        Binding("R", "result", "Result", id="result"),
        Binding("escape", "leave", "Home", id="leave"),
    ]

    def __init__(self, saved: SavedGame) -> None:
        super().__init__()
        self.saved = saved
        self.sub_title = saved.title
        self.result_due = False
        """The game just ended: show its result when this screen is on top again."""
        self._shown_text: dict[str, Any] = {}
        """What `show_text` last put in each Static, by selector."""

    @property
    def session(self) -> Session:
        return self.saved.session

    @property
    def state(self) -> Any:
        return self.session.state

    def on_mount(self) -> None:
        self.refresh_state()

    def refresh_state(self) -> None:
        """Redraw the screen from `self.state`; every game screen implements this."""
        raise NotImplementedError

    @property
    def is_open(self) -> bool:
        """Still on the screen stack. A dialog's answer can arrive after its game was closed
        (escape typed right behind enter): it is applied and saved, but nothing is redrawn."""
        return self in self.app.screen_stack

    def show_text(self, selector: str, content: Any) -> Static:
        """Update a Static only when its content changed: an update lays the screen out again,
        which costs more than the comparison (most panels stay the same after a key)."""
        static = self.query_one(selector, Static)
        if self._shown_text.get(selector) != content:
            self._shown_text[selector] = content
            static.update(content)
        return static

    def redraw(self) -> None:
        if self.is_open:
            self.refresh_state()

    @property
    def is_over(self) -> bool:
        """The game has ended (won, lost, finished, failed): its result can be shown."""
        return self.session.game.status(self.state) != "playing"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
            return False
        return self.is_over if action == "result" else True

    def act(self, action: Any) -> bool:
        """Apply an action: on a rule's refusal say why and change nothing; else save and redraw.

        The action that ends the game opens the result screen."""
        was_over = self.is_over
        try:
            self.session.do(action)
        except RuleError as error:
            self.notify(str(error), title="Not allowed", severity="error")
            return False
        self.autosave()
        self.redraw()
        if self.is_over and not was_over and self.is_open:
            self.result_due = True
            self.call_after_refresh(self.show_due_result)
        return True

    def on_screen_resume(self) -> None:
        self.show_due_result()

    def show_due_result(self) -> None:
        """The result screen, once the dialog that ended the game has closed (a dialog still
        on top would be left under it)."""
        if self.result_due and self.is_active:  # (is_active: False once the app is closing)
            self.result_due = False
            if self.is_over:
                self.action_result()

    def action_result(self) -> None:
        from widgets.result import ResultScreen  # only when a game ends: a faster start

        self.app.push_screen(ResultScreen(self.saved, self.action_undo))

    def confirm_end(
        self, question: str, detail: str, then: Callable[[], object], verb: str = "End the game"
    ) -> None:
        """Ask before a key ends or abandons the game; `then` runs only on yes (`verb` is the
        yes button's words)."""
        from widgets.result import ConfirmEndDialog

        def answered(yes: bool | None) -> None:
            if yes:
                then()

        self.app.push_screen(ConfirmEndDialog(question, detail, verb), answered)

    def autosave(self) -> None:
        """Write the game; a failing disk is reported and play goes on in memory."""
        try:
            self.companion.store.save(self.saved)
        except OSError as error:
            self.notify(f"Could not save the game: {error}", title="Not saved", severity="error")

    def action_undo(self) -> None:
        step = self.session.undo()
        if step is None:
            self.notify("Nothing to undo.", severity="warning")
            return
        self.autosave()
        self.redraw()
        self.notify(f"Undone: {self.undone_line(step)}")

    def undone_line(self, step: Step) -> str:
        """What the undo notice says was taken back (`self.state` is the state before it)."""
        return step.line

    def action_redo(self) -> None:
        step = self.session.redo()
        if step is None:
            self.notify("Nothing to redo.", severity="warning")
            return
        self.autosave()
        self.redraw()
        self.notify(f"Redone: {step.line}")

    def action_leave(self) -> None:
        self.companion.go_home()

    def palette_commands(self) -> Iterable[SystemCommand]:
        """Command palette entries for this screen: undo, redo, and the game's own actions."""
        prefix = self.session.game.title.split(":")[0].lower()
        if self.session.can_undo:
            yield SystemCommand(f"{prefix}: undo", "Take back the last action", self.action_undo)
        if self.session.can_redo:
            yield SystemCommand(f"{prefix}: redo", "Put back what was undone", self.action_redo)

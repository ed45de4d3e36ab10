"""The base of every game's play screen: apply actions, refuse with reasons, undo, redo, autosave.

A game screen holds a `SavedGame`, sends actions through `act`, and redraws everything from
`self.session.state` in `refresh_state`; it never keeps game state of its own.

One window plays a game at a time: the screen holds the game's lock (`hold`) while it is open. A
screen opened without it is read-only: it shows the game, refuses every change with a reason, and
follows the file: when the player's window saves, it reloads and redraws (within `FOLLOW_SECONDS`).
Once that window has left the game, `T` takes it over.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import SystemCommand
from textual.binding import Binding
from textual.timer import Timer
from textual.widgets import Static

from companion.core import RuleError
from companion.session import Session, Step
from saves.files import SaveError
from saves.locks import GameLock
from saves.play_details import note_activity
from saves.store import SavedGame
from saves.writers import SaveConflict
from widgets.base import CompanionScreen
from widgets.conflict import FileConflicts
from widgets.unsaved import UnsavedChanges

if TYPE_CHECKING:
    from widgets.table_view import TableShown, TableViewScreen

READ_ONLY = "Read-only: this game is open in another window."
FOLLOW_SECONDS = 0.25
"""How often a read-only screen looks at its file: a change shows within a second."""


class GameScreen(CompanionScreen):
    """Shared keys and the act/undo/redo/autosave cycle for a game in play.

    | Key | Action |
    | --- | --- |
    | ctrl+z | Undo the last action |
    | ctrl+y | Redo what was undone |
    | R | The result screen, once the game is over |
    | T | Take over a read-only game once its player has left it |
    | escape | Back to the home screen (the game is already saved) |
    | v | The table view: the state in large type |
    """

    HELP_TOPIC: ClassVar[str] = "home"
    """The Markdown help file (in `widgets/help/`) that F1 shows on this screen."""

    BINDINGS = [
        Binding("ctrl+z", "undo", "Undo", id="undo"),
        Binding("ctrl+y", "redo", "Redo", id="redo"),
        Binding("R", "result", "Result", id="result"),
        Binding("T", "take_over", "Take over", id="take_over"),
        Binding("escape", "leave", "Home", id="leave"),
        # Listed by `?` rather than the footer: the footers are full at 80 columns, and one key
        # more would push Dice and Help out at 120.
        Binding("v", "table_view", "Table view", id="table_view", show=False),
    ]

    def __init__(self, saved: SavedGame) -> None:
        super().__init__()
        self.saved = saved
        self.sub_title = saved.title
        self.game_lock: GameLock | None = None
        """This window's claim on the game, released when the screen closes."""
        self.read_only = False
        """Another window plays this game: this one shows it and changes nothing."""
        self.asking = False
        """The conflict question is on screen: a second conflict does not ask it again."""

        self.result_due = False
        """The game just ended: show its result when this screen is on top again."""
        self._shown_text: dict[str, Any] = {}
        """What `show_text` last put in each Static, by selector."""
        self.following: Timer | None = None
        """The look at the file, four times a second, of a read-only screen."""
        self.follow_problem: str | None = None
        """Why the followed file could not be read last time (said once, not every look)."""
        self.table_view: TableViewScreen | None = None
        """This game's table view, once opened: given the state again at each redraw."""
        self.conflicts = FileConflicts(self)
        """What to do when this game's file can no longer simply be replaced."""
        self.unsaved = UnsavedChanges(saved.updated)
        """The changes a failing disk has kept from the file since its last good save."""

    def hold(self, lock: GameLock | None, read_only: bool) -> None:
        """Keep the game's lock while open, or show the game read-only (another window has it)."""
        self.game_lock = lock
        self.read_only = read_only
        self.show_title()

    def show_title(self) -> None:
        """The header's subtitle: the game's title, and whether this window only watches it."""
        title = self.title_text()
        self.sub_title = f"{title} (read-only)" if self.read_only else title

    def title_text(self) -> str:
        """The save's title as this game's header shows it."""
        return self.saved.title

    def release_lock(self) -> None:
        """Let another window (or this one, at once) open the game to play it."""
        if self.game_lock is not None:
            self.game_lock.release()

    def on_unmount(self) -> None:
        self.release_lock()

    @property
    def session(self) -> Session:
        return self.saved.session

    @property
    def state(self) -> Any:
        return self.session.state

    def on_mount(self) -> None:
        self.refresh_state()
        if self.read_only:
            self.following = self.set_interval(FOLLOW_SECONDS, self.follow_file)

    def follow_file(self) -> None:
        """On a read-only screen, reload the game when its player's window has saved it."""
        store = self.companion.store
        if not store.seen.moved(self.saved.id, store.path_for(self.saved.id)):
            return
        was_over = self.is_over
        try:
            self.saved = store.load(self.saved.id)
        except SaveError as error:
            if self.follow_problem != error.problem:  # said once, not four times a second
                self.follow_problem = error.problem
                self.notify(str(error), title="Not followed", severity="warning", markup=False)
            return
        self.follow_problem = None
        self.redraw()
        if self.is_over and not was_over:
            self.result_due = True
            self.show_due_result()

    def action_take_over(self) -> None:
        """Play the game in this window, from the file as the other window left it."""
        if self.take_over():
            self.play_from_here()

    def take_over(self) -> bool:
        """Claim the game and reload it from its file; False (and why, said) if it cannot be."""
        store = self.companion.store
        try:
            lock = store.lock(self.saved.id)
        except (OSError, SaveError) as error:
            self.notify(f"Cannot take over: {error}", severity="error", markup=False)
            return False
        if lock is None:
            notice = "Still open in another window: take over once its player has gone home."
            self.notify(notice, title="Not taken over", severity="warning")
            return False
        try:
            self.saved = store.load(self.saved.id)
        except SaveError as error:
            lock.release()
            self.notify(str(error), title="Not taken over", severity="error", markup=False)
            return False
        self.hold(lock, read_only=False)
        if self.following is not None:
            self.following.stop()
            self.following = None
        self.notify("You play this game now: your changes are saved.", title="Taken over")
        return True

    def play_from_here(self) -> None:
        """After a take-over: draw the game as reloaded, with the keys of a player (a game
        that waits for a decision asks it now, as on opening it to play)."""
        self.redraw()
        self.refresh_bindings()

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
            if self.table_view is not None and self.table_view in self.app.screen_stack:
                self.table_view.show(self.table_shown())

    def refuse_read_only(self) -> bool:
        """Say why nothing changes on a read-only screen; True if it is one."""
        if self.read_only:
            self.notify(READ_ONLY, title="Not changed", severity="warning")
        return self.read_only

    @property
    def is_over(self) -> bool:
        """The game has ended (won, lost, finished, failed): its result can be shown."""
        return self.session.game.status(self.state) != "playing"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
            return False
        if action == "take_over":
            return self.read_only
        return self.is_over if action == "result" else True

    def act(self, action: Any) -> bool:
        """Apply an action: on a rule's refusal say why and change nothing; else save and redraw.

        The action that ends the game opens the result screen."""
        was_over = self.is_over
        if self.refuse_read_only():
            return False
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
                self.action_result(then=self.ask_details)

    def ask_details(self, _closed: object = None) -> None:
        """Once the result is read: the play's details, asked once on the device that ended it
        (bgstats: widgets/stats/details.py); not after an undo of the end."""
        if self.is_over and not self.read_only and self.is_open:
            from widgets.stats.details import ask_once

            ask_once(self, self.saved)

    def action_table_view(self) -> None:
        from widgets.table_view import TableViewScreen  # only when asked: a faster start

        self.table_view = TableViewScreen(self.table_shown(), self.take_over_from_table_view)
        self.app.push_screen(self.table_view)

    def table_shown(self) -> TableShown:
        """What this game's table view shows: the state and this screen's header words."""
        from widgets.table_view import TableShown

        game = self.session.game
        subtitle = self.sub_title or self.title_text()
        return TableShown(game.id, game.title, self.state, subtitle, self.read_only)

    def take_over_from_table_view(self) -> bool:
        """`T` on the table view: take the game over, then play it here once the view closed
        (a question the game asks then goes on top of this screen)."""
        if not self.take_over():
            return False
        self.call_after_refresh(self.play_from_here)
        return True

    def action_result(self, then: Callable[[object], None] | None = None) -> None:
        from widgets.result import ResultScreen  # only when a game ends: a faster start

        self.app.push_screen(ResultScreen(self.saved, self.action_undo), then)

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
        """Write the game; a failing disk is reported and play goes on in memory.

        A file changed in another window asks the player whether to reload it or keep this
        game as a copy; a file that cannot be replaced (a link out of the data folder) is kept
        as it is, and this game is saved as a copy beside it."""
        try:
            note_activity(self.saved, self.companion.store.clock())  # active time (bgstats)
            self.companion.store.save(self.saved)
        except SaveConflict:
            self.conflicts.ask()
        except SaveError as error:
            self.conflicts.keep_as_copy(error.problem)
        except OSError as error:
            self.unsaved.failed(error)
            self.unsaved.show_on(self)
        else:
            if self.unsaved.count:
                self.unsaved.saved(self.saved.updated)
                self.unsaved.show_on(self)

    def action_undo(self) -> None:
        if self.refuse_read_only():
            return
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
        if self.refuse_read_only():
            return
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

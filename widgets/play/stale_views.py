"""What another device's change makes stale over a play screen, closed or followed at once and
said once, naming who did what (issue 42): a result whose end was undone (the end made again
opens it again: `GameScreen.changed`), a question it answered, a dialog opened for a moment it
took back or a stage it left, with whatever was opened over them, and the keys list (`?`),
which shows the keys of the new stage. The play screen hands each change of another device here
(`GameScreen.followed`) with who did what (`told.Followed`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.phrases import phrase
from lang import t
from widgets.play import told, words
from widgets.play.host import PlayScreen
from widgets.shell.base import Dialog

if TYPE_CHECKING:
    from textual.screen import Screen

STATE_DIALOGS = frozenset({"widgets.play.result"})
"""The play's own dialogs about the state shown (end the game, undo another device's action):
closed like a game's own when another device makes them stale. (The whose-move question
follows by itself: widgets/play/whose_move.py.)"""


class StaleViews:
    """The views over one play screen that another device's change can make stale."""

    def __init__(self, screen: PlayScreen) -> None:
        self.screen = screen

    def follow(self, moving: told.Followed, was_over: bool, reopened: bool) -> None:
        """Close what `moving` made stale and say who did what, once: a closed result, a
        closed dialog (a question says who answered it), or the end made elsewhere; then the
        keys list follows the new stage. Who did what is worked out only when something says
        it, and before anything closes (a follow that makes nothing stale draws the change)."""
        result = was_over and not self.screen.is_over and self.result_shown()
        stale = None if result else self.stale_dialog(moving)
        if not result and stale is None and not reopened:
            return
        said = moving.words
        if result:
            self.close_result(said)
            moving.said = True
        elif stale is not None:
            if getattr(stale, "QUESTION", False) and not moving.back:
                said = moving.answer
            self.close_dialog(stale)
            title = t("Game over") if reopened else t("Question closed")
            self.screen.notify(said or words.CHANGED_ELSEWHERE, title=title, markup=False)
            moving.said = True
        elif said and reopened:
            self.screen.notify(said, title=t("Game over"), markup=False)
            moving.said = True

    def result_shown(self) -> bool:
        """The game's result is open over the play screen."""
        from widgets.play.result import ResultScreen  # only when a game ends: a faster start

        return any(isinstance(screen, ResultScreen) for screen in self.above())

    def close_result(self, said: str) -> None:
        """Another device undid the game's end: the result shown here (and whatever was opened
        from it) closes, saying who undid what (`said`), and the game is played on."""
        from widgets.play.result import ResultScreen

        app = self.screen.app
        while not isinstance(app.screen, ResultScreen):
            app.pop_screen()
        app.screen.dismiss()
        said = said or words.END_UNDONE
        goes_on = phrase("{said}. Play goes on.", said=said)
        self.screen.notify(goes_on, title=t("Result closed"), markup=False)

    def above(self) -> list[Screen[Any]]:
        """The screens opened over the play screen, lowest first (none when it is not on the
        stack)."""
        me: object = self.screen
        stack = self.screen.app.screen_stack
        place = next((index for index, screen in enumerate(stack) if screen is me), None)
        return [] if place is None else stack[place + 1 :]

    def stale_dialog(self, moving: told.Followed) -> Screen[Any] | None:
        """The lowest dialog another device's change made stale: a question of the game's
        (`QUESTION`) or any dialog of its own, a roll's or the play's (the end, an undo) once
        the game waits for another kind of thing or another question (`told.stage`: a roll
        made, the game ended; not merely another player's turn), or once an undo or a redo
        took the table back to another moment. A dialog still about the state shown stays: its
        answer is checked on the newest state (and refused with the reason if another move
        made it wrong)."""
        return next((d for d in self.above() if self.is_stale(d, moving)), None)

    def close_dialog(self, stale: Screen[Any]) -> None:
        """Close a stale dialog and whatever was opened over it (a keys list, a help page)."""
        app = self.screen.app
        while app.screen is not stale:
            app.pop_screen()
        stale.dismiss(None)

    def is_stale(self, dialog: Screen[Any], moving: told.Followed) -> bool:
        """Whether a dialog above the play screen asks about a moment the game has left."""
        if not isinstance(dialog, Dialog):
            return False
        waiting = self.screen.waiting
        answered = waiting is None or not waiting.question
        if getattr(dialog, "QUESTION", False):
            return answered or getattr(dialog, "asked", waiting) != waiting
        if self.opened_for_the_state(dialog):
            return moving.new_stage or moving.back
        return False

    def opened_for_the_state(self, dialog: Screen[Any]) -> bool:
        """A dialog about the state shown: the game's own (its screen's package), a roll's
        (widgets/dice), or the play's questions (end the game, undo another's action)."""
        module = type(dialog).__module__
        package = type(self.screen).__module__.rpartition(".")[0]
        return module.startswith((f"{package}.", "widgets.dice.")) or module in STATE_DIALOGS

    def follow_keys_list(self) -> None:
        """The keys list (`?`) open over the play screen shows the keys of the new stage."""
        from widgets.shell.keys import KeysScreen

        me: object = self.screen
        for screen in self.above():
            if isinstance(screen, KeysScreen) and screen.under is me:
                screen.follow()

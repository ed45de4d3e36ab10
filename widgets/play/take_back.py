"""Undo and redo of a play screen (`ctrl+z`, `ctrl+y`, the palette), each one transaction on the
game's file (`SharedGame.commit`) decided on the newest records: another device's last action is
asked first, and a change another device made meanwhile refuses, saying why. An undo back to a
log line is widgets/play/undo_to.py's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from companion.core import RuleError
from companion.phrases import phrase
from lang import t
from saves.games.journal import Draft
from saves.games.records import Record
from widgets.play import words
from widgets.play.host import PlayScreen

if TYPE_CHECKING:
    from companion.session import Step
    from widgets.play.shared_game import SharedGame


class Undoing(PlayScreen, Protocol):
    """A play screen, as undo and redo use it (here, and an undo back to a line in
    widgets/play/undo_to.py): a `PlayScreen` that makes changes."""

    @property
    def shared(self) -> SharedGame:
        """The transactions on the game's file (`commit`) and the follow of other devices."""

    def refuse_watch_only(self) -> bool:
        """Say why nothing changes on a screen that only watches; True if it is one."""

    def confirm(self, message: str) -> None:
        """Say that this device's change was made, once it is drawn."""

    def last_line(self) -> str:
        """The log's newest line, as the screen shows it."""

    def person(self, seat: str) -> str:
        """Who sits at `seat`, as the table calls them."""

    def undone_line(self, step: Step) -> str:
        """What the undo notice says was taken back."""


def undo(screen: Undoing) -> None:
    """Undo the game's last action, whoever made it; another device's asks first."""
    if screen.refuse_watch_only():
        return
    if screen.shared.follow():  # the game moved since this screen showed it: look first
        screen.notify(
            words.look_first(screen.last_line()),
            title=t("Look first"),
            severity="warning",
            markup=False,
        )
        return
    if not screen.saved.origins:
        screen.notify(t("Nothing to undo."), severity="warning")
        return
    top = screen.saved.origins[-1]
    step = screen.session.last_step
    if top.by and top.by != screen.device and step is not None:
        from widgets.play.result import ConfirmUndoDialog

        def answered(yes: bool | None) -> None:
            if yes:
                undo_record(screen, top)

        question = words.undo_question(screen.person(top.seat))
        detail = words.undo_detail(step.line)
        dialog = ConfirmUndoDialog(question, detail, t("Undo it"), words.UNDO_AFTER)
        screen.app.push_screen(dialog, answered)
        return
    undo_record(screen, top)


def undo_record(screen: Undoing, top: Record) -> None:
    """Take back `top`, if it is still the game's last action when the file is written."""
    step = screen.session.last_step

    def decide(theirs: list[Record]) -> list[Draft]:
        origins = screen.saved.origins
        if not origins or origins[-1].number != top.number:
            raise RuleError(words.not_undone(screen.last_line()))
        return [Draft("undo", target=top.number)]

    def done(_mine: list[Record]) -> None:
        screen.shared.undid = True
        if step is not None:
            screen.confirm(words.undone(screen.undone_line(step)))

    screen.shared.commit(decide, done)


def redo(screen: Undoing) -> None:
    """Put back the action undone last, if nothing changed it meanwhile."""
    if screen.refuse_watch_only():
        return
    if not screen.saved.undone:
        screen.notify(t("Nothing to redo."), severity="warning")
        return
    top = screen.saved.undone[-1]

    def decide(theirs: list[Record]) -> list[Draft]:
        undone = screen.saved.undone
        if not undone or undone[-1].number != top.number:
            raise RuleError(phrase("Nothing to redo: another device changed the game meanwhile."))
        return [Draft("redo", target=top.number)]

    def done(_mine: list[Record]) -> None:
        screen.confirm(words.redone(screen.last_line()))

    screen.shared.commit(decide, done)

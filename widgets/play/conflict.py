"""When a game's file changed in a way that is not an appended record (replaced, cut, edited by
another program): the question (reload it, or keep this one), and what a play screen does with
the answer (`FileConflicts`). The file itself is never written over.

Either answer loses nothing: reloading shows the game as the file now holds it, keeping makes
this window's game a new save with a new id.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Button, Static

from companion.phrases import phrase
from lang import t, tr
from saves.files import SaveError
from widgets.kit.shown import plain, reason
from widgets.play import words
from widgets.play.host import PlayScreen
from widgets.shell.base import Answers, Dialog
from widgets.shell.chrome import KeyFooter

RELOAD = "reload"
KEEP_COPY = "copy"


class ConflictDialog(Dialog[str]):
    """Answers `RELOAD` or `KEEP_COPY`; escape keeps a copy (the choice that changes no file).

    | Key | Action |
    | --- | --- |
    | r | Reload the game as the other window saved it |
    | c | Keep this window's game as a copy (a new save) |
    | escape | Same as c |
    """

    BINDINGS = [
        Binding("r", "answer('reload')", phrase("Reload"), id="conflict-reload"),
        Binding("c", "answer('copy')", phrase("Keep as copy"), id="conflict-copy"),
        Binding(
            "escape", "answer('copy')", phrase("Keep as copy"), id="conflict-escape", show=False
        ),
    ]

    def __init__(self, why: str = "") -> None:
        super().__init__()
        self.why = why

    def compose(self) -> ComposeResult:
        with Vertical(id="conflict-box"):
            title = t("This game's file was changed outside the app.")
            yield Static(plain(title), id="conflict-title")
            yield Static(plain(tr(words.conflict_text(self.why))), id="conflict-text")
            with Answers():
                yield Button(plain(t("Reload (r)")), id=RELOAD, variant="primary")
                yield Button(plain(t("Keep as copy (c)")), id=KEEP_COPY)
        yield KeyFooter()

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id or KEEP_COPY)

    def action_answer(self, choice: str) -> None:
        self.dismiss(choice)


class FileConflicts:
    """A play screen's answers when its game's file can no longer simply be replaced: changed
    in another window (ask: reload it, or keep this game as a copy), or not replaceable at all (a
    link out of the data folder: kept as a copy at once). `follow_copy` follows the copy's file
    once the game is kept as one; `upgrade_later` waits for the lock of an older save reloaded
    while another device holds it."""

    def __init__(
        self,
        screen: PlayScreen,
        follow_copy: Callable[[], None],
        upgrade_later: Callable[[], None],
    ) -> None:
        self.screen = screen
        self.follow_copy = follow_copy
        self.upgrade_later = upgrade_later
        """An older save reloaded while another device holds its lock: played once free."""

    def ask(self, why: str = "") -> None:
        screen = self.screen
        if not screen.asking and screen.is_open:
            screen.asking = True
            screen.app.push_screen(ConflictDialog(why), self.answered)

    def answered(self, choice: str | None) -> None:
        self.screen.asking = False
        if choice == RELOAD:
            self.reload()
        else:
            self.keep_as_copy(words.CHANGED_OUTSIDE)

    def reload(self) -> None:
        """Go on from the game as the file holds it now."""
        screen = self.screen
        try:
            screen.saved = screen.companion.store.open_for_play(screen.saved.id)
        except SaveError as error:
            title = t("Cannot reload; kept as a copy")
            screen.notify(reason(error), title=title, severity="error", markup=False)
            self.keep_as_copy(error.problem)
            return
        screen.notify(t("Reloaded: the game as its file holds it now."), title=t("Reloaded"))
        screen.redraw()
        if screen.saved.upgrade_waits:
            self.upgrade_later()

    def reload_watched(self) -> None:
        """A watching screen whose file was replaced: read it again (nothing to ask)."""
        screen = self.screen
        try:
            screen.saved = screen.companion.store.load(screen.saved.id)
        except SaveError as error:
            title = t("Not followed")
            screen.notify(reason(error), title=title, severity="warning", markup=False)
            return
        screen.changed(screen.is_over)

    def keep_as_copy(self, why: str) -> None:
        """Save this window's game under a new id; the other file is left as it is."""
        screen = self.screen
        store = screen.companion.store
        try:
            copy = store.save_copy(screen.saved)
        except OSError as error:
            screen.notify(
                words.copy_failed(error), title=t("Not saved"), severity="error", markup=False
            )
            return
        screen.saved = copy
        self.follow_copy()
        screen.show_title()
        said = words.kept_as_copy(copy.id, why)
        screen.notify(said, title=t("Kept as a copy"), markup=False)

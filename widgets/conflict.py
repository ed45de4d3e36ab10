"""The question asked when a game's file changed in another window: reload it, or keep this one.

Either answer loses nothing: reloading shows the other window's game (this window's last move
was not saved, and is named), keeping makes this window's game a new save with a new id.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from widgets.base import Dialog
from widgets.chrome import KeyFooter

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
        Binding("r", "answer('reload')", "Reload", id="conflict-reload"),
        Binding("c", "answer('copy')", "Keep as copy", id="conflict-copy"),
        Binding("escape", "answer('copy')", "Keep as copy", id="conflict-escape", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="conflict-box"):
            yield Static("This game was changed in another window.", id="conflict-title")
            yield Static(
                "Nothing is lost either way. Reload it to go on from the other window's game, "
                "or keep this window's game as a copy: a new save beside the other.",
                id="conflict-text",
                markup=False,
            )
            with Horizontal(id="conflict-buttons"):
                yield Button("Reload (r)", id=RELOAD, variant="primary")
                yield Button("Keep as copy (c)", id=KEEP_COPY)
        yield KeyFooter()

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id or KEEP_COPY)

    def action_answer(self, choice: str) -> None:
        self.dismiss(choice)

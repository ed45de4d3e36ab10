"""The dialog that renames a player: their plays are counted under the new name from then on."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Button, Input, Label

from companion.phrases import phrase
from lang import t
from widgets.kit.kept_focus import Focus, focus_again, focus_of
from widgets.shell.base import Answers, Dialog
from widgets.shell.chrome import KeyFooter


class RenameDialog(Dialog[str | None]):
    """Type the player's new name (or another player's, to merge them).

    | Key | Action |
    | --- | --- |
    | enter | Rename |
    | escape | Cancel |
    """

    HELP_TOPIC = "stats"
    BINDINGS = [Binding("escape", "cancel", phrase("Cancel"), id="cancel-rename")]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.old_name = name
        self.typed = name
        """The new name as typed, read before a switch of language composes the field again."""
        self.focus_kept = Focus()
        """The field's cursor then."""

    def compose(self) -> ComposeResult:
        with Vertical(id="rename-box"):
            yield Label(t("Rename (an existing name merges the two):"))
            yield Label(self.old_name, id="rename-old", markup=False)
            yield Input(self.typed, id="rename-new", max_length=40)
            with Answers():
                yield Button(t("Rename (enter)"), action="screen.rename", variant="primary")
                yield Button(t("Cancel (esc)"), action="screen.cancel")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#rename-box").border_title = t("Rename player")
        self.query_one("#rename-new", Input).focus()

    def remember_before_speaking(self) -> None:
        """The name typed so far, kept through a switch of language."""
        self.typed = self.query_one("#rename-new", Input).value
        self.focus_kept = focus_of(self)

    def spoken_again(self) -> None:
        """Composed again in another language: its title said again, the name typed so far in
        the field, the cursor where it was."""
        self.query_one("#rename-box").border_title = t("Rename player")
        focus_again(self, self.focus_kept, self.query_one("#rename-new", Input))

    @on(Input.Submitted, "#rename-new")
    def submitted(self) -> None:
        self.action_rename()

    def action_rename(self) -> None:
        name = " ".join(self.query_one("#rename-new", Input).value.split())
        if not name:
            self.notify(t("Type a name."), severity="warning")
            return
        self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)

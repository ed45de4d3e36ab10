"""F1 help: the current screen's rules summary and keys, rendered from Markdown in the package."""

from __future__ import annotations

from importlib import resources

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import MarkdownViewer

from widgets.shell.base import Dialog
from widgets.shell.chrome import KeyFooter
from widgets.shell.games import game_ui

PLAY_HELP = resources.files("widgets.play") / "help.md"
"""What every play screen shares (the recap on resume), after each game's own help."""


def help_text(topic: str) -> str:
    """The Markdown help for a topic: the shell's own (`home`, `dice`, ...) shipped in
    `widgets/shell/help/`, or a game's (its id), which its screens' `GameUI` brings, followed
    by what every play screen shares (`PLAY_HELP`)."""
    resource = resources.files("widgets.shell") / "help" / f"{topic}.md"
    if resource.is_file():
        return resource.read_text(encoding="utf-8")
    ui = game_ui(topic)
    if ui is not None and ui.help_text is not None:
        return ui.help_text() + PLAY_HELP.read_text(encoding="utf-8")
    return f"# Help\n\nNo help is written for '{topic}' yet."


class HelpScreen(Dialog[None]):
    """The help for one screen over it; escape, q or f1 (the app's key) closes it.

    | Key | Action |
    | --- | --- |
    | escape, q | Close help |
    """

    BINDINGS = [
        Binding("escape,q", "close", "Close help", id="close-help"),
    ]

    def __init__(self, topic: str) -> None:
        super().__init__()
        self.topic = topic

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            yield MarkdownViewer(help_text(self.topic), show_table_of_contents=False)
        yield KeyFooter()

    def action_close(self) -> None:
        self.dismiss(None)

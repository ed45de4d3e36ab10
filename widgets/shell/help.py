"""F1 help: the current screen's rules summary and keys, rendered from Markdown in the package."""

from __future__ import annotations

import re
from importlib import resources

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import MarkdownViewer

from companion.guard import GameFault
from companion.registry import left_out
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
        text = resource.read_text(encoding="utf-8")
        return text + left_out_help() if topic == "home" else text
    ui = game_ui(topic)
    if ui is not None and ui.help_text is not None:
        try:
            own = ui.help_text()
        except GameFault as fault:  # the game's own code failed: its line, shown literally
            return f"# Help\n\n{fenced([str(fault)])}"
        return own + PLAY_HELP.read_text(encoding="utf-8")
    return f"# Help\n\nNo help is written for '{topic}' yet."


def left_out_help() -> str:
    """Home's help ends with every plug-in left out and why, as `companion games` lists them
    ("" when none was): their words shown literally, in a code block."""
    lines = [
        f"{item.name} ({' '.join(filter(None, (item.distribution, item.version))) or '?'}, "
        f"{item.group}): {item.reason}"
        for item in left_out()
    ]
    if not lines:
        return ""
    heading = "## Plug-ins not loaded\n\n`companion games` lists them too."
    return f"\n{heading}\n\n{fenced(lines)}"


def fenced(lines: list[str]) -> str:
    """Lines in a Markdown code block, shown as they are whatever they hold (a plug-in's words):
    its fence is longer than any run of backticks in them."""
    longest = max((len(run) for line in lines for run in re.findall("`+", line)), default=0)
    fence = "`" * max(3, longest + 1)
    listed = "\n".join(lines)
    return f"{fence}\n{listed}\n{fence}\n"


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

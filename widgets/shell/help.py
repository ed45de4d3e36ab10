"""F1 help: the current screen's rules summary and keys, rendered from Markdown in the package,
in the language in use (each page's blocks through the catalogs: `lang.markdown.translated`)."""

from __future__ import annotations

import re
from importlib import resources

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import MarkdownViewer

from companion.guard import GameFault
from companion.phrases import phrase
from companion.registry import left_out
from companion.text import visible
from lang import t, tr
from lang.markdown import translated
from widgets.shell.base import Dialog
from widgets.shell.chrome import KeyFooter
from widgets.shell.games import game_ui

PLAY_HELP = resources.files("widgets.play") / "help.md"
"""What every play screen shares (the recap on resume), after each game's own help."""


def help_text(topic: str) -> str:
    """The Markdown help for a topic: the shell's own (`home`, `dice`, ...) shipped in
    `widgets/shell/help/`, or a game's (its id), which its screens' `GameUI` brings, followed
    by what every play screen shares (`PLAY_HELP`); each page in the language in use."""
    resource = resources.files("widgets.shell") / "help" / f"{topic}.md"
    if resource.is_file():
        text = translated(resource.read_text(encoding="utf-8"))
        return text + left_out_help() if topic == "home" else text
    ui = game_ui(topic)
    if ui is not None and ui.help_text is not None:
        try:
            own = ui.help_text()
        except GameFault as fault:  # the game's own code failed: its line, shown literally
            heading = t("Help")
            return f"# {heading}\n\n{literal([tr(fault)])}"
        shared = translated(PLAY_HELP.read_text(encoding="utf-8"))
        return translated(own).rstrip() + "\n\n" + shared.lstrip()
    nothing = t("No help is written for '{topic}' yet.", topic=topic)
    heading = t("Help")
    return f"# {heading}\n\n{nothing}"


def left_out_help() -> str:
    """Home's help ends with every plug-in left out and why, as `companion games` lists them
    ("" when none was): their words shown literally, each an item that wraps at any width."""
    lines = [tr(item.line()) for item in left_out()]
    if not lines:
        return ""
    title, also = t("Plug-ins not loaded"), t("`companion games` lists them too.")
    heading = f"## {title}\n\n{also}"
    return f"\n{heading}\n\n{literal(lines)}"


MARKDOWN_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")
"""Every ASCII punctuation character, each of which a backslash makes literal in Markdown."""


def literal(lines: list[str]) -> str:
    """Lines as Markdown list items shown as they are whatever they hold (a plug-in's words: no
    emphasis, link or heading of theirs takes effect, no control character reaches the screen),
    wrapped to the help's width rather than cut at it."""
    escaped = (MARKDOWN_PUNCTUATION.sub(r"\\\1", visible(line)) for line in lines)
    return "".join(f"- {line}\n" for line in escaped)


class HelpScreen(Dialog[None]):
    """The help for one screen over it; escape, q or f1 (the app's key) closes it.

    | Key | Action |
    | --- | --- |
    | escape, q | Close help |
    """

    BINDINGS = [
        Binding("escape,q", "close", phrase("Close help"), id="close-help"),
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

"""The language the app speaks, chosen by the player: home's `L`, or "Language" in the command
palette on every screen.

The dialog lists every language the app has catalogs for (`lang.available`), each by its own
name, and "System" (the system's locale, or on a served device the browser's). The choice is
kept in the settings (saves/shared/languages.py): a terminal's as `language`, the command
line reading it at the next start; a device of `companion serve` keeps its own, by its public
id, in `device_languages`, so a French phone and a German phone at the same
table each keep theirs. The app switches only when the player picks: the language it starts in
is the command line's choice (`--lang`, this setting, the browser, the system).
"""

from __future__ import annotations

import os

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Button, Label, OptionList
from textual.widgets.option_list import Option

import lang
from companion.phrases import phrase
from lang import t
from widgets.kit.safe_lists import SafeOptionList
from widgets.kit.shown import plain
from widgets.shell.base import Answers, Dialog
from widgets.shell.chrome import KeyFooter


def system_language() -> str:
    """The language "System" stands for: a served device's browser's, else the system's locale,
    else English."""
    return lang.choose(browser=os.environ.get(lang.BROWSER_LANGUAGES))


def language_for(choice: str) -> str:
    """The language a choice of the dialog means now (`lang.SYSTEM`: `system_language`)."""
    return system_language() if choice == lang.SYSTEM else choice


class LanguageDialog(Dialog[str]):
    """Which language the app speaks: each one the app has, by its own name, and "System";
    answers the code picked (`lang.SYSTEM` for System), None when escape cancels.

    | Key | Action |
    | --- | --- |
    | up / down, enter | Speak the highlighted language (a tap on a row too) |
    | escape | Cancel |
    """

    CSS_PATH = "language.tcss"
    BINDINGS = [Binding("escape", "cancel", phrase("Cancel"), id="language-cancel")]

    def __init__(self, current: str | None) -> None:
        super().__init__()
        self.current = current
        """The choice kept now (None: never chosen), highlighted first."""

    def compose(self) -> ComposeResult:
        with Vertical(id="language-box"):
            yield Label(plain(t("Language")), id="language-title")
            system = lang.own_name(system_language())
            entries = [Option(plain(t("System ({language})", language=system)), id=lang.SYSTEM)]
            entries += [Option(plain(lang.own_name(code)), id=code) for code in lang.available()]
            yield SafeOptionList(*entries, id="language-list")
            with Answers():
                yield Button(plain(t("Cancel (esc)")), action="screen.cancel")
        yield KeyFooter()

    def on_mount(self) -> None:
        listed = self.query_one("#language-list", OptionList)
        ids = [lang.SYSTEM, *lang.available()]
        wanted = self.current if self.current in ids else lang.current()
        listed.highlighted = ids.index(wanted) if wanted in ids else 0
        listed.focus()

    @on(OptionList.OptionSelected, "#language-list")
    def picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id or lang.SYSTEM)

    def action_cancel(self) -> None:
        self.dismiss(None)

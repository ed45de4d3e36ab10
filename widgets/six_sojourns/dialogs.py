"""Six Sojourns dialogs: one line of text (a number, a cell), several lines (objectives), and
the trades tokens' question of a switch between pad and board.

The first two return the text typed, or None when the player pressed escape; the play screen
reads it with the parsers of `companion.six_sojourns.text`.
"""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Button, Input, Label, TextArea

from companion.phrases import phrase
from companion.text import visible
from lang import t
from widgets.kit.shown import plain
from widgets.shell.base import Answers, Dialog
from widgets.shell.chrome import KeyFooter


class AheadInput(Input):
    """The dialog's field: a key typed before the dialog was shown waits behind the keys held
    (`Dialog.hold`), so that `2 enter` typed fast is 2 and enter, never 25 with the next
    cell's 5."""

    def on_key(self, event: events.Key) -> None:
        dialog = self.screen
        if isinstance(dialog, Dialog) and dialog.holds_keys():
            dialog.hold(event)


class TextDialog(Dialog[str | None]):
    """Ask for one line: enter confirms, escape cancels.

    | Key | Action |
    | --- | --- |
    | enter | Confirm |
    | escape | Cancel |
    """

    BINDINGS = [Binding("escape", "cancel", phrase("Cancel"), id="cancel-entry")]

    def __init__(self, title: str, value: str = "", hint: str = "", numeric: bool = False) -> None:
        super().__init__()
        self.title_text = title
        self.value = value
        self.hint = hint
        self.numeric = numeric

    def compose(self) -> ComposeResult:
        with Vertical(id="ss-dialog"):
            yield Label(plain(self.title_text), id="ss-dialog-title")
            yield AheadInput(
                visible(self.value),
                id="ss-dialog-input",
                type="integer" if self.numeric else "text",
                select_on_focus=False,
            )
            yield Label(plain(self.hint), id="ss-dialog-hint")
            with Answers():
                yield Button(
                    t("Confirm ({key})", key="enter"), action="screen.confirm", variant="primary"
                )
                yield Button(t("Cancel ({key})", key="esc"), action="screen.cancel")
        yield KeyFooter()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        """The field's enter; one typed before the dialog was shown waits for it (`hold`)."""
        if self.shown:
            self.dismiss(event.value)
        else:
            self.held.append(("enter", None))

    def action_confirm(self) -> None:
        self.dismiss(self.query_one("#ss-dialog-input", Input).value)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def type_ahead(self, key: str, character: str | None) -> None:
        """A key typed before the dialog showed, typed into its field now, at once and in
        order: enter answers, escape cancels, backspace takes back; another key that is no
        character (an arrow meant for the sheet) does nothing here."""
        field = self.query_one("#ss-dialog-input", Input)
        if key == "enter":
            self.action_confirm()
        elif key == "escape":
            self.action_cancel()
        elif key == "backspace":
            field.action_delete_left()
        elif character is not None and character.isprintable():
            field.insert_text_at_cursor(character)


class LinesDialog(Dialog[str | None]):
    """Ask for several lines (a player's objective cards): ctrl+s confirms, escape cancels.

    | Key | Action |
    | --- | --- |
    | ctrl+s | Confirm |
    | escape | Cancel |
    """

    BINDINGS = [
        Binding("ctrl+s", "confirm", phrase("Save"), id="save-lines"),
        Binding("escape", "cancel", phrase("Cancel"), id="cancel-lines"),
    ]

    def __init__(self, title: str, value: str, hint: str) -> None:
        super().__init__()
        self.title_text = title
        self.value = value
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical(id="ss-dialog", classes="lines"):
            yield Label(plain(self.title_text), id="ss-dialog-title")
            lines = visible(self.value, lines=True)
            yield TextArea(lines, id="ss-dialog-lines", show_line_numbers=False)
            yield Label(plain(self.hint), id="ss-dialog-hint")
            with Answers():
                yield Button(
                    t("Save ({key})", key="ctrl+s"), action="screen.confirm", variant="primary"
                )
                yield Button(t("Cancel ({key})", key="esc"), action="screen.cancel")
        yield KeyFooter()

    def action_confirm(self) -> None:
        self.dismiss(self.query_one(TextArea).text)

    def action_cancel(self) -> None:
        self.dismiss(None)


class TokensDialog(Dialog[str | None]):
    """Before a switch between pad and board: convert the trades tokens or keep the icons typed.

    | Key | Action |
    | --- | --- |
    | c | Convert the icons typed |
    | k | Keep the icons as typed |
    | escape | Do not switch |
    """

    BINDINGS = [
        Binding("c", "answer('convert')", phrase("Convert"), id="tokens-convert"),
        Binding("k", "answer('keep')", phrase("Keep"), id="tokens-keep"),
        Binding("escape", "answer('')", phrase("Cancel"), id="tokens-cancel"),
    ]

    def __init__(self, title: str, question: str, convert: str, keep: str) -> None:
        super().__init__()
        self.title_text = title
        self.question = question
        self.choices = {"convert": convert, "keep": keep}

    def compose(self) -> ComposeResult:
        with Vertical(id="ss-dialog", classes="choice"):
            yield Label(plain(self.title_text), id="ss-dialog-title")
            yield Label(plain(self.question), id="ss-dialog-question")
            for choice, words in self.choices.items():
                answer = f"screen.answer('{choice}')"
                yield Button(plain(f"{words} ({choice[0]})"), id=f"tokens-{choice}", action=answer)
            with Answers():
                yield Button(t("Do not switch ({key})", key="esc"), action="screen.answer('')")
        yield KeyFooter()

    def action_answer(self, choice: str) -> None:
        self.dismiss(choice or None)

"""Players' colours on screen: a ● in the player's colour before their name, which is always
there in words (the colour is a help, never the only sign), and the dialog that chooses one.

The shades are the palette's own data, picked for a contrast of 3:1 or more against dark and
light backgrounds alike; a ● is the only thing drawn in them.
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Button, Label, OptionList
from textual.widgets.option_list import Option

from companion.phrases import phrase
from lang import t
from saves.shared.roster import COLOURS
from widgets.kit.safe_lists import SafeOptionList
from widgets.kit.shown import plain
from widgets.shell.base import Answers, Dialog
from widgets.shell.chrome import KeyFooter

SHADES = {
    "red": "#d9363e",
    "orange": "#cc6200",
    "yellow": "#9a7d00",
    "green": "#2b8f3f",
    "teal": "#008b82",
    "blue": "#3b7be0",
    "purple": "#9b52d1",
    "pink": "#d2438c",
    "brown": "#9c6428",
    "grey": "#7f7f7f",
}
"""Each colour of `saves.shared.roster.COLOURS`, as drawn."""

DOT = "●"
NO_COLOUR = "no-colour"
"""The dialog's option that takes a player's colour away."""
NAME = "\x00"
"""Where a player's name goes in a translated sentence that `with_name` shows it in."""


def colour_word(colour: str) -> str:
    """A colour (an id in the settings: `red`) in the reader's words."""
    words = {
        "red": t("red"),
        "orange": t("orange"),
        "yellow": t("yellow"),
        "green": t("green"),
        "teal": t("teal"),
        "blue": t("blue"),
        "purple": t("purple"),
        "pink": t("pink"),
        "brown": t("brown"),
        "grey": t("grey"),
    }
    return words.get(colour, colour)


def with_name(said: str, name: Text) -> Text:
    """A sentence translated with `NAME` for a player's name, the name put in as `name` (its
    colour's ● kept), wherever the language puts it."""
    before, _, after = said.partition(NAME)
    return Text.assemble(before, name, after, end="")


def swatch(colour: str | None) -> Text:
    """A ● and a space in the colour; two spaces for a player without one (names stay in line)."""
    if colour is None:
        return Text("  ", end="")
    return Text.assemble((DOT, SHADES[colour]), " ", end="")


def named(name: str, colour: str | None) -> Text:
    """The name in words, shown literally, after a ● when the player has a colour."""
    mark = Text(end="") if colour is None else swatch(colour)
    return Text.assemble(mark, plain(name), end="")


def in_column(name: str, colours: Mapping[str, str], width: int | None = None) -> Text:
    """The name in a column of names: after its ● (or two spaces) when any player has a colour,
    so the names stay in line; cut to `width` columns (the ● included) with an ellipsis, and
    padded to it."""
    mark = swatch(colours.get(name)) if colours else Text(end="")
    text = plain(name)
    if width is not None:
        text.truncate(width - mark.cell_len, overflow="ellipsis", pad=True)
    return Text.assemble(mark, text, end="")


class ColourDialog(Dialog[str | None]):
    """Choose a player's colour: the named colours, then "No colour".

    Answers a name from `COLOURS`, `NO_COLOUR`, or None when cancelled.

    | Key | Action |
    | --- | --- |
    | up, down | Move through the colours |
    | enter | Choose |
    | escape | Cancel |
    """

    HELP_TOPIC = "stats"
    BINDINGS = [Binding("escape", "cancel", phrase("Cancel"), id="cancel-colour")]

    def __init__(self, name: str, current: str | None) -> None:
        super().__init__()
        self.player = name
        self.current = current
        self.highlighted: int | None = None
        """The colour highlighted, read before a switch of language composes the list again."""

    def compose(self) -> ComposeResult:
        options = [Option(Text.assemble(swatch(c), colour_word(c)), id=c) for c in COLOURS]
        options.append(Option(Text.assemble(swatch(None), t("No colour")), id=NO_COLOUR))
        with Vertical(id="colour-box"):
            said = t("Colour for {player}", player=NAME)
            yield Label(with_name(said, plain(self.player)), id="colour-player")
            yield SafeOptionList(*options, id="colour-list")
            with Answers():
                yield Button(t("Cancel (esc)"), action="screen.cancel")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#colour-box").border_title = t("Player colour")
        choices = self.query_one("#colour-list", OptionList)
        choices.highlighted = COLOURS.index(self.current) if self.current else len(COLOURS)
        choices.focus()

    def remember_before_speaking(self) -> None:
        """The colour highlighted, kept through a switch of language."""
        self.highlighted = self.query_one("#colour-list", OptionList).highlighted

    def spoken_again(self) -> None:
        """Composed again in another language: the colour highlighted before stays so."""
        self.query_one("#colour-box").border_title = t("Player colour")
        choices = self.query_one("#colour-list", OptionList)
        choices.highlighted = self.highlighted
        choices.focus()

    @on(OptionList.OptionSelected, "#colour-list")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)

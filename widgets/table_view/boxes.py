"""The table view's boxes: one group of figures, each number large under its label in words."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Digits, Static

from widgets.shown import plain
from widgets.table_view.figures import Group


def shape(group: Group) -> tuple[str, ...]:
    """What a box is built from: a group with the same figure labels is shown by updating it."""
    return tuple(figure.label for figure in group.figures)


class GroupBox(Vertical):
    """A group in a frame: its title, its figures side by side, its note under them (shown when
    some group of the view has one, so that boxes side by side end level)."""

    def __init__(self, group: Group) -> None:
        super().__init__(classes="tv-group")
        self.group = group

    def compose(self) -> ComposeResult:
        group = self.group
        yield Static(plain(group.title), classes="tv-title")
        with Horizontal(classes="tv-figures"):
            for figure in group.figures:
                with Vertical(classes="tv-figure") as column:
                    column.styles.width = figure.width  # the label centred over the number
                    yield Static(plain(figure.label), classes="tv-label")
                    yield Digits(figure.digits)
        yield Static(plain(group.note), classes="tv-note")

    def show(self, group: Group) -> None:
        """Write a group of the same shape into this box: only what changed is redrawn."""
        if group == self.group:
            return
        self.group = group
        self.query_one(".tv-title", Static).update(plain(group.title))
        columns = self.query(".tv-figure")
        for column, figure in zip(columns, group.figures, strict=True):
            digits = column.query_one(Digits)
            if digits.value != figure.digits:
                column.styles.width = figure.width
                digits.update(figure.digits)
        self.query_one(".tv-note", Static).update(plain(group.note))

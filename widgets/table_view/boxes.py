"""The table view's boxes: one group of figures, each number large under its label in words."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from widgets.shown import plain
from widgets.table_view.digits import ScaledDigits
from widgets.table_view.figures import Group


def shape(group: Group) -> tuple[str, ...]:
    """What a box is built from: a group with the same figure labels is shown by updating it."""
    return tuple(figure.label for figure in group.figures)


class GroupBox(Vertical):
    """A group in a frame: its title, its figures side by side, its note under them (shown when
    some group of the view has one, so that boxes side by side end level)."""

    def __init__(self, group: Group, scale: int) -> None:
        super().__init__(classes="tv-group")
        self.group = group
        self.scale = scale
        """The size of the numbers (`digits.SCALES`)."""
        self.figures: list[tuple[Vertical, ScaledDigits]] = []
        """Each figure's column and number, as composed (kept: a box resized or updated before
        its children are mounted cannot query them yet)."""

    def compose(self) -> ComposeResult:
        group = self.group
        yield Static(plain(group.title), classes="tv-title")
        with Horizontal(classes="tv-figures"):
            for figure in group.figures:
                with Vertical(classes="tv-figure") as column:
                    # the label centred over the number
                    column.styles.width = figure.width_at(self.scale)
                    yield Static(plain(figure.label), classes="tv-label")
                    digits = ScaledDigits(figure.digits, self.scale)
                    yield digits
                self.figures.append((column, digits))
        yield Static(plain(group.note), classes="tv-note")

    def set_scale(self, scale: int) -> None:
        """Draw the numbers at another size, each column as wide as it then needs."""
        if scale == self.scale:
            return
        self.scale = scale
        # (none before it is composed: it then composes at this scale)
        for (column, digits), figure in zip(self.figures, self.group.figures, strict=False):
            column.styles.width = figure.width_at(scale)
            digits.set_scale(scale)

    def show(self, group: Group) -> None:
        """Write a group of the same shape into this box: only what changed is redrawn."""
        if group == self.group:
            return
        self.group = group
        self.query_one(".tv-title", Static).update(plain(group.title))
        for (column, digits), figure in zip(self.figures, group.figures, strict=False):
            if digits.value != figure.digits:
                column.styles.width = figure.width_at(self.scale)
                digits.update(figure.digits)
        self.query_one(".tv-note", Static).update(plain(group.note))

"""The table view's boxes: one group of figures, each number large under its label in words."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from widgets.kit.shown import plain
from widgets.table_view.digits import ScaledDigits
from widgets.table_view.figures import Group


def shape(group: Group) -> tuple[str, ...]:
    """What a box is built from: a group with the same figure labels is shown by updating it."""
    return tuple(figure.label for figure in group.figures)


class GroupBox(Vertical):
    """A group in a frame: its title, its figures side by side, its note under them (shown when
    some group of the view has one, so that boxes side by side end level)."""

    def __init__(self, group: Group, scale: int, tight: bool) -> None:
        super().__init__(classes="tv-group")
        self.group = group
        self.scale = scale
        """The size of the numbers (`digits.SCALES`)."""
        self.tight = tight
        """Whether the labels wrap between words, to fit a narrow screen."""
        self.figures: list[tuple[Vertical, Static, ScaledDigits]] = []
        """Each figure's column and number, as composed (kept: a box resized or updated before
        its children are mounted cannot query them yet)."""

    def compose(self) -> ComposeResult:
        group = self.group
        yield Static(plain(group.title), classes="tv-title")
        with Horizontal(classes="tv-figures"):
            for figure in group.figures:
                with Vertical(classes="tv-figure") as column:
                    label = Static(plain(figure.label), classes="tv-label")
                    yield label
                    digits = ScaledDigits(figure.digits, self.scale)
                    yield digits
                self.figures.append((column, label, digits))
        yield Static(plain(group.note), classes="tv-note")

    def on_mount(self) -> None:
        self.size_figures()

    def set_scale(self, scale: int, tight: bool) -> None:
        """Draw the numbers at another size, or the labels wrapped or not."""
        if (scale, tight) == (self.scale, self.tight):
            return
        self.scale, self.tight = scale, tight
        for _column, _label, digits in self.figures:
            digits.set_scale(scale)
        self.size_figures()

    def size_figures(self) -> None:
        """Each column as wide as its figure needs, the label centred over the number; every
        label of the box as many lines as the longest, so that the numbers stand level."""
        lines = self.group.label_lines(self.scale, self.tight)
        # (none before it is composed: it then composes at this size)
        for (column, label, _digits), figure in zip(self.figures, self.group.figures, strict=False):
            column.styles.width = figure.width_at(self.scale, self.tight)
            label.styles.height = lines

    def show(self, group: Group) -> None:
        """Write a group of the same shape into this box: only what changed is redrawn."""
        if group == self.group:
            return
        self.group = group
        self.query_one(".tv-title", Static).update(plain(group.title))
        for (_column, _label, digits), figure in zip(self.figures, group.figures, strict=False):
            if digits.value != figure.digits:
                digits.update(figure.digits)
        self.size_figures()
        self.query_one(".tv-note", Static).update(plain(group.note))

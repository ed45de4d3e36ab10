"""What a table view shows, as plain data: each game's module turns its state into these.

The screen draws them: every figure's number in large `Digits` under its label in words, each
group in a box, the headline on top. Keeping them data (no widget here) lets the screen skip a
redraw when nothing changed and lets tests read what a state shows without a terminal.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text

from widgets.table_view.digits import digits_height, digits_width

FIGURE_GAP = 2
"""Columns between two figures of a group (their margin in `table_view.tcss`)."""
NOTE_WIDTH = 24
"""Columns a note wraps at, at the narrowest (a box with no figures is still readable)."""
BOX_FRAME = 4
"""Columns a group's box adds around its figures: the border and one column of padding each
side (`table_view.tcss`)."""


@dataclass(frozen=True)
class Figure:
    """One number for the table: `label` says what it counts, in the game's own words."""

    label: str
    value: int
    """The number, drawn large (`digits.SCALES`)."""

    @property
    def digits(self) -> str:
        return str(self.value)

    @property
    def width(self) -> int:
        return self.width_at(1)

    def width_at(self, scale: int, tight: bool = False) -> int:
        """Columns the figure needs: its label (`tight`: its longest word, the label wrapping
        between words), or its large number with a column either side (`scale` columns from
        2: two numbers side by side never read as one), whichever is wider."""
        words = self.label.split() if tight else [self.label]
        label = max((cell_len(word) for word in words), default=0)
        return max(label, digits_width(self.digits, scale) + 2 * scale)

    def label_lines(self, scale: int, tight: bool) -> int:
        """Lines the label takes in the figure's width."""
        return wrapped_lines(self.label, self.width_at(scale, tight)) if tight else 1


@dataclass(frozen=True)
class Group:
    """Figures that belong together: one player's, one agent's, or the table's own."""

    title: str
    """Who or what the figures are about; a player's name is shown exactly as typed."""
    figures: tuple[Figure, ...] = ()
    note: str = ""
    """Words under the numbers (a role, a destination), wrapped to the box."""

    @property
    def width(self) -> int:
        return self.width_at(1)

    def width_at(self, scale: int, tight: bool = False) -> int:
        """Columns the box needs so that its figures stand side by side, whole, no word of its
        title or note is broken (they wrap between words), and its note takes few lines
        (`tight`: the labels wrap between words too)."""
        figures = sum(figure.width_at(scale, tight) for figure in self.figures)
        gaps = FIGURE_GAP * max(0, len(self.figures) - 1)
        words = [*self.title.split(), *self.note.split()]
        longest_word = max((cell_len(word) for word in words), default=0)
        note = min(cell_len(self.note), NOTE_WIDTH)
        return max(figures + gaps, longest_word, note) + BOX_FRAME

    def label_lines(self, scale: int, tight: bool) -> int:
        """Lines the labels take: all as many as the longest, so the numbers stand level."""
        return max((figure.label_lines(scale, tight) for figure in self.figures), default=1)


@dataclass(frozen=True)
class TableContent:
    """Everything a table view shows for one state."""

    headline: str
    """The line everyone needs first: the round and phase, whose turn, or how the game ended."""
    groups: tuple[Group, ...]
    boards: tuple[Text, ...] = ()
    """A drawing under the groups (Time Bastards' timelines), when the game has one: the same
    drawing at each width it comes in, widest first; the view shows the widest that fits."""
    board_title: str = ""
    """What the drawing is, in words, on its frame."""


def columns_for(
    groups: tuple[Group, ...], width: int, gutter: int = 1, scale: int = 1, tight: bool = False
) -> tuple[int, ...]:
    """The columns the boxes go in, as the width each needs at least (boxes in reading order,
    row by row): as many side by side as fit whole in `width`, spread so that no row is emptier
    than it must be (four boxes in two rows of two, not three and one)."""
    for tried in range(len(groups), 0, -1):
        rows = -(-len(groups) // tried)
        count = -(-len(groups) // rows)
        needed = tuple(
            max(g.width_at(scale, tight) for g in groups[column::count]) for column in range(count)
        )
        if sum(needed) + gutter * (count - 1) <= width:
            return needed
    return (max((group.width_at(scale, tight) for group in groups), default=width),)


def wrapped_lines(text: str, width: int) -> int:
    """Lines a text takes wrapped between words at `width` columns (at least one)."""
    lines, used = 1, 0
    for word in text.split():
        size = cell_len(word)
        if used and used + 1 + size > width:
            lines, used = lines + 1, size
        else:
            used += size + (1 if used else 0)
    return lines


def boxes_height(
    groups: tuple[Group, ...], columns: tuple[int, ...], scale: int, tight: bool = False
) -> int:
    """Rows the boxes take in `columns` (as `columns_for` gives them), each row of boxes as
    tall as its tallest: the frame, the title, the labels, the numbers and, when some box has
    one, the note."""
    notes = any(group.note for group in groups)
    total = 0
    for start in range(0, len(groups), len(columns)):
        row = groups[start : start + len(columns)]
        total += max(
            2  # the frame
            + wrapped_lines(group.title, width - BOX_FRAME)
            + group.label_lines(scale, tight)
            + digits_height(scale)
            + (wrapped_lines(group.note, width - BOX_FRAME) if notes else 0)
            for group, width in zip(row, columns, strict=False)
        )
    return total

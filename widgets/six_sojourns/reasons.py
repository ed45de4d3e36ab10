"""Every point's reason, one per line and wrapped to the panel: drawn line by line (issue 44).

A key changes a few points (an undo, a redo, a coin): the panel is given all the reasons again,
keeps each one drawn by its words and width, and draws on screen only the lines that differ. A
Textual `RichLog` cleared and written again rendered every reason through Rich and laid the
screen out at each key (three times a minimal app's key on a phone). The lines are shown by a
`TailView` (widgets/play/tail_view.py) inside the panel's border, its scrollbar always drawn
(the `RichLog` had `overflow-y: scroll`), from the top: a player who scrolled stays where he is.
Each reason is rendered as the `RichLog` rendered it (as wide as its words, down to the panel's
width and never under `MIN_WIDTH`), so the panel reads the same.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.segment import Segment
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container
from textual.strip import Strip

from companion.phrases import phrase
from widgets.kit.shown import plain
from widgets.play.tail_view import TailView

MIN_WIDTH = 20
"""A reason is wrapped no narrower than this (a phone's panel is wider)."""
KEPT = 512
"""Reasons kept rendered, by words and width: those of many keys, which an undo shows again."""


class ReasonsPanel(Container, can_focus=True):
    """The reasons; `show` brings them up to date.

    | Key | Action |
    | --- | --- |
    | up / down, pageup / pagedown | Scroll a line, a page |
    | home / end | The first reason, the last |
    | mouse wheel, scrollbar | Scroll |
    """

    DEFAULT_CLASSES = "reasons"
    BINDINGS = [
        Binding("up", "scroll_by(-1)", phrase("Scroll up"), show=False),
        Binding("down", "scroll_by(1)", phrase("Scroll down"), show=False),
        Binding("pageup", "scroll_page(-1)", phrase("Page up"), show=False),
        Binding("pagedown", "scroll_page(1)", phrase("Page down"), show=False),
        Binding("home", "scroll_at(0)", phrase("Top"), show=False),
        Binding("end", "scroll_at(-1)", phrase("Bottom"), show=False),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view = TailView(self)
        self.view.anchored = self.view.keep_end = False  # (read from the top)
        self.view.bar_always = True
        self.reasons: list[str] = []
        """The reasons shown, one per entry."""
        self._width = 0
        self._lines: list[Strip] = []
        """Every reason's lines as rendered at `_width`, in order."""
        self._rendered: dict[tuple[str, int], list[Strip]] = {}
        self._drawn: dict[int, tuple[Strip, Strip]] = {}
        """Each line as last drawn for the view, with the rendered line it was drawn from."""

    def compose(self) -> ComposeResult:
        yield self.view

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._drawn.clear()

    def show(self, reasons: Sequence[str]) -> None:
        """Show these reasons: only the lines that differ from those shown are drawn again."""
        if list(reasons) == self.reasons:
            return
        self.reasons = list(reasons)
        before, self._lines = self._lines, self._all_lines()
        after = self._lines
        changed = [
            index
            for index in range(max(len(before), len(after)))
            if index >= min(len(before), len(after)) or before[index] is not after[index]
        ]
        if changed:
            self.view.update(changed)

    @property
    def plain_lines(self) -> list[str]:
        """Every line as text, as a reader sees it scrolling through."""
        return [strip.text.rstrip() for strip in self._lines]

    def _all_lines(self) -> list[Strip]:
        if len(self._rendered) > KEPT:
            self._rendered.clear()
        return [line for said in self.reasons for line in self._reason_lines(said)]

    def _reason_lines(self, said: str) -> list[Strip]:
        """A reason's lines, as Textual's `RichLog` renders a line written to it."""
        width = self._width
        key = (said, width)
        lines = self._rendered.get(key)
        if lines is None:
            console = self.app.console
            text = plain(said)
            render_width = max(min(text.cell_len, width), MIN_WIDTH)
            options = console.options.update_width(render_width)
            rendered = list(Segment.split_lines(console.render(text, options)))
            lines = Strip.from_lines(rendered) if rendered else [Strip.blank(render_width)]
            self._rendered[key] = lines
        return lines

    # What the view shows (`tail_view.Lines`)

    @property
    def line_count(self) -> int:
        return len(self._lines)

    def line(self, index: int) -> Strip:
        """The line at `index`, at the view's width, drawn once and kept."""
        rendered = self._lines[index]
        drawn = self._drawn.get(index)
        if drawn is None or drawn[0] is not rendered:
            style = self.view.rich_style
            shown = rendered.crop_extend(0, self.view.text_width, style).apply_style(style)
            drawn = self._drawn[index] = (rendered, shown)
        return drawn[1]

    def draw_again(self, width: int, top: int) -> int:
        """Every reason rendered again at a new width (or the styles changed)."""
        self._drawn.clear()
        if width != self._width and width > 0:
            self._width = width
            self._lines = self._all_lines()
        return top

    # Keys

    def action_scroll_by(self, lines: int) -> None:
        self.view.scroll_to_line(self.view.top + lines)

    def action_scroll_page(self, direction: int) -> None:
        self.view.scroll_to_line(self.view.top + direction * max(1, self.view.height - 1))

    def action_scroll_at(self, line: int) -> None:
        self.view.scroll_to_line(line if line >= 0 else self.view.max_top)

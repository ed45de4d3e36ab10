"""A view of a long list of lines kept at its newest line, scrolled and drawn by itself.

The action log grows by an entry at each key (issue 44). A Textual scroll view that grows asks
for the screen to be laid out again (its virtual size changes), and its scrollbar is a widget
drawn again at each change; this view has no virtual size: it keeps the first line it shows
(`top`) itself and draws its scrollbar as the last columns of its own lines
(widgets/kit/bar_cells.py), so a new line costs the lines that changed and no layout. Its rows
have no border or padding of their own (the log around it draws the border), so what Textual
adds to each row is little, and a row is kept composed (line and scrollbar cell) until its line
or the scrollbar changes: a scroll by one line finds every row but the new one composed.

Kept at the newest line (anchored) until a player scrolls up (the wheel, or the scrollbar
dragged or clicked); scrolling back to the end anchors it again.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Protocol

from rich.segment import Segment
from textual.cache import LRUCache
from textual.events import MouseDown, MouseMove, MouseScrollDown, MouseScrollUp, MouseUp, Resize
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from widgets.kit.bar_cells import bar_cells

ROWS_KEPT = 1024
"""How many composed rows are kept: many screens of them."""


class Lines(Protocol):
    """What the view shows: a number of lines, each drawn at the view's text width."""

    @property
    def line_count(self) -> int:
        """How many lines there are."""
        ...

    def line(self, index: int) -> Strip:
        """The line at `index`, exactly `text_width` cells wide, styled as it is shown."""
        ...

    def draw_again(self, width: int, top: int) -> int:
        """Every line is drawn again, at `width` (the view's width or styles changed): where
        the line that was at `top` is now (its entry's first line, once wrapped again)."""
        ...


class TailView(Widget):
    """The lines of `lines` from `top`, a scrollbar at the right, kept at the end (anchored)."""

    DEFAULT_CSS = """
    TailView {
        width: 1fr;
        height: 1fr;
    }
    """

    def __init__(self, lines: Lines, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines = lines
        self.top = 0
        """The first line shown."""
        self.anchored = True
        """Kept at the newest line: a player who scrolls up releases it, the end anchors it."""
        self._bar: list[Segment] = []
        """The scrollbar's cell of each row, drawn when the thumb moves."""
        self._bar_at: tuple[int, ...] = ()
        """What `_bar` was drawn for: (height, lines, top, width)."""
        self._rows: LRUCache[tuple[int, Segment], tuple[Strip | None, Strip]] = LRUCache(ROWS_KEPT)
        """Rows as composed, by (line, scrollbar cell), with the line they were composed from:
        a row moved by a scroll is found composed, a line drawn again is composed again."""
        self._dragging = False
        self.keep_end = True
        """Scrolled to the end, the view follows the newest line again (a log); False: it stays
        where it is read (a panel read from the top)."""
        self.bar_always = False
        """The scrollbar shows even while every line fits (a panel Textual drew with
        `overflow-y: scroll`): a thumb the bar's length."""
        self._measured = (0, 0, 0)
        """(scrollbar width, text width, height), read when the size or the styles change."""

    @property
    def bar_width(self) -> int:
        """The scrollbar's columns (the view's `scrollbar-size-vertical`), always kept."""
        return self._measured[0]

    @property
    def text_width(self) -> int:
        """The width the lines are drawn at: the view's, less the scrollbar."""
        return self._measured[1]

    @property
    def height(self) -> int:
        """How many lines are shown at once."""
        return self._measured[2]

    def _measure(self) -> None:
        """Read the view's size and scrollbar width once (not for each row it draws)."""
        bar_width = max(0, self.styles.scrollbar_size_vertical)
        width, height = self.size
        self._measured = (bar_width, max(0, width - bar_width), height)

    @property
    def max_top(self) -> int:
        """The top that shows the last line at the bottom."""
        return max(0, self.lines.line_count - self.height)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._measure()
        self._rows.clear()
        self._bar_at = ()  # the colours are read again
        self.top = self.lines.draw_again(self.text_width, self.top)

    def on_resize(self, event: Resize) -> None:
        self._measure()
        self._rows.clear()
        self.top = self.lines.draw_again(self.text_width, self.top)  # the same entry at the top
        self.update()

    def update(self, changed: range | Collection[int] | None = None) -> None:
        """The lines changed (`changed`: the lines drawn again, a range or a few lines; None:
        all of them): keep the end in view when anchored, and redraw only the rows that show a
        changed line or a scrollbar cell that changed, unless the view scrolled (then every row
        moved)."""
        top = self.max_top if self.anchored else min(self.top, self.max_top)
        if changed is None or top != self.top:
            self.top = top
            self.refresh()
            return
        before = self._bar
        after = self._bar_cells()
        if isinstance(changed, range):  # (however many changed: only those on screen walked)
            shown: Collection[int] = range(
                max(changed.start, top), min(changed.stop, top + self.height)
            )
        else:
            shown = [line for line in changed if top <= line < top + self.height]
        rows = {line - top for line in shown}
        rows.update(y for y, cell in enumerate(after) if y >= len(before) or before[y] != cell)
        if rows:
            width = self.size.width
            self.refresh(*(Region(0, y, width, 1) for y in sorted(rows)))

    def scroll_to_line(self, top: int) -> None:
        """Show the lines from `top` (kept within the lines): at the end, anchored again."""
        top = min(max(top, 0), self.max_top)
        self.anchored = self.keep_end and top >= self.max_top
        if top != self.top:
            self.top = top
            self.refresh()

    def show_lines(self, start: int, count: int) -> None:
        """Scroll as little as needed to show the lines from `start` (as many as fit)."""
        if start < self.top:
            self.scroll_to_line(start)
        elif start + min(count, self.height) > self.top + self.height:
            self.scroll_to_line(start + min(count, self.height) - self.height)
        else:
            self.anchored = self.keep_end and self.top >= self.max_top

    def on_mouse_scroll_up(self, event: MouseScrollUp) -> None:
        if self.top > 0:
            event.stop()
            self.scroll_to_line(self.top - max(1, round(self.app.scroll_sensitivity_y)))

    def on_mouse_scroll_down(self, event: MouseScrollDown) -> None:
        if self.top < self.max_top:
            event.stop()
            self.scroll_to_line(self.top + max(1, round(self.app.scroll_sensitivity_y)))

    def on_mouse_down(self, event: MouseDown) -> None:
        """A press on the scrollbar moves the view there; held, it drags it."""
        if event.x < self.text_width or self.max_top == 0:
            return
        event.stop()
        self._dragging = True
        self.capture_mouse()
        self._drag_to(event.y)

    def on_mouse_move(self, event: MouseMove) -> None:
        if self._dragging:
            event.stop()
            self._drag_to(event.y)

    def on_mouse_up(self, event: MouseUp) -> None:
        if self._dragging:
            event.stop()
            self._dragging = False
            self.release_mouse()

    def _drag_to(self, y: int) -> None:
        """The thumb's middle at row `y`: the lines it stands for are shown."""
        last = max(1, self.height - 1)
        self.scroll_to_line(round(min(max(y, 0), last) / last * self.max_top))

    def render_line(self, y: int) -> Strip:
        index = self.top + y
        bar = self._bar_cells()
        cell = bar[y] if y < len(bar) else Segment(" " * self.bar_width)
        line = self.lines.line(index) if index < self.lines.line_count else None
        kept = self._rows.get((index, cell))
        if kept is not None and kept[0] is line:  # the same line drawn, the same cell
            return kept[1]
        row = self.compose_row(line, cell)
        self._rows[(index, cell)] = (line, row)
        return row

    def compose_row(self, line: Strip | None, cell: Segment) -> Strip:
        """A row: its line (None: blank) and its scrollbar cell."""
        text = line if line is not None else Strip.blank(self.text_width, self.rich_style)
        return Strip([*text, cell], self.text_width + self.bar_width) if self.bar_width else text

    def _bar_cells(self) -> list[Segment]:
        """The scrollbar's cell of each row, as Textual's own scrollbar draws it (none while
        every line fits: the gutter is left blank): drawn again only when the thumb moves, or
        when the styles change (`notify_style_update`)."""
        count, height = self.lines.line_count, self.height
        drawn_for = (height, count, self.top, self.bar_width)
        if drawn_for == self._bar_at:
            return self._bar
        self._bar_at = drawn_for
        self._bar = bar_cells(self, height, count, self.top, self.bar_width, self.bar_always)
        return self._bar

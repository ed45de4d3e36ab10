"""The list of what may be done now, each choice with its key, the moves of a 6 numbered.

The keys of a fresh turn (m, t, r), a timeline's number (1-4) and n (move none) work anywhere on
the screen and are always written before their choice. The moves after a 6 have no key of
their own: while the list has the focus they are numbered 1-9 inside it, and a digit takes its
move (the numbers show only then, as only then do the digits mean them).

The list is plain lines drawn with Textual's Line API, as its own `Log` is: each choice is
wrapped once for the list's width (its later lines under its words, not under its key), and a
key redraws only the lines whose words, key or highlight changed. (An `OptionList` of Rich
tables drew every choice again at each key, which cost more than the rest of the key.) Its
scrollbar is drawn in its own lines (widgets/kit/bar_cells.py), where Textual would put its own:
a list that comes to overflow, or to fit, lays nothing out again, and a notice's layout does not
draw the bar again in a frame of its own.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from companion.phrases import phrase
from companion.text import visible
from widgets.kit.bar_cells import bar_cells

KEY_WIDTH = 3
"""Columns before each choice's words: its key and the space after it."""
WRAPPED_KEPT = 64
"""Choices kept wrapped: those of the last few decisions, which an undo lists again."""
STRIPS_KEPT = 256
"""Lines kept as drawn: those of the last few lists, which an undo and a redo draw again."""


@dataclass(frozen=True)
class Entry:
    """A choice as listed: its words, the choice's id, and its key (`""` for a numbered move)."""

    words: str
    option_id: str
    key: str = ""


@dataclass(frozen=True)
class Line:
    """One line of the list as drawn: the choice it belongs to, its key column (the choice's
    key or number on its first line, blank after), and its part of the choice's words."""

    entry: int
    key: str
    words: str
    numbered: bool = False
    """The key is a move's number, written only while the list has the focus."""


Look = tuple[Line | None, bool, bool, bool, int]
"""What decides how a line is drawn: the line (None past the last), highlighted, under the
mouse, focused, and the list's width inside (less where its scrollbar shows)."""


class NumberedChoices(ScrollView, can_focus=True):
    """The choices as plain lines; the entries without a key are numbered 1-9 while focused.

    | Key | Action |
    | --- | --- |
    | up / down | Highlight the choice before / after (round from the ends) |
    | home / end, pageup / pagedown | The first choice, the last, a page away |
    | enter (or a tap on a choice) | Take the highlighted choice |
    | 1-9 | After a 6, while the list has the focus: take the move of that number |
    """

    COMPONENT_CLASSES = {"choices--highlight", "choices--hover"}
    """The highlighted choice (the list's cursor, bold while the list has the focus), and the
    choice under the mouse."""
    BINDINGS = [
        Binding("up", "move(-1)", phrase("Up"), show=False),
        Binding("down", "move(1)", phrase("Down"), show=False),
        Binding("home", "first", phrase("First"), show=False),
        Binding("end", "last", phrase("Last"), show=False),
        Binding("pageup", "page(-1)", phrase("Page up"), show=False),
        Binding("pagedown", "page(1)", phrase("Page down"), show=False),
        Binding("enter", "select", phrase("Select"), show=False),
    ]

    class Picked(Message):
        """A choice was taken (enter, a tap, or its number)."""

        def __init__(self, choices: NumberedChoices, entry: Entry) -> None:
            super().__init__()
            self.choices = choices
            self.entry = entry

        @property
        def control(self) -> NumberedChoices:
            return self.choices

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries: list[Entry] = []
        self.numbers: dict[str, int] = {}
        """A digit typed in the list -> the index of the move it takes."""
        self._highlighted: int | None = None
        self._width = 0
        """The width the lines are wrapped to (0 until the list has a size)."""
        self._room = 0
        """The list's width inside, with no scrollbar (0 until the list has a size)."""
        self._inner = 0
        """The list's width inside as its lines are drawn: less where its scrollbar shows."""
        self._lines: list[Line] = []
        self._starts: list[int] = []
        """The first line of each entry, and the number of lines at the end."""
        self._wrapped: dict[tuple[str, int], list[str]] = {}
        """A choice's words as wrapped lines, by (words, width), for the last few lists."""
        self._drawn: dict[int, tuple[Look, Strip]] = {}
        """Lines as last drawn, by line, with the look they were drawn with: a redraw draws
        only the lines whose look changed."""
        self._strips: dict[Look, Strip] = {}
        """Lines as drawn by look and width, for the last few lists: an undo and its redo list
        the same choices again, and their lines are not drawn twice."""
        self._line_styles: tuple[Style, Style, Style] | None = None
        """The list's style, its highlight's and its hover's, as last worked out from the CSS."""
        self._hover: int | None = None
        """The index of the choice under the mouse."""
        self._fitted: tuple[int, int] = (0, 0)
        """The room (width, height) the lines were last wrapped for."""
        self._bar: list[Segment] = []
        """The scrollbar's cell of each row, drawn when the thumb moves."""
        self._bar_at: tuple[int, ...] = ()
        """What `_bar` was drawn for: (height, lines, top, thickness)."""
        self._dragging = False
        """The scrollbar is held: the mouse's moves scroll the list."""
        self._barred = False
        """The lines were drawn beside the scrollbar (they overflowed the list)."""
        self._rows: dict[int, tuple[Strip, Segment, Strip]] = {}
        """Each line with its scrollbar cell as last composed, by line: a frame that draws the
        list again (a layout) composes nothing new."""

    # What the screen asks of the list

    @property
    def option_count(self) -> int:
        """How many choices are listed."""
        return len(self.entries)

    @property
    def highlighted(self) -> int | None:
        """The index of the highlighted choice (None when nothing is listed)."""
        return self._highlighted

    @highlighted.setter
    def highlighted(self, index: int | None) -> None:
        if index is not None:
            index = min(max(index, 0), len(self.entries) - 1) if self.entries else None
        was, self._highlighted = self._highlighted, index
        if was != index:
            self._redraw_entry(was)
            self._redraw_entry(index)
        self._show_highlighted()

    def show(self, entries: list[Entry]) -> None:
        """List these entries, the first one highlighted, scrolled to the top.

        Only the lines that differ from what is drawn are drawn again; the screen is laid out
        again only when the list's height follows its lines (a phone's column) and their
        number changed, or its scrollbar comes or goes."""
        self.entries = entries
        unkeyed = [index for index, entry in enumerate(entries) if not entry.key]
        self.numbers = {str(number): index for number, index in enumerate(unkeyed[:9], start=1)}
        if len(self._wrapped) > WRAPPED_KEPT:  # the oldest go (undo and redo list them again)
            self._wrapped = dict(list(self._wrapped.items())[-WRAPPED_KEPT // 2 :])
        self._relayout()
        self._highlighted = 0 if entries else None
        self._redraw_changed()
        if self.scroll_y:  # (a scroll asked for where the list is costs as much as one)
            self.scroll_to(y=0, animate=False, immediate=True, force=True)

    def key_of(self, index: int) -> str:
        """The key written before an entry: its own, or its number while the list has focus."""
        entry = self.entries[index]
        if entry.key:
            return entry.key
        if self.has_focus:
            return next((digit for digit, at in self.numbers.items() if at == index), "")
        return ""

    @property
    def plain_lines(self) -> list[str]:
        """Every line of the list as text, as a reader sees it scrolling through."""
        return [
            f"{self._key(line, self.has_focus):<{KEY_WIDTH}}{line.words}".rstrip()
            for line in self._lines
        ]

    # Keys and taps

    def action_move(self, step: int) -> None:
        """Highlight the choice `step` away, round from the last to the first and back."""
        if self.entries:
            here = self._highlighted if self._highlighted is not None else -step
            self.highlighted = (here + step) % len(self.entries)

    def action_first(self) -> None:
        self.highlighted = 0

    def action_last(self) -> None:
        self.highlighted = len(self.entries) - 1

    def action_page(self, direction: int) -> None:
        """Highlight the choice a page of lines away (before the first layout: nothing)."""
        if self._highlighted is None or not self._lines:
            return
        page = max(1, self.scrollable_content_region.height)
        line = self._starts[self._highlighted] + direction * page
        self.highlighted = self._lines[min(max(line, 0), len(self._lines) - 1)].entry

    def action_select(self) -> None:
        """Take the highlighted choice."""
        if self._highlighted is not None:
            self.post_message(self.Picked(self, self.entries[self._highlighted]))

    def on_click(self, event: events.Click) -> None:
        """A tap on a choice highlights it and takes it (not one on the scrollbar)."""
        offset = event.get_content_offset(self)
        if offset is None or offset.x >= self._inner:
            return
        line = offset.y + self.scroll_offset.y
        if 0 <= line < len(self._lines):
            event.stop()
            self.highlighted = self._lines[line].entry
            self.action_select()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """The choice under the mouse is lit, as a tap would take it."""
        if self._dragging:
            event.stop()
            self._drag_to(event.y)
            return
        offset = event.get_content_offset(self)
        on_words = offset is not None and offset.x < self._inner
        line = offset.y + self.scroll_offset.y if offset is not None and on_words else -1
        self._hover_over(self._lines[line].entry if 0 <= line < len(self._lines) else None)

    def on_leave(self) -> None:
        self._hover_over(None)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        if self.scroll_y > 0:
            event.stop()
            self._scroll_by(-1)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        if self.scroll_y < self.max_scroll_y:
            event.stop()
            self._scroll_by(1)

    def _scroll_by(self, direction: int) -> None:
        step = direction * max(1, round(self.app.scroll_sensitivity_y))
        self.scroll_to(y=self.scroll_y + step, animate=False, immediate=True, force=True)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """A press on the scrollbar moves the list there; held, it drags it."""
        offset = event.get_content_offset(self)
        if offset is None or offset.x < self._inner or not self.max_scroll_y:
            return
        event.stop()
        self._dragging = True
        self.capture_mouse()
        self._drag_to(event.y)

    def on_mouse_up(self, event: events.MouseUp) -> None:
        if self._dragging:
            event.stop()
            self._dragging = False
            self.release_mouse()

    def _drag_to(self, y: int) -> None:
        """The thumb's middle at row `y`: the lines it stands for are shown."""
        last = max(1, self.scrollable_content_region.height - 1)
        top = round(min(max(y, 0), last) / last * self.max_scroll_y)
        self.scroll_to(y=top, animate=False, immediate=True, force=True)

    def _hover_over(self, entry: int | None) -> None:
        if entry != self._hover:
            was, self._hover = self._hover, entry
            self._redraw_entry(was)
            self._redraw_entry(entry)

    def on_key(self, event: events.Key) -> None:
        """A move's number takes that move (other digits go on to the screen's keys)."""
        index = self.numbers.get(event.character or "")
        if index is not None:
            event.stop()
            event.prevent_default()
            self.highlighted = index
            self.action_select()

    def on_focus(self) -> None:
        self._redraw_all()

    def on_blur(self) -> None:
        self._redraw_all()

    # Lines

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._line_styles = None
        self._drawn.clear()
        self._strips.clear()
        self._rows.clear()
        self._bar_at = ()  # the colours are read again

    def on_resize(self) -> None:
        self._fit_width()

    def _fit_width(self) -> None:
        """Wrap the choices again for a new width, or a new height (whether they overflow it
        decides whether their scrollbar takes columns)."""
        region = self.scrollable_content_region
        room = region.width
        if room > 0 and (room, region.height) != self._fitted:
            wider_or_narrower = room != self._fitted[0]
            self._fitted = (room, region.height)
            self._room = room
            self._relayout()
            if wider_or_narrower:
                self._redraw_all()
            else:  # (a phone's list, as tall as its lines: the lines drawn are kept)
                self._redraw_changed()

    @property
    def _thickness(self) -> int:
        """The scrollbar's columns (the list's `scrollbar-size-vertical`)."""
        return max(0, self.styles.scrollbar_size_vertical)

    def _view_height(self) -> int:
        """The rows the lines have: the list's, or the most it grows to where its height follows
        its lines (a phone's column)."""
        if self._fixed_height:
            return self.scrollable_content_region.height
        most = self.styles.max_height
        cells = most.cells if most is not None else None
        return sys.maxsize if cells is None else cells

    @property
    def _fixed_height(self) -> bool:
        """The list's height is set by the screen, not by its lines."""
        height = self.styles.height
        return height is not None and not height.is_auto

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many lines as the choices take at `width` (a phone's column fits the list to
        them)."""
        return sum(len(self._words_lines(entry.words, width)) for entry in self.entries)

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        look = self._look(index)
        drawn = self._drawn.get(index)
        if drawn is None or drawn[0] != look:
            drawn = (look, self._strip(look))
            self._drawn[index] = drawn
        if self._inner == self._room:  # the lines fit: no scrollbar
            return drawn[1]
        bar = self._bar_cells()
        if y >= len(bar):
            return drawn[1]
        kept = self._rows.get(index)
        if kept is None or kept[0] is not drawn[1] or kept[1] != bar[y]:
            row = Strip([*drawn[1], bar[y]], self._inner + self._thickness)
            kept = self._rows[index] = (drawn[1], bar[y], row)
        return kept[2]

    def _bar_cells(self) -> list[Segment]:
        """The scrollbar's cell of each row (blank while the lines fit), drawn again only when
        the thumb moves or the styles change."""
        height, top = self._fitted[1], self.scroll_offset.y  # (the height, as last fitted)
        drawn_for = (height, len(self._lines), top, self._thickness)
        if drawn_for != self._bar_at:
            self._bar_at = drawn_for
            base = self.rich_style  # under the bar's own colours, as Textual paints its bar
            cells = bar_cells(self, height, len(self._lines), top, self._thickness)
            self._bar = [Segment(cell.text, base + cell.style) for cell in cells]
        return self._bar

    def _strip(self, look: Look) -> Strip:
        """A line drawn with `look`, drawn once for the last few lists."""
        strip = self._strips.get(look)
        if strip is None:
            if len(self._strips) > STRIPS_KEPT:  # the oldest go
                self._strips = dict(list(self._strips.items())[-STRIPS_KEPT // 2 :])
            strip = self._strips[look] = self._draw(look)
        return strip

    def _look(self, index: int) -> Look:
        line = self._lines[index] if index < len(self._lines) else None
        lit = line is not None and line.entry == self._highlighted
        hover = line is not None and line.entry == self._hover
        return (line, lit, hover, self.has_focus, self._inner)

    def _draw(self, look: Look) -> Strip:
        line, lit, hover, focused, width = look
        if self._line_styles is None:  # (Textual works each out from the CSS at every call)
            self._line_styles = (
                self.rich_style,
                self.get_component_rich_style("choices--highlight"),
                self.get_component_rich_style("choices--hover"),
            )
        style, highlight, hovered = self._line_styles
        if line is None:
            return Strip.blank(width, style)
        key = self._key(line, focused)
        strip = Strip([Segment(f"{key:<{KEY_WIDTH}}"), Segment(line.words)])
        strip = strip.crop_extend(0, width, None)
        if lit:  # the words' whole width, so the cursor reads as a bar
            strip = strip.apply_style(highlight)
        elif hover:
            strip = strip.apply_style(hovered)
        return strip.apply_style(style).simplify()  # (one piece a line: less to draw)

    @staticmethod
    def _key(line: Line, focused: bool) -> str:
        """A line's key column: a move's number only while the list has the focus."""
        return line.key if focused or not line.numbered else ""

    def _words_lines(self, words: str, width: int) -> list[str]:
        """A choice's words wrapped to what the key column leaves of `width` (at least one
        line, a word longer than a line folded)."""
        key = (words, width)
        lines = self._wrapped.get(key)
        if lines is None:
            room = max(1, width - KEY_WIDTH)
            text = Text(visible(words))  # a name in it is shown as typed, never as a control
            wrapped = text.wrap(self.app.console, room, overflow="fold")
            lines = [part.plain.rstrip() for part in wrapped] or [""]
            self._wrapped[key] = lines
        return lines

    def _relayout(self) -> None:
        """The lines of every entry at the list's width, and the list's new length. Lines that
        overflow the list are wrapped beside its scrollbar: the frame that answers a key draws
        the words where they stay."""
        self._barred = self._inner != self._room  # (as drawn so far)
        width = self._room
        self._lines, self._starts = self._lines_at(width)
        if len(self._lines) > self._view_height():
            width = max(1, width - self._thickness)
            self._lines, self._starts = self._lines_at(width)
        self._width = self._inner = width
        if width:
            self._resize_virtual()

    def _lines_at(self, width: int) -> tuple[list[Line], list[int]]:
        """Each entry's lines wrapped at `width` (none before the list has a width), and the
        first line of each entry with the number of lines at the end."""
        numbers = {index: digit for digit, index in self.numbers.items()}
        lines: list[Line] = []
        starts: list[int] = []
        for index, entry in enumerate(self.entries):
            starts.append(len(lines))
            key = entry.key or numbers.get(index, "")
            wrapped = self._words_lines(entry.words, width) if width else []
            for number, words in enumerate(wrapped):
                lines.append(Line(index, key if number == 0 else "", words, not entry.key))
        starts.append(len(lines))
        return lines, starts

    def _resize_virtual(self) -> None:
        """The list's new length. A list of a fixed height keeps its place on the screen
        whether its lines overflow it or not (its scrollbar is in its lines): the screen is
        not laid out again, which costs more than the lines drawn. A list whose height follows
        its lines (a phone's column) is laid out again when their number changed, after the
        frame that answers the key draws them in the place the list has (as Textual's own
        `OptionList` sizes its lines as it draws them)."""
        size = Size(self._width, len(self._lines))
        if not self.is_mounted:
            self.virtual_size = size
            return
        before = self.virtual_size.height
        self.set_reactive(NumberedChoices.virtual_size, size)
        if not self._fixed_height and size.height != before:
            self.call_after_refresh(self.refresh, layout=True, repaint=False)
        if self.scroll_y > self.max_scroll_y:  # the list got shorter than where it was
            self.scroll_to(y=self.max_scroll_y, animate=False, immediate=True, force=True)

    def _redraw_changed(self) -> None:
        """Draw again only the lines whose look differs from the look they were drawn with
        (one refresh for them all: each asks the screen for a frame)."""
        changed = set()
        top, view = self.scroll_offset.y, self.scrollable_content_region.height
        for index in range(max(len(self._lines), max(self._drawn, default=-1) + 1)):
            drawn = self._drawn.get(index)
            if drawn is None or drawn[0] != self._look(index):
                self._drawn.pop(index, None)
                if top <= index < top + view:  # (a line out of sight is drawn when it shows)
                    changed.add(index - top)
        # The rows whose scrollbar cell moved are drawn again too (a bar that came or went
        # wrapped every line again: they are all in `changed` already).
        if self._barred and self._inner != self._room:
            before, after = self._bar, self._bar_cells()
            changed.update(
                y for y, cell in enumerate(after) if y >= len(before) or before[y] != cell
            )
        if changed:
            self.refresh(*(self._line_region(top + y) for y in sorted(changed)))

    def _line_region(self, index: int) -> Region:
        """The line at `index` where it is on the list's face (as `refresh_line` has it)."""
        width = max(self.virtual_size.width, self.size.width)
        return Region(0, index - self.scroll_offset.y, width, 1)

    def _redraw_entry(self, entry: int | None) -> None:
        if entry is not None and entry + 1 < len(self._starts):
            start, end = self._starts[entry], self._starts[entry + 1]
            if end > start:
                self.refresh_lines(start, end - start)

    def _redraw_all(self) -> None:
        self._line_styles = None
        self._drawn.clear()
        self._strips.clear()
        self.refresh()

    def _show_highlighted(self) -> None:
        entry = self._highlighted
        if entry is not None and entry + 1 < len(self._starts):
            top = self._starts[entry]
            region = Region(0, top, 1, max(1, self._starts[entry + 1] - top))
            self.scroll_to_region(region, animate=False, immediate=True, x_axis=False, force=True)

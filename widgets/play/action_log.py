"""The action log: the session's history in words, newest at the bottom, kept scrolled to it.

A key press changes the history by a step or two at its end (an action, an undo, a redo), so the
log changes by what changed, on Textual's Line API as its own `Log` is (issue 44): it appends the
new steps, drops the undone ones, and draws only the lines that are new. Each entry's height is
counted when it arrives or when the log's width changes (without building its lines); its lines
are wrapped when they are first on screen and kept at that width, and each line is kept drawn at
its final width and style (by its place in the log, marked or not) until its entry is undone or
the width or the styles change. The lines are shown by a `TailView` (widgets/play/tail_view.py)
inside the log's border: it keeps its place and draws its own scrollbar, so a new entry lays
nothing out again and Textual has no border or padding to add to each row. A redraw costs the
same at 5,000 logged actions as at 50 (issue 15), and a game of 60,000 actions opens without
drawing 60,000 entries (issue 30).

A line of it can be picked to undo back to it (issue 42): focused, the log shows one entry
marked (the newest when it gets the focus), up and down move the mark, enter picks it; a tap
(a click) on an entry picks it at once. The log only posts `ActionLog.Picked`: the play screen
asks before anything is undone (widgets/play/undo_to.py).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence

from rich.cells import cell_len, chop_cells
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.cache import LRUCache
from textual.containers import Container
from textual.events import Click
from textual.message import Message
from textual.reactive import var
from textual.strip import Strip

from companion.phrases import phrase
from companion.session import Step
from companion.text import visible
from lang import tr
from widgets.play.tail_view import TailView

RENDERED_LINES = 1024
"""How many drawn lines are kept: many screens of them, as Textual's `Log` keeps."""
EMPTY = phrase("Nothing has happened yet.")
"""What the log says before the first action."""
LOG = phrase("Log")
"""The log's title, on its border."""
PICK_HINT = phrase("↑↓ enter: undo to here")
"""Under the focused log: how to pick a line (a tap on one picks it too)."""


def entry_lines(number: int, line: str, width: int, console: Console) -> list[Text]:
    """One numbered entry wrapped to `width` cells, its later lines indented under its text.

    The number (`  1. `, `1000. `) is as wide as it needs: the text beside it wraps to what is
    left, so no entry's first line is longer than the log is wide."""
    line = visible(line)  # a name or title in it is shown as typed, never as a control
    prefix = f"{number:>3}. "
    if width <= len(prefix) * 2:  # too narrow to indent: wrap the numbered line as it is
        return list(Text(f"{number}. {line}").wrap(console, max(1, width), overflow="fold"))
    parts = list(Text(line).wrap(console, width - len(prefix), overflow="fold")) or [Text()]
    first = Text(prefix) + parts[0]
    return [first, *(Text(" " * len(prefix)) + part for part in parts[1:])]


WORD = re.compile(r"\s*\S+\s*")
"""A word and the spaces around it, as Rich's word wrap takes them."""


def wrapped_count(text: str, width: int) -> int:
    """How many lines Rich's word wrap gives `text` in `width` cells, folding a word longer
    than a line (`Text.wrap(..., overflow="fold")`), counted without building them."""
    breaks, offset = 0, 0
    for word_match in WORD.finditer(text):
        start, word = word_match.start(), word_match.group()
        length = cell_len(word.rstrip())
        if width - offset >= length:
            offset += cell_len(word)
        elif length > width:
            pieces = chop_cells(word, width)
            breaks += len(pieces) - (0 if start else 1)
            offset = cell_len(pieces[-1])
        elif offset and start:
            breaks += 1
            offset = cell_len(word)
    return breaks + 1


def entry_height(number: int, line: str, width: int) -> int:
    """How many lines `entry_lines` gives, counted without drawing them (opening a long game
    sizes its log from every entry's height and draws only the last ones)."""
    line = visible(line)
    prefix = f"{number:>3}. "
    if width <= len(prefix) * 2:
        return wrapped_count(f"{number}. {line}", max(1, width))
    return wrapped_count(line, width - len(prefix))


def history_lines(history: Sequence[str], width: int, console: Console) -> list[str]:
    """The whole history as the log shows it at `width`: what the incremental log must equal."""
    if not history:
        return [tr(EMPTY)]
    return [
        text.plain.rstrip()
        for number, line in enumerate(history, start=1)
        for text in entry_lines(number, tr(line), width, console)
    ]


class ActionLog(Container, can_focus=True):
    """Shows a session's history; `show` brings it up to date with the session's steps.

    | Key | Action |
    | --- | --- |
    | mouse wheel, scrollbar | Scroll (up: stays there; back at the end: follows again) |
    | up / down | Mark the entry before / after |
    | pageup / pagedown, home / end | Mark an entry a page away, the first, the newest |
    | enter (or a tap on an entry) | Undo back to the marked entry (asked first) |
    """

    DEFAULT_CLASSES = "action-log"
    COMPONENT_CLASSES = {"action-log--cursor"}
    """The marked entry (reverse video in widgets/companion.tcss: seen without colour)."""
    BINDINGS = [
        Binding("up", "mark(-1)", phrase("Earlier line"), show=False),
        Binding("down", "mark(1)", phrase("Later line"), show=False),
        Binding("pageup", "mark_page(-1)", phrase("Page up"), show=False),
        Binding("pagedown", "mark_page(1)", phrase("Page down"), show=False),
        Binding("home", "mark_at(0)", phrase("First line"), show=False),
        Binding("end", "mark_at(-1)", phrase("Newest line"), show=False),
        # said on the log's border while it is focused (`PICK_HINT`): the footers are full
        Binding("enter", "pick", phrase("Undo back to here"), id="log-undo-to", show=False),
    ]

    revision: var[int] = var(0)
    """Counts the changes of the entries shown: a question about them watches it."""

    class Picked(Message):
        """An entry was picked: undo back to its line (`line`, counted from 1)."""

        def __init__(self, log: ActionLog, line: int) -> None:
            super().__init__()
            self.log = log
            self.line = line

        @property
        def control(self) -> ActionLog:
            return self.log

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = tr(LOG)
        self.view = TailView(self)
        """The lines on screen: where they are scrolled to, and the scrollbar."""
        self._steps: list[Step] = []
        """The steps shown, in order: compared by identity with the session's."""
        self._wrapped: list[list[Strip] | None] = []
        """Each step's wrapped lines at `_width`, once they have been on screen (None before)."""
        self._ends: list[int] = []
        """The number of lines up to and including each step (for finding a line's step)."""
        self._width = 0
        self._rendered: LRUCache[tuple[int, bool], Strip] = LRUCache(RENDERED_LINES)
        """Lines as last drawn at their final width and style, by (line, marked): a redraw
        draws only lines it has not drawn before (Textual's `Log` keeps its lines the same way)."""
        self._styles: tuple[Style, Style] | None = None
        """The lines' style and the mark's, read once until the styles change."""
        self.marked: int | None = None
        """The index of the entry marked to be picked (None until the log is first focused)."""
        self._due_mark: int | None = None
        """How far before the newest entry to mark once the log has its entries (a log in a
        tab not yet shown is filled only when its tab is)."""

    def compose(self) -> ComposeResult:
        yield self.view

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._rendered.clear()
        self._styles = None

    def show(self, steps: Sequence[Step]) -> None:
        """Bring the log up to date with these steps (a session's `steps`).

        A session is a stack: a step at the same place as before has the same steps under it, so
        the common part is found by walking back from the end only as far as the steps differ.
        """
        shown = self._steps
        keep = min(len(shown), len(steps))
        while keep and shown[keep - 1] is not steps[keep - 1]:
            keep -= 1
        if keep == len(shown) == len(steps):
            return
        first_changed = self.entry_top(keep)
        old_end = self.line_count
        marked_before = self.marked
        for line in range(first_changed, old_end):  # the undone entries' lines only
            self._rendered.discard((line, False))
            self._rendered.discard((line, True))
        del shown[keep:], self._wrapped[keep:], self._ends[keep:]
        for step in steps[keep:]:
            self._add(step)
        if self.marked is not None and self.marked >= len(shown):  # its line was undone
            self.marked = len(shown) - 1 if shown else None
        self.revision += 1
        # Kept at the end, the view moves now: the frame that draws the new entry shows it
        # (another window's action shows in the first frame after it). A view that moved
        # redraws its rows from the lines kept; one that did not, its changed rows only.
        self.view.update(range(first_changed, max(old_end, self.line_count)))
        if marked_before is not None and marked_before != self.marked:
            self._refresh_entry(marked_before)
            self._refresh_entry(self.marked)
        if self._due_mark is not None and self._steps:
            self.mark_before_newest(self._due_mark)

    # The mark and the pick

    def on_focus(self) -> None:
        if self.marked is None and self._steps:
            self.marked = len(self._steps) - 1
        self.border_subtitle = tr(PICK_HINT)  # where the eyes are: no toast over the lines
        self._refresh_entry(self.marked)

    def on_blur(self) -> None:
        self.border_subtitle = ""
        self._refresh_entry(self.marked)

    def mark_before_newest(self, back: int) -> None:
        """Mark the entry `back` entries before the newest (now, or once the log is filled)."""
        if not self._steps:
            self._due_mark = back
            return
        self._due_mark = None
        self._mark_entry(len(self._steps) - 1 - back)

    def action_mark(self, move: int) -> None:
        """Mark the entry `move` entries away (up: earlier, down: later). A log focused before
        it had its entries (a tab just shown) has none marked: the move is from the newest, as
        if it had been marked when focused."""
        newest = len(self._steps) - 1
        self._mark_entry((self.marked if self.marked is not None else newest) + move)

    def action_mark_page(self, direction: int) -> None:
        """Mark the entry a page of lines away."""
        if self.marked is None or not self._steps:
            return
        page = max(1, self.view.height - 1)
        line = self.entry_top(self.marked) + direction * page
        line = min(max(line, 0), self._ends[-1] - 1)
        self._mark_entry(bisect_right(self._ends, line))

    def action_mark_at(self, entry: int) -> None:
        """Mark the first entry (0) or the newest (-1)."""
        self._mark_entry(entry if entry >= 0 else len(self._steps) - 1)

    def action_pick(self) -> None:
        """Undo back to the marked entry: the screen asks first (with no entry: line 0, which
        the screen answers with why nothing can be undone)."""
        self.post_message(self.Picked(self, 0 if self.marked is None else self.marked + 1))

    def on_click(self, event: Click) -> None:
        """A tap (a click) on an entry marks it and picks it."""
        view = self.view.region  # a tap on the view's lines (not the border, not the bar)
        if not view.contains_point(event.screen_offset) or not self._steps:
            return
        offset = event.screen_offset - view.offset
        if offset.x >= self.view.text_width:
            return  # the scrollbar's: the view scrolls
        line = offset.y + self.view.top
        if line >= self._ends[-1]:
            return
        event.stop()
        self._mark_entry(bisect_right(self._ends, line))
        self.action_pick()

    def entry_top(self, entry: int) -> int:
        """The first of the log's lines (counted from 0) that the entry at `entry` takes."""
        return self._ends[entry - 1] if entry else 0

    def _mark_entry(self, entry: int) -> None:
        if not self._steps:
            return
        unmarked, self.marked = self.marked, min(max(entry, 0), len(self._steps) - 1)
        start = self.entry_top(self.marked)
        self.view.show_lines(start, self._ends[self.marked] - start)
        self._refresh_entry(unmarked)  # the mark is drawn where it is now, and nowhere else
        self._refresh_entry(self.marked)

    def _refresh_entry(self, entry: int | None) -> None:
        """Draw an entry's lines again (the mark came or went): a line is kept drawn marked
        and unmarked, so only the screen is updated."""
        if entry is not None and entry < len(self._steps):
            self.view.update(range(self.entry_top(entry), self._ends[entry]))

    @property
    def plain_lines(self) -> list[str]:
        """Every line of the log as text (what a reader sees when scrolling through it)."""
        if not self._steps:
            return [tr(EMPTY)]
        return [
            strip.text.rstrip() for index in range(len(self._steps)) for strip in self._lines(index)
        ]

    def _add(self, step: Step) -> None:
        number = len(self._steps) + 1
        self._steps.append(step)
        height = entry_height(number, tr(step.line), self._width) if self._width else 0
        self._wrapped.append(None)
        self._ends.append((self._ends[-1] if self._ends else 0) + height)

    def _lines(self, index: int) -> list[Strip]:
        """The lines of the entry at `index`, wrapped and drawn when first asked for."""
        lines = self._wrapped[index]
        if lines is None:
            lines = self._strips(index + 1, tr(self._steps[index].line)) if self._width else []
            self._wrapped[index] = lines
        return lines

    def _strips(self, number: int, line: str) -> list[Strip]:
        console = self.app.console
        return [
            Strip(text.render(console, end=""), text.cell_len)
            for text in entry_lines(number, line, self._width, console)
        ]

    # What the view shows (`tail_view.Lines`)

    @property
    def line_count(self) -> int:
        """How many lines the log has (the empty log has its one line)."""
        return self._ends[-1] if self._ends else 1

    def draw_again(self, width: int, top: int) -> int:
        """Wrap everything again at a new width (a resize, or a hidden tab shown at last), and
        draw every line again (its styles changed): the entry at `top` stays at the top."""
        self._rendered.clear()
        self._styles = None
        if width == self._width or width <= 0:
            return top
        top_entry = bisect_right(self._ends, top)
        self._width = width
        steps, self._steps, self._wrapped, self._ends = self._steps, [], [], []
        for step in steps:
            self._add(step)
        return self.entry_top(min(top_entry, len(self._steps)))

    def line(self, index: int) -> Strip:
        """The log's line at `index`, at the view's width, marked if its entry is (and the log
        is focused), drawn once and kept."""
        marked = self.has_focus and self.marked is not None
        if not self._steps:
            entry = -1
        else:
            entry = bisect_right(self._ends, index)
            marked = marked and entry == self.marked
        cached = self._rendered.get((index, marked))
        if cached is None:
            cached = self._rendered[(index, marked)] = self.draw_line(index, entry, marked)
        return cached

    def draw_line(self, index: int, entry: int, marked: bool) -> Strip:
        """Draw the line at `index` (of the entry at `entry`, -1: the empty log's line) at its
        final width and style."""
        if self._styles is None:  # read once, until the styles change (`draw_again`)
            cursor = self.get_component_rich_style("action-log--cursor")
            self._styles = (self.view.rich_style, cursor)
        style, cursor = self._styles
        if entry < 0:
            empty = tr(EMPTY)
            text = Strip([]) if index else Strip([Segment(empty)], cell_len(empty))
        else:
            text = self._lines(entry)[index - self.entry_top(entry)]
        drawn = text.crop_extend(0, self._width, style)
        if marked:  # the whole width, so the mark reads as a bar
            drawn = drawn.apply_style(cursor)
        return drawn.apply_style(style)

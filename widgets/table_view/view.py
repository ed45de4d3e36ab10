"""The table view's body: the headline, the boxes of large figures, the drawing under them.

It is given what it shows (a game and its state, `show`) and keeps nothing else: the play
screen's table view and the table display both draw through it. Its numbers grow with the
screen: the largest size at which everything fits whole, up to about a quarter of its height.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Center, Grid, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from companion.guard import GameFault
from lang import t, tr
from widgets.kit.shown import plain
from widgets.play.at_the_table import AtTheTable, Phrase
from widgets.shell.games import game_ui
from widgets.table_view.boxes import GroupBox, shape
from widgets.table_view.digits import SCALES, digits_height
from widgets.table_view.figures import (
    BOX_FRAME,
    TableContent,
    boxes_height,
    columns_for,
    wrapped_lines,
)
from widgets.table_view.pages import page_tops, room_under, whole_on

SCROLLBAR = 2
"""Columns the body's scroll bar takes when the view is taller than the screen."""


def content_for(game_id: str, title: str, state: Any) -> TableContent:
    """What the table view shows for a game's state: what its screens' `table_view` says,
    imported when first shown (so that a view of one game imports no other game)."""
    ui = game_ui(game_id)
    if ui is None or ui.table_view is None:
        return TableContent(t("{game} has no table view.", game=title), ())
    try:
        return in_words(ui.table_view(state))
    except GameFault as fault:  # the game's own code failed: its line instead of its figures
        return TableContent(tr(fault), ())


def in_words(content: TableContent) -> TableContent:
    """The content in the reader's language: what the game said as phrases (the headline, the
    boxes' titles and notes, the figures' labels, the drawing's title) translated, before any
    width is measured; a player's name stays as typed."""
    groups = tuple(
        replace(
            group,
            title=tr(group.title),
            note=tr(group.note),
            figures=tuple(replace(figure, label=tr(figure.label)) for figure in group.figures),
        )
        for group in content.groups
    )
    return replace(
        content, headline=tr(content.headline), groups=groups, board_title=tr(content.board_title)
    )


def board_for(content: TableContent, width: int) -> Text | None:
    """The widest drawing of the content that fits `width` columns with its frame, else its
    narrowest (which then scrolls sideways rather than losing a column)."""
    if not content.boards:
        return None
    for board in content.boards:
        if max(map(cell_len, board.plain.split("\n"))) + BOX_FRAME <= width:
            return board
    return content.boards[-1]


class Fit(NamedTuple):
    """How the view is laid out for a screen size."""

    scale: int
    """The size of the numbers (`digits.SCALES`)."""
    tight: bool
    """The labels wrap between words: the boxes fit the width only so."""
    width: int
    """The columns the boxes have: the view's, less the scroll bar when it must scroll."""


def fit_for(content: TableContent, width: int, height: int) -> Fit:
    """The largest size of the numbers at which the headline, the boxes and the drawing fit
    whole in `width` x `height`, the numbers taking about a quarter of the height at most; at
    the smallest size, boxes that scroll, beside the scroll bar. Labels wrap only where no
    size fits them whole."""
    headline = wrapped_lines(content.headline, width)
    board = board_for(content, width)
    board_rows = 0 if board is None else len(board.plain.split("\n")) + 2
    for tight in (False, True):
        for scale in reversed(SCALES):
            if scale > 1 and digits_height(scale) > height // 4 + 1:
                continue
            for usable in (width, width - SCROLLBAR):
                columns = columns_for(content.groups, usable, scale=scale, tight=tight)
                if sum(columns) + len(columns) - 1 > usable:
                    continue
                rows = headline + boxes_height(content.groups, columns, scale, tight) + board_rows
                if rows <= height or (scale == 1 and usable < width):
                    return Fit(scale, tight, usable)
    return Fit(SCALES[0], True, width - SCROLLBAR)


class TableView(VerticalScroll):
    """A game's state in large type, as many boxes side by side as fit, centred."""

    def __init__(self) -> None:
        super().__init__(id="tv-body")
        self.content: TableContent | None = None
        """What is on screen now: the same content again redraws nothing."""
        self.boxes: list[GroupBox] = []
        """The boxes on screen, one per group of `content`."""
        self.scale = SCALES[0]
        """The size the numbers are drawn at now."""
        self.tight = False
        """Whether the labels wrap between words (a box that fits a phone only so)."""
        self.seats: tuple[Phrase, ...] = ()
        """Who is at the table (`widgets.play.at_the_table`), under the headline; none: only
        this device, and nobody sits."""
        self.page_top = 0
        """The row the page shown starts at, where the table display pages (`pages`)."""

    def compose(self) -> ComposeResult:
        yield Static(id="tv-headline")
        yield AtTheTable(id="tv-seats")
        yield Grid(id="tv-groups")
        with Center(id="tv-board-row"):
            yield Static(id="tv-board")
        yield Static(id="tv-page-end")  # room for the last page to start at a box (`pages`)

    def show(self, game_id: str, game_title: str, state: Any) -> None:
        """Draw a game's state; unchanged figures stay as they are on screen."""
        content = content_for(game_id, game_title, state)
        if content == self.content:
            return
        self.content = content
        self.query_one("#tv-headline", Static).update(plain(content.headline))
        self.show_groups(content)
        self.fit()

    def show_seats(self, parts: tuple[Phrase, ...]) -> None:
        """Say who is at the table under the headline (nothing while this device is alone)."""
        if parts == self.seats:
            return
        lines = self.seats_lines()
        self.seats = parts
        self.query_one(AtTheTable).show(parts)
        if self.seats_lines() != lines:  # (a gone device's time ticking changes no size)
            self.fit()

    def seats_lines(self) -> int:
        """The rows the line of who is at the table takes at the view's width."""
        width = self.size.width or self.app.size.width
        return len(self.query_one(AtTheTable).text(width).plain.splitlines())

    def show_groups(self, content: TableContent) -> None:
        """Update the boxes in place, or build them again when the groups changed shape."""
        grid = self.query_one("#tv-groups", Grid)
        shapes = [shape(group) for group in content.groups]
        if [shape(box.group) for box in self.boxes] == shapes:
            for box, group in zip(self.boxes, content.groups, strict=True):
                box.show(group)
        else:
            for box in self.boxes:
                box.remove()
            self.boxes = [GroupBox(group, self.scale, self.tight) for group in content.groups]
            grid.mount_all(self.boxes)
        grid.set_class(any(group.note for group in content.groups), "-notes")

    def fit(self) -> None:
        """Size the numbers and spread the boxes for the space the view has now; the drawing
        at its widest that fits."""
        content = self.content
        if content is None:
            return
        width = self.size.width or self.app.size.width
        height = self.size.height or self.app.size.height
        height -= self.seats_lines()
        self.scale, self.tight, usable = fit_for(content, width, height)
        for box in self.boxes:
            box.set_scale(self.scale, self.tight)
        columns = columns_for(content.groups, usable, scale=self.scale, tight=self.tight)
        grid = self.query_one("#tv-groups", Grid)
        grid.styles.grid_size_columns = len(columns)
        # shared out in proportion to what each column needs: each gets at least that
        grid.styles.grid_columns = " ".join(f"{needed}fr" for needed in columns)
        board = self.query_one("#tv-board", Static)
        drawing = board_for(content, width - SCROLLBAR)
        board.display = drawing is not None
        if drawing is not None:
            board.update(drawing)
            board.border_title = plain(content.board_title)

    def on_resize(self) -> None:
        self.fit()

    def pages(self) -> tuple[int, ...]:
        """Where each screenful starts, each at the top of a box (one, `0`, when the view fits
        its screen); the room under the last box made up so that the last page starts at one."""
        end = self.query_one("#tv-page-end", Static)
        total = self.virtual_size.height - end.outer_size.height
        screen = self.scrollable_content_region.height
        edges = sorted({y for _block, y in self.blocks()})
        tops = page_tops(edges, screen, total)
        end.styles.height = room_under(tops, screen, total)
        return tops

    def blocks(self) -> list[tuple[Widget, int]]:
        """The boxes and the drawing, each with the row of the view it starts at (added up
        from the sizes laid out: Textual places only what is on screen)."""
        above = [self.query_one("#tv-headline", Static), self.query_one(AtTheTable)]
        y = sum(widget.outer_size.height for widget in above if widget.display)
        grid = self.query_one("#tv-groups", Grid)
        count = max(1, grid.styles.grid_size_columns)
        placed: list[tuple[Widget, int]] = []
        for start in range(0, len(self.boxes), count):
            row = self.boxes[start : start + count]
            placed += [(box, y) for box in row]
            y += max(box.outer_size.height for box in row)
        board = self.query_one("#tv-board-row", Center)
        if self.query_one("#tv-board", Static).display:
            placed.append((board, y))
        return placed

    def turn_page(self) -> None:
        """The next page of a view taller than the screen, after the last the top again."""
        later = [top for top in self.pages() if top > self.page_top]
        self.page_top = later[0] if later else 0
        self.call_after_refresh(self.show_page)  # (after the room under the last box)

    def stay_on_page(self) -> None:
        """After a redraw or a resize (the table display looks four times a second): the page
        shown, or the one its top is now on, with only the boxes whole on it."""
        self.page_top = max(top for top in self.pages() if top <= self.page_top)
        self.call_after_refresh(self.show_page)

    def show_page(self) -> None:
        """Show the page starting at `page_top`: only the boxes whole on it."""
        screen = self.scrollable_content_region.height
        for block, y in self.blocks():
            block.visible = whole_on(y, block.outer_size.height, self.page_top, screen)
        self.scroll_to(y=self.page_top, animate=False)

"""A table drawn line by line (Textual's Line API), each cell rendered once.

Textual's `DataTable` renders a row's cells through Rich again whenever anything in the table
changes (its caches are keyed by one count of every update): one Azrak changed drew the whole
agents table again, the largest single cost of a Cavendish key. Here each cell's text is
rendered once into a `Strip` and kept; a row's line is joined from its cells' strips and kept
until one of them changes. `set_cell` renders the one cell again and asks for its row's line
only; every other line stays as the terminal shows it. The cursor and the stripes are styles
laid over the kept strips (`Strip.apply_style` keeps what it styled), so moving the cursor
renders no text.

A cell's words are data: a `str` is shown literally (never Rich markup), a `Text` as it is.
The look is in `line_table.tcss` (component classes `line-table--*`); the cursor is reverse
video, so it reads without colour.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal, NamedTuple

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.coordinate import Coordinate
from textual.geometry import Region, Size, Spacing
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from companion.phrases import phrase
from companion.text import visible

CellValue = str | Text
"""A cell's words: a `str` shown literally, or a `Text` with its own styles."""
CursorType = Literal["row", "cell", "none"]
PADDING = 1
"""Blank columns each side of a cell's words."""
HEADER = "line-table--header"
EVEN_ROW = "line-table--even-row"
FIXED = "line-table--fixed"
CURSOR = "line-table--cursor"
BASE = ""
"""`style_of(BASE)`: the table's own style (its background and colour)."""


@dataclass
class Column:
    """A column: its key, its heading and the width of its words (`auto`: as wide as its
    widest cell or heading)."""

    key: str
    label: Text
    width: int
    auto: bool


class CellKey(NamedTuple):
    """Where a cell is, by keys."""

    row_key: str
    column_key: str


def as_text(value: CellValue) -> Text:
    """A cell's words as `Text`: a `str` literally, its control characters made visible."""
    if isinstance(value, Text):
        return value
    return Text(visible(value), no_wrap=True, end="")


def cell_width(value: CellValue) -> int:
    return as_text(value).cell_len


class LineTable(ScrollView, can_focus=True):
    """Rows of cells under a heading, with a row or cell cursor; see the module's docstring.

    | Key(s) | What it does |
    | :- | :- |
    | enter | Choose the row or cell under the cursor (as a click or a tap on it does). |
    | up, down | The cursor a row up or down. |
    | left, right | The cursor a cell left or right (a row cursor scrolls sideways). |
    | pageup, pagedown | The cursor a page of rows up or down. |
    | home, end | The cursor to the first or the last row. |
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {HEADER, EVEN_ROW, FIXED, CURSOR}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select_cursor", phrase("Choose"), show=False, id="table-choose"),
        Binding("up", "cursor_up", phrase("Row up"), show=False, id="table-up"),
        Binding("down", "cursor_down", phrase("Row down"), show=False, id="table-down"),
        Binding("left", "cursor_left", phrase("Cell left"), show=False, id="table-left"),
        Binding("right", "cursor_right", phrase("Cell right"), show=False, id="table-right"),
        Binding("pageup", "page_up", phrase("Page up"), show=False, id="table-page-up"),
        Binding("pagedown", "page_down", phrase("Page down"), show=False, id="table-page-down"),
        Binding("home,ctrl+home", "first_row", phrase("First row"), show=False, id="table-first"),
        Binding("end,ctrl+end", "last_row", phrase("Last row"), show=False, id="table-last"),
    ]

    class RowHighlighted(Message):
        """The cursor came to another row (a row cursor)."""

        def __init__(self, table: LineTable, cursor_row: int, row_key: str) -> None:
            super().__init__()
            self.table = table
            self.cursor_row = cursor_row
            self.row_key = row_key

        @property
        def control(self) -> LineTable:
            return self.table

    class RowSelected(RowHighlighted):
        """A row was chosen: enter, or a click or tap on it."""

    class CellHighlighted(Message):
        """The cursor came to another cell (a cell cursor)."""

        def __init__(self, table: LineTable, coordinate: Coordinate, cell_key: CellKey) -> None:
            super().__init__()
            self.table = table
            self.coordinate = coordinate
            self.cell_key = cell_key

        @property
        def control(self) -> LineTable:
            return self.table

    class CellSelected(CellHighlighted):
        """A cell was chosen: enter, or a click or tap on it."""

    def __init__(
        self,
        *,
        cursor_type: CursorType = "row",
        zebra_stripes: bool = False,
        fixed_columns: int = 0,
        show_header: bool = True,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.cursor_type: CursorType = cursor_type
        self.zebra_stripes = zebra_stripes
        self.fixed_columns = fixed_columns
        self.show_header = show_header
        self.columns: dict[str, Column] = {}
        """The columns by key, in order."""
        self.rows: dict[str, list[CellValue]] = {}
        """Each row's cells by key, in order."""
        self.row_keys: list[str] = []
        self.row_indexes: dict[str, int] = {}
        self.cursor = Coordinate(0, 0)
        """Where the cursor was put; `cursor_coordinate` is where it is within the rows."""
        self.cell_strips: dict[CellKey, Strip] = {}
        """Each cell's words rendered at its column's width, padded, unstyled."""
        self.row_versions: dict[str, int] = {}
        """A count of each row's changes: part of its kept line's key."""
        self.lines: LRUCache[tuple[object, ...], tuple[Strip, Style]] = LRUCache(256)
        """Rows' lines as joined and styled, by row, version, stripe and cursor."""
        self.styles_kept: dict[str, Style] = {}
        """The component classes' styles, until the theme, the CSS or the focus changes."""
        self.header_strip: Strip | None = None

    # The table's contents

    def add_column(
        self, label: CellValue, *, key: str | None = None, width: int | None = None
    ) -> str:
        """A column at the end (rows already in the table get an empty cell); its key."""
        key = key if key is not None else self.free_key(str(label))
        heading = as_text(label)
        self.columns[key] = Column(
            key, heading, heading.cell_len if width is None else width, width is None
        )
        for row_key, cells in self.rows.items():
            cells.append("")
            self.row_versions[row_key] += 1
        self.reshaped()
        return key

    def add_columns(self, *labels: CellValue) -> list[str]:
        return [self.add_column(label) for label in labels]

    def free_key(self, label: str) -> str:
        key, count = label, 1
        while key in self.columns:
            count += 1
            key = f"{label}-{count}"
        return key

    def add_row(self, *cells: CellValue, key: str) -> str:
        """A row at the end, its missing cells empty; auto columns widen to its cells."""
        values = list(cells) + [""] * (len(self.columns) - len(cells))
        self.rows[key] = values
        self.row_indexes[key] = len(self.row_keys)
        self.row_keys.append(key)
        self.row_versions[key] = self.row_versions.get(key, 0) + 1
        for column, value in zip(self.columns.values(), values, strict=False):
            if column.auto:
                column.width = max(column.width, cell_width(value))
        self.reshaped()
        return key

    def clear(self, columns: bool = False) -> None:
        """No rows (and no columns): the cursor stays where it was put, within the new rows."""
        self.rows.clear()
        self.row_keys.clear()
        self.row_indexes.clear()
        if columns:
            self.columns.clear()
        else:
            for column in self.columns.values():
                column.width = column.label.cell_len if column.auto else column.width
        self.reshaped()

    def set_cell(self, row_key: str, column_key: str, value: CellValue) -> None:
        """Write one cell: only its row's line is drawn again (all of them when its column
        is as wide as its cells and this changed its width)."""
        cells = self.rows[row_key]
        index = self.get_column_index(column_key)
        if cells[index] == value:
            return
        cells[index] = value
        self.cell_strips.pop(CellKey(row_key, column_key), None)
        self.row_versions[row_key] += 1
        column = self.columns[column_key]
        if column.auto:
            width = max(
                [column.label.cell_len] + [cell_width(row[index]) for row in self.rows.values()]
            )
            if width != column.width:
                column.width = width
                self.reshaped()
                return
        self.refresh_lines(self.header_height + self.row_indexes[row_key])

    def reshaped(self) -> None:
        """Rows, columns or widths changed: every line is drawn again."""
        self.cell_strips.clear()
        self.lines.clear()
        self.header_strip = None
        self.virtual_size = Size(self.total_width, self.header_height + len(self.row_keys))
        self.refresh()

    @property
    def header_height(self) -> int:
        return 1 if self.show_header else 0

    @property
    def total_width(self) -> int:
        return sum(column.width + 2 * PADDING for column in self.columns.values())

    @property
    def fixed_width(self) -> int:
        fixed = list(self.columns.values())[: self.fixed_columns]
        return sum(column.width + 2 * PADDING for column in fixed)

    @property
    def row_count(self) -> int:
        return len(self.row_keys)

    @property
    def ordered_columns(self) -> list[Column]:
        return list(self.columns.values())

    def get_row(self, row_key: str) -> list[CellValue]:
        return list(self.rows[row_key])

    def get_row_at(self, index: int) -> list[CellValue]:
        return list(self.rows[self.row_keys[index]])

    def get_row_index(self, row_key: str) -> int:
        return self.row_indexes[row_key]

    def get_column_index(self, column_key: str) -> int:
        return list(self.columns).index(column_key)

    def coordinate_to_cell_key(self, coordinate: Coordinate) -> CellKey:
        return CellKey(self.row_keys[coordinate.row], list(self.columns)[coordinate.column])

    # The cursor

    @property
    def cursor_coordinate(self) -> Coordinate:
        """The cursor, within the rows and columns there are."""
        row = max(0, min(self.cursor.row, self.row_count - 1))
        column = max(0, min(self.cursor.column, len(self.columns) - 1))
        return Coordinate(row, column)

    @property
    def cursor_row(self) -> int:
        return self.cursor_coordinate.row

    @property
    def cursor_column(self) -> int:
        return self.cursor_coordinate.column

    def move_cursor(
        self,
        *,
        row: int | None = None,
        column: int | None = None,
        animate: bool = False,
        scroll: bool = True,
    ) -> None:
        """Put the cursor at this row and column (each kept when not given), within the
        table: the lines it leaves and comes to are drawn again, and it is brought into view."""
        before = self.cursor_coordinate
        self.cursor = Coordinate(
            before.row if row is None else max(0, min(row, self.row_count - 1)),
            before.column if column is None else max(0, min(column, len(self.columns) - 1)),
        )
        after = self.cursor_coordinate
        if after == before or not self.row_count or self.cursor_type == "none":
            return
        self.refresh_lines(self.header_height + before.row)
        self.refresh_lines(self.header_height + after.row)
        if scroll:
            self.scroll_to_cursor(animate)
        self.post_highlighted()

    def scroll_to_cursor(self, animate: bool = False) -> None:
        """Bring the cursor into view below the heading (and right of the fixed columns)."""
        row, column = self.cursor_coordinate
        y = self.header_height + row
        if self.cursor_type == "cell":
            left = sum(c.width + 2 * PADDING for c in self.ordered_columns[:column])
            width = self.ordered_columns[column].width + 2 * PADDING
            region = Region(left, y, width, 1)
        else:
            region = Region(0, y, 1, 1)
        self.scroll_to_region(
            region,
            spacing=Spacing(top=self.header_height, left=self.fixed_width),
            animate=animate,
            force=True,
            x_axis=self.cursor_type == "cell" and column >= self.fixed_columns,
        )

    def post_highlighted(self) -> None:
        coordinate = self.cursor_coordinate
        if self.cursor_type == "row":
            self.post_message(
                self.RowHighlighted(self, coordinate.row, self.row_keys[coordinate.row])
            )
        elif self.cursor_type == "cell":
            cell_key = self.coordinate_to_cell_key(coordinate)
            self.post_message(self.CellHighlighted(self, coordinate, cell_key))

    def action_select_cursor(self) -> None:
        """The row or cell under the cursor is chosen."""
        if not self.row_count or not self.columns:
            return
        coordinate = self.cursor_coordinate
        if self.cursor_type == "row":
            self.post_message(self.RowSelected(self, coordinate.row, self.row_keys[coordinate.row]))
        elif self.cursor_type == "cell":
            cell_key = self.coordinate_to_cell_key(coordinate)
            self.post_message(self.CellSelected(self, coordinate, cell_key))

    def action_cursor_up(self) -> None:
        self.move_cursor(row=self.cursor_row - 1)

    def action_cursor_down(self) -> None:
        self.move_cursor(row=self.cursor_row + 1)

    def action_cursor_left(self) -> None:
        if self.cursor_type == "cell":
            self.move_cursor(column=self.cursor_column - 1)
        else:
            self.scroll_left(animate=False)

    def action_cursor_right(self) -> None:
        if self.cursor_type == "cell":
            self.move_cursor(column=self.cursor_column + 1)
        else:
            self.scroll_right(animate=False)

    def action_page_up(self) -> None:
        self.move_cursor(row=self.cursor_row - self.page_rows)

    def action_page_down(self) -> None:
        self.move_cursor(row=self.cursor_row + self.page_rows)

    def action_first_row(self) -> None:
        self.move_cursor(row=0)

    def action_last_row(self) -> None:
        self.move_cursor(row=self.row_count - 1)

    @property
    def page_rows(self) -> int:
        """Rows a page holds below the heading (at least one)."""
        return max(1, self.scrollable_content_region.height - self.header_height - 1)

    def on_click(self, event: events.Click) -> None:
        """A click or a tap on a row (or a cell) puts the cursor there and chooses it."""
        offset = event.get_content_offset(self)
        if offset is None or offset.y < self.header_height or self.cursor_type == "none":
            return
        row = offset.y - self.header_height + int(self.scroll_y)
        if row >= self.row_count:
            return
        x = offset.x if offset.x < self.fixed_width else offset.x + int(self.scroll_x)
        column = self.column_at(x)
        self.move_cursor(row=row, column=column)
        self.action_select_cursor()

    def column_at(self, x: int) -> int:
        """The column across `x` of the whole line (the last one right of them all)."""
        right = 0
        for index, column in enumerate(self.ordered_columns):
            right += column.width + 2 * PADDING
            if x < right:
                return index
        return len(self.columns) - 1

    # Drawing

    def notify_style_update(self) -> None:
        """The theme or the CSS changed: every line is styled again."""
        self.restyle()
        super().notify_style_update()

    def restyle(self) -> None:
        """Forget the styles and the styled lines (the cells' words stay rendered)."""
        self.styles_kept.clear()
        self.lines.clear()
        self.header_strip = None
        self.refresh()

    def on_focus(self) -> None:
        """The focused table's look (its cursor) differs: styled again."""
        self.restyle()

    def on_blur(self) -> None:
        """The cursor's look without the focus: styled again."""
        self.restyle()

    def style_of(self, component: str) -> Style:
        """A component class's style, or the table's own for `BASE` (Textual works each out
        from the widget's ancestors: kept until `restyle`)."""
        style = self.styles_kept.get(component)
        if style is None:
            if component == BASE:
                style = self.rich_style
            else:
                style = self.get_component_rich_style(component)
            self.styles_kept[component] = style
        return style

    def cell_strip(self, row_key: str, column: Column, value: CellValue) -> Strip:
        """A cell's words rendered at its column's width and padded (kept until it changes)."""
        key = CellKey(row_key, column.key)
        strip = self.cell_strips.get(key)
        if strip is None:
            strip = self.cell_strips[key] = self.render_words(value, column.width)
        return strip

    def render_words(self, value: CellValue, width: int) -> Strip:
        text = as_text(value).copy()
        text.no_wrap = True
        text.truncate(width, overflow="ellipsis", pad=True)
        pad = Segment(" " * PADDING)
        return Strip([pad, *text.render(self.app.console), pad], width + 2 * PADDING)

    def row_line(self, index: int) -> tuple[Strip, Style]:
        """A row's whole line, joined from its cells' strips and styled (kept), and the style
        that fills the widget's width right of it (a row cursor's bar spans the width)."""
        row_key = self.row_keys[index]
        cursor = self.cursor_coordinate
        on_cursor = self.cursor_type != "none" and cursor.row == index
        cursor_at = (-1 if self.cursor_type == "row" else cursor.column) if on_cursor else None
        even = self.zebra_stripes and index % 2 == 0
        key = (row_key, self.row_versions[row_key], even, cursor_at)
        kept = self.lines.get(key)
        if kept is not None:
            return kept
        row_style = self.style_of(BASE) + (self.style_of(EVEN_ROW) if even else Style())
        strips = []
        cells = zip(self.columns.values(), self.rows[row_key], strict=True)
        for at, (column, value) in enumerate(cells):
            style = row_style + self.style_of(FIXED) if at < self.fixed_columns else row_style
            if cursor_at is not None and cursor_at in (-1, at):
                style += self.style_of(CURSOR)
            strips.append(self.cell_strip(row_key, column, value).apply_style(style))
        fill = row_style + self.style_of(CURSOR) if cursor_at == -1 else row_style
        kept = (Strip.join(strips), fill)
        self.lines.set(key, kept)
        return kept

    def header_line(self) -> tuple[Strip, Style]:
        if self.header_strip is None:
            style = self.style_of(BASE) + self.style_of(HEADER)
            self.header_strip = Strip.join(
                self.render_words(column.label, column.width).apply_style(style)
                for column in self.columns.values()
            )
        return self.header_strip, self.style_of(BASE) + self.style_of(HEADER)

    def render_line(self, y: int) -> Strip:
        """The heading on the first line, the rows below it scrolled, the fixed columns kept
        at the left."""
        width = self.size.width
        scroll_x, scroll_y = self.scroll_offset
        if y < self.header_height:
            line, fill = self.header_line()
        else:
            index = y - self.header_height + scroll_y
            if index >= self.row_count:
                return Strip.blank(width, self.style_of(BASE))
            line, fill = self.row_line(index)
        fixed = self.fixed_width
        if fixed and scroll_x:
            line = Strip.join([line.crop(0, fixed), line.crop(fixed + scroll_x, scroll_x + width)])
        else:
            line = line.crop(scroll_x, scroll_x + width)
        return line.extend_cell_length(width, fill)

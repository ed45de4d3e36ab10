"""A `DataTable` whose changed cell draws only its own row again, from cells kept as drawn.

Textual's `DataTable.update_cell` asks for the whole table to be drawn again, and its caches of
cells and lines are all keyed by one count of every update: one Azrak changed drew all the
agents table's cells again (the largest single cost of a Cavendish key). `CellTable.set_cell`
writes the cell and has only its row drawn again; every other line stays as the terminal shows
it. The row is then made of cells kept by what they show (their words, place, width and style)
rather than by that count, so only a cell whose words changed goes through Rich again: the
others of its row, and a value shown before (an undo, then its redo), are taken as they were.
Anything else that changes the table (new rows or columns, the cursor, a hover, the theme,
a new size) draws it as Textual does, from the same kept cells.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Self

from rich.padding import Padding
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.cache import LRUCache
from textual.color import Color
from textual.coordinate import Coordinate
from textual.geometry import Region
from textual.renderables.styled import Styled
from textual.widgets import DataTable
from textual.widgets._data_table import RowKey, default_cell_formatter

CELLS_KEPT = 10_000
"""Cells kept as drawn (Textual's own cell cache holds as many)."""

_EMPTY = Text(no_wrap=True, end="")
"""What an empty cell shows (Textual's `_EMPTY_TEXT`)."""


def shown_as(value: object) -> Hashable | None:
    """What a cell's value shows, as a key: its words and styles; None for a value that can
    only be told apart by its identity (any other Rich renderable), which Textual draws."""
    if value is None or isinstance(value, str | int | float):
        return (type(value), value)
    if isinstance(value, Text):
        return (
            Text,
            value.plain,
            value.style,
            tuple(value.spans),
            value.justify,
            value.overflow,
            value.no_wrap,
            value.end,
        )
    return None


class CellTable(DataTable[Any]):
    """A `DataTable` with `set_cell`: one changed cell draws only its row again, and only the
    cells whose words changed are drawn through Rich."""

    _setting_cell = False
    """`update_cell` runs for `set_cell`: its request to draw the whole table is left out."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._cells_drawn: LRUCache[Hashable, list[list[Segment]]] = LRUCache(CELLS_KEPT)
        """Each cell's lines as drawn, by what it shows and where (see `_render_cell`)."""
        self._component_styles_kept: dict[str, tuple[object, object, Style, Style]] = {}
        """Each component class's Rich style with what it was worked out from: the class's
        styles, the table's pseudo classes and its own style (Textual works it out again from
        every ancestor's styles for each line drawn)."""
        super().__init__(*args, **kwargs)

    def set_cell(self, row_key: str, column_key: Any, value: Any) -> None:
        """Write one cell (its column keeps its width) and draw its row again."""
        self._setting_cell = True
        try:
            self.update_cell(row_key, column_key, value)
        finally:
            self._setting_cell = False
        self.refresh_row(self.get_row_index(row_key))

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        if self._setting_cell and not (regions or layout or recompose):
            return self  # `set_cell` draws the row itself
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _clear_caches(self) -> None:
        super()._clear_caches()
        self._cells_drawn.clear()
        self._component_styles_kept.clear()

    def notify_style_update(self) -> None:
        self._cells_drawn.clear()  # a new theme or class: every cell is drawn in its new style
        self._component_styles_kept.clear()
        super().notify_style_update()

    def component_style(self, name: str, base_style: Style) -> Style:
        """A component class's Rich style, worked out again only when the class's styles (a
        new stylesheet or class replaces them), the table's pseudo classes or the table's own
        style (`base_style`: its ancestors' colours included) changed."""
        styles = self._component_styles.get(name)
        kept = self._component_styles_kept.get(name)
        state = self._pseudo_class_state
        if kept is not None and kept[0] is styles and kept[1] == state and kept[2] == base_style:
            return kept[3]
        style = self.get_component_styles(name).rich_style
        self._component_styles_kept[name] = (styles, state, base_style, style)
        return style

    def _get_row_style(self, row_index: int, base_style: Style) -> Style:
        """`DataTable._get_row_style` from the kept component styles."""
        if row_index == -1:
            return self.component_style("datatable--header", base_style)
        if row_index < self.fixed_rows:
            return self.component_style("datatable--fixed", base_style)
        if self.zebra_stripes:
            return self.component_style(
                "datatable--odd-row" if row_index % 2 else "datatable--even-row", base_style
            )
        return base_style

    def _render_line_in_row(
        self,
        row_key: RowKey,
        line_no: int,
        base_style: Style,
        cursor_location: Coordinate,
        hover_location: Coordinate,
    ) -> tuple[list[list[Segment]], list[list[Segment]]]:
        """`DataTable._render_line_in_row` (kept in the same cache), from the kept cells and
        component styles; a table with row labels is drawn by Textual's own."""
        if self._labelled_row_exists and self.show_row_labels:
            return super()._render_line_in_row(
                row_key, line_no, base_style, cursor_location, hover_location
            )
        cursor_type = self.cursor_type
        cache_key = (
            row_key,
            line_no,
            base_style,
            cursor_location,
            hover_location,
            cursor_type,
            self.show_cursor,
            self._show_hover_cursor,
            self._update_count,
            self._pseudo_class_state,
        )
        if cache_key in self._row_render_cache:
            return self._row_render_cache[cache_key]
        highlight = self._should_highlight
        located = self._row_locations.get(row_key)
        row_index = -1 if located is None else located
        columns = self.ordered_columns
        widths = [column.get_render_width(self) for column in columns]
        fixed_row: list[list[Segment]] = []
        if self.fixed_columns:
            if row_key is self._header_row_key:
                fixed_style = self.component_style("datatable--header", base_style)
            else:
                fixed_style = self.component_style("datatable--fixed", base_style)
                fixed_style += Style.from_meta({"fixed": True})
            for column_index in range(min(self.fixed_columns, len(columns))):
                place = Coordinate(row_index, column_index)
                fixed_row.append(
                    self._render_cell(
                        row_index,
                        column_index,
                        fixed_style,
                        widths[column_index],
                        cursor=highlight(cursor_location, place, cursor_type),
                        hover=highlight(hover_location, place, cursor_type),
                    )[line_no]
                )
        row_style = self._get_row_style(row_index, base_style)
        scrollable_row: list[list[Segment]] = []
        for column_index, width in enumerate(widths):
            place = Coordinate(row_index, column_index)
            scrollable_row.append(
                self._render_cell(
                    row_index,
                    column_index,
                    row_style,
                    width,
                    cursor=highlight(cursor_location, place, cursor_type),
                    hover=highlight(hover_location, place, cursor_type),
                )[line_no]
            )
        table_width = sum(widths[self.fixed_columns :]) + self._row_label_column_width
        remaining_space = max(0, self.size.width - table_width)
        if cursor_type == "row":
            extend_style, _ = self._get_styles_to_render_cell(
                row_index == -1,
                False,
                False,
                highlight(hover_location, Coordinate(row_index or 0, 0), cursor_type),
                row_index == cursor_location.row,
                self.show_cursor,
                self._show_hover_cursor,
                False,
                False,
            )
            extend_style = row_style + extend_style
        elif row_style.bgcolor is not None:
            background_color = self.background_colors[1]
            faded_color = Color.from_rich_color(row_style.bgcolor).blend(
                background_color, factor=0.25
            )
            extend_style = Style.from_color(color=row_style.color, bgcolor=faded_color.rich_color)
        else:
            extend_style = Style.from_color(row_style.color, row_style.bgcolor)
        extend_style += Style.from_meta({"row": row_index, "column": 0, "out_of_bounds": True})
        scrollable_row.append([Segment(" " * remaining_space, extend_style)])
        row_pair = (fixed_row, scrollable_row)
        self._row_render_cache[cache_key] = row_pair
        return row_pair

    def _render_cell(
        self,
        row_index: int,
        column_index: int,
        base_style: Style,
        width: int,
        cursor: bool = False,
        hover: bool = False,
    ) -> list[list[Segment]]:
        """A cell's lines, kept by what it shows and everything its look depends on (Textual
        keys them by the count of every update, so one changed cell drew every other again).
        Row labels, rows of automatic height and other renderables are drawn as Textual does."""
        header = row_index == -1
        column_key = self._column_locations.get_key(column_index)
        row_key = self._header_row_key if header else self._row_locations.get_key(row_index)
        if column_key is None or row_key is None:  # a row label, or a place Textual answers
            return super()._render_cell(row_index, column_index, base_style, width, cursor, hover)
        if header:
            value: object = self.columns[column_key].label
            height = self.header_height
        else:
            row = self.rows[row_key]
            if row.auto_height:
                return super()._render_cell(
                    row_index, column_index, base_style, width, cursor, hover
                )
            value = self._data[row_key].get(column_key)
            height = row.height
        shown = shown_as(value)
        if shown is None:
            return super()._render_cell(row_index, column_index, base_style, width, cursor, hover)
        key = (
            shown,
            row_index,
            column_index,
            width,
            height,
            base_style,
            cursor,
            hover,
            self._show_hover_cursor,
            self.show_cursor,
            self._pseudo_class_state,
            self.fixed_rows,
            self.fixed_columns,
            self.cell_padding,
            self.cursor_foreground_priority,
            self.cursor_background_priority,
        )
        lines = self._cells_drawn.get(key)
        if lines is None:
            lines = self._draw_cell(
                value, header, row_index, column_index, base_style, width, height, cursor, hover
            )
            self._cells_drawn[key] = lines
        return lines

    def _draw_cell(
        self,
        value: object,
        header: bool,
        row_index: int,
        column_index: int,
        base_style: Style,
        width: int,
        height: int,
        cursor: bool,
        hover: bool,
    ) -> list[list[Segment]]:
        """One cell through Rich, exactly as `DataTable._render_cell` draws it."""
        if header:
            cell: Any = value
        else:
            cell = (
                _EMPTY
                if value is None
                else default_cell_formatter(value, wrap=height != 1, height=height) or _EMPTY
            )
        fixed = not header and (row_index < self.fixed_rows or column_index < self.fixed_columns)
        component_style, post_style = self._get_styles_to_render_cell(
            header,
            False,
            fixed,
            hover,
            cursor,
            self.show_cursor,
            self._show_hover_cursor,
            self.cursor_foreground_priority == "css",
            self.cursor_background_priority == "css",
        )
        options = self.app.console_options.update_dimensions(width, height)
        if height == 1:
            options = options.update(no_wrap=True)
        base_style += Style.from_meta({"row": row_index, "column": column_index})
        return self.app.console.render_lines(
            Styled(
                Padding(cell, (0, self.cell_padding)),
                pre_style=base_style + component_style,
                post_style=post_style,
            ),
            options,
        )

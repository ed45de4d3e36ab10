"""A DataTable drawn again from its whole contents at every key, repainting only what changed.

The Six Sojourns tables are worked out from the state after every action, but an action changes
a cell or two (a coin, a total, a rank). Filling the table again repaints every cell, and so does
Textual's own `update_cell`: its caches are keyed by a count of every update, and it asks for a
repaint of the whole table. Here a table whose columns and rows are the same as before takes
only its changed cells, and repaints only their rows: Textual then draws those lines again and
keeps the others as they were drawn.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import DataTable

from widgets.kit.shown import plain

Column = tuple[str, str, int]
"""A column as drawn: its label, its key and its width."""
Row = tuple[str, list[str]]
"""A row: its key and its cells' words."""


class CellTable(DataTable[Any]):
    """A `DataTable` shown with `show(columns, rows)`: cells that change repaint their row only."""

    _row_repaint = False
    """Within `_set_row`: the repaint Textual asks of the whole table is left to the row's (a
    class attribute: Textual refreshes the table while it is being built)."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.columns_shown: tuple[Column, ...] = ()
        self.rows_shown: dict[str, list[str]] = {}
        """Each row's words as last shown, by key, in order."""

    def show(self, columns: list[Column], rows: list[Row]) -> None:
        """Show these columns and rows: in place when only cells changed, else filled again
        (the cursor kept where it was, as far as the new shape has room for it)."""
        if tuple(columns) == self.columns_shown and [key for key, _ in rows] == list(
            self.rows_shown
        ):
            for key, cells in rows:
                before = self.rows_shown[key]
                changed = {
                    column: value
                    for (_label, column, _width), value, was in zip(
                        columns, cells, before, strict=True
                    )
                    if value != was
                }
                if changed:
                    self._set_row(key, changed)
                    self.rows_shown[key] = cells
            return
        self._fill(columns, rows)

    def _fill(self, columns: list[Column], rows: list[Row]) -> None:
        row, column = self.cursor_coordinate
        self.clear(columns=True)
        for label, key, width in columns:
            self.add_column(plain(label), key=key, width=width)
        for key, cells in rows:
            self.add_row(*map(plain, cells), key=key)
        self.columns_shown = tuple(columns)
        self.rows_shown = {key: cells for key, cells in rows}
        if self.row_count:
            self.move_cursor(
                row=min(row, self.row_count - 1),
                column=min(column, len(self.columns) - 1),
                animate=False,
            )

    def _set_row(self, row_key: str, cells: dict[str, str]) -> None:
        """Change these cells of one row. On the screen, only that row is painted again; a
        table not on the screen (a hidden tab) is painted whole when it is shown."""
        if not self.region:
            for column, value in cells.items():
                self.update_cell(row_key, column, plain(value))
            return
        self._row_repaint = True
        try:
            for column, value in cells.items():
                self.update_cell(row_key, column, plain(value))
        finally:
            self._row_repaint = False
        self.refresh_row(self.get_row_index(row_key))

    def refresh(
        self, *regions: Any, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> CellTable:
        if self._row_repaint and not (regions or layout or recompose):
            return self  # `_set_row` repaints the row it changed
        super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
        return self

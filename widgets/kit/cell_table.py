"""A `DataTable` whose changed cell draws its own row again, and nothing else.

Textual's `DataTable.update_cell` asks for the whole table to be drawn again, and its caches of
cells and lines are all keyed by one count of every update: one Azrak changed drew all the
agents table's cells again (the largest single cost of a Cavendish key). `CellTable.set_cell`
writes the cell and has only its row drawn again; every other line stays as the terminal shows
it. Anything else that changes the table (new rows or columns, the cursor, a hover, the theme,
a new size) draws it as Textual does.
"""

from __future__ import annotations

from typing import Any, Self

from textual.geometry import Region
from textual.widgets import DataTable


class CellTable(DataTable[Any]):
    """A `DataTable` with `set_cell`: one changed cell draws only its row again."""

    _setting_cell = False
    """`update_cell` runs for `set_cell`: its request to draw the whole table is left out."""

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

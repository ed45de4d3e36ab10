"""A table drawn again from its whole contents at every key, repainting only what changed.

The Six Sojourns tables are worked out from the state after every action, but an action changes
a cell or two (a coin, a total, a rank). Filling the table again repaints every cell. Here a
table whose columns and rows are the same as before takes only its changed cells
(`LineTable.set_cell`: each renders its cell alone and draws only its row again,
widgets/kit/line_table.py); a new shape or a new width fills it again.
"""

from __future__ import annotations

from typing import Any

from widgets.kit.line_table import LineTable

Column = tuple[str, str, int]
"""A column as drawn: its label, its key and its width."""
Row = tuple[str, list[str]]
"""A row: its key and its cells' words."""


class ShownTable(LineTable):
    """A table shown with `show(columns, rows)`: cells that change repaint their row only."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.columns_shown: tuple[Column, ...] = ()
        self.rows_shown: dict[str, list[str]] = {}
        """Each row's words as last shown, by key, in order."""
        self.drawn_from: tuple[object, ...] | None = None
        """What the table's words were worked out from when last shown (`follows`)."""

    def follows(self, inputs: tuple[object, ...]) -> bool:
        """Whether the table already shows what `inputs` give (the parts of the state, and
        the width, its rows are worked out from): then nothing is worked out again. The
        state's parts are frozen values compared by what they hold, so an undo's state shows
        what the same values showed before it."""
        if self.drawn_from is not None and self.drawn_from == inputs:
            return True
        self.drawn_from = None  # until the rows worked out from them are shown
        return False

    def show(self, columns: list[Column], rows: list[Row]) -> None:
        """Show these columns and rows: in place when only cells changed, else filled again
        (the cursor kept where it was, as far as the new shape has room for it: `LineTable`
        keeps it through a `clear`)."""
        if tuple(columns) == self.columns_shown and [key for key, _ in rows] == list(
            self.rows_shown
        ):
            for key, cells in rows:
                before = self.rows_shown[key]
                for (_label, column, _width), value, was in zip(
                    columns, cells, before, strict=True
                ):
                    if value != was:
                        self.set_cell(key, column, value)
                self.rows_shown[key] = cells
            return
        self._fill(columns, rows)

    def _fill(self, columns: list[Column], rows: list[Row]) -> None:
        self.clear(columns=True)
        for label, key, width in columns:
            self.add_column(label, key=key, width=width)
        for key, cells in rows:
            self.add_row(*cells, key=key)
        self.columns_shown = tuple(columns)
        self.rows_shown = {key: cells for key, cells in rows}

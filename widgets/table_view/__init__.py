"""The table view (`v` on every play screen): the game's state in large type for the table."""

from widgets.table_view.screen import TableShown, TableViewScreen

__all__ = ["TableShown", "TableViewScreen"]

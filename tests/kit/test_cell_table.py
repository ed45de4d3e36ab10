"""A table whose changed cell draws its own row again: the row shows the new value, and the
other lines stay as drawn (Textual's DataTable drew every cell again for one)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.geometry import Region

from widgets.kit.cell_table import CellTable


class CountedTable(CellTable):
    """Counts the lines Textual asks it to draw."""

    def __init__(self) -> None:
        super().__init__(cursor_type="row")
        self.drawn: list[int] = []

    def render_line(self, y: int):  # type: ignore[no-untyped-def]
        self.drawn.append(y)
        return super().render_line(y)


class TableHost(App[None]):
    def compose(self) -> ComposeResult:
        yield CountedTable()

    def on_mount(self) -> None:
        table = self.query_one(CountedTable)
        table.add_columns("Agent", "Azrak")
        for name, azrak in (("Amy", "5/5"), ("Anton", "4/4"), ("Doug", "3/3")):
            table.add_row(name, azrak, key=name)


def drawn_lines(table: CellTable) -> list[str]:
    """The table's lines as the screen has them (Textual's cache of what it drew)."""
    width, height = table.outer_size
    return [strip.text.rstrip() for strip in table.render_lines(Region(0, 0, width, height))]


async def test_a_changed_cell_draws_its_row_again_and_only_it() -> None:
    app = TableHost()
    async with app.run_test(size=(40, 8)) as pilot:
        await pilot.pause()
        table = app.query_one(CountedTable)
        before = drawn_lines(table)
        assert "Anton  4/4" in before[2]
        table.drawn.clear()
        table.set_cell("Anton", table.ordered_columns[1].key, "3/4")
        await pilot.pause()
        after = drawn_lines(table)
        assert "Anton  3/4" in after[2]
        assert after[:2] == before[:2] and after[3:] == before[3:]
        assert set(table.drawn) == {2}  # the header and the other agents were not drawn again


async def test_any_other_change_draws_the_whole_table_as_textual_does() -> None:
    app = TableHost()
    async with app.run_test(size=(40, 8)) as pilot:
        await pilot.pause()
        table = app.query_one(CountedTable)
        table.update_cell("Doug", table.ordered_columns[1].key, "2/3")  # Textual's own way
        table.move_cursor(row=2)
        await pilot.pause()
        lines = drawn_lines(table)
        assert "Doug   2/3" in lines[3]

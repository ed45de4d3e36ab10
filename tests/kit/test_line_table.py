"""The line-drawn table (widgets/kit/line_table.py): a changed cell renders only itself and draws
only its row again; the cursor moves by keys and taps, reads without colour, and stays in view
on a narrow screen; a player's name is shown as typed."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.message import Message
from textual.strip import Strip

from tests.support.waiting import pause_until
from widgets.kit.line_table import LineTable

CSS = Path(__file__).parents[2] / "widgets" / "kit" / "line_table.tcss"
AGENTS = [("Amy", "Ana", "5/6"), ("Anton", "Ben", "1/5"), ("Jennifer", "Cy", "5/6")]


class CountedTable(LineTable):
    """Counts the lines it draws and the cells it renders."""

    def __init__(self, **options: object) -> None:
        super().__init__(**options)  # type: ignore[arg-type]
        self.drawn: list[int] = []
        self.rendered = 0

    def render_line(self, y: int) -> Strip:
        self.drawn.append(y)
        return super().render_line(y)

    def render_words(self, value: str | Text, width: int) -> Strip:
        self.rendered += 1
        return super().render_words(value, width)


class TableApp(App[None]):
    CSS_PATH = CSS

    def __init__(self, table: LineTable) -> None:
        super().__init__()
        self.table = table
        self.heard: list[Message] = []

    def compose(self) -> ComposeResult:
        yield self.table

    def on_mount(self) -> None:
        self.table.focus()

    @on(LineTable.RowHighlighted)
    @on(LineTable.RowSelected)
    @on(LineTable.CellHighlighted)
    @on(LineTable.CellSelected)
    def heard_from_table(self, message: Message) -> None:
        self.heard.append(message)


def agents_table(**options: object) -> CountedTable:
    table = CountedTable(**options)
    table.add_columns("Agent", "Player", "Azrak")
    for agent, player, azrak in AGENTS:
        table.add_row(agent, player, azrak, key=agent)
    return table


def shown(table: LineTable) -> list[str]:
    """The table's lines as it draws them now."""
    return [table.render_line(y).text.rstrip() for y in range(table.size.height)]


async def test_a_changed_cell_draws_only_its_row_again() -> None:
    table = agents_table()
    async with TableApp(table).run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        assert "Anton" in shown(table)[2] and "1/5" in shown(table)[2]
        table.drawn.clear()
        table.rendered = 0
        table.set_cell("Anton", "Azrak", "3/5")
        await pause_until(pilot, lambda: table.drawn)
        await pilot.pause()
        assert set(table.drawn) == {2}  # the header is line 0, Anton's row line 2
        assert table.rendered == 1  # the one cell, not its row's others
        assert shown(table)[2].split() == ["Anton", "Ben", "3/5"]
        assert shown(table)[1].split() == ["Amy", "Ana", "5/6"]


async def test_a_longer_cell_widens_its_column_and_no_number_is_cut() -> None:
    table = agents_table()
    async with TableApp(table).run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        table.set_cell("Amy", "Azrak", "10/12")
        await pilot.pause()
        assert shown(table)[1].split() == ["Amy", "Ana", "10/12"]
        assert shown(table)[0].split() == ["Agent", "Player", "Azrak"]


async def test_a_players_name_is_shown_as_typed() -> None:
    table = LineTable()
    table.add_columns("Player", "Score")
    table.add_row("Ana [/] Ben", "[bold]3[/]", key="p1")
    async with TableApp(table).run_test(size=(40, 6)) as pilot:
        await pilot.pause()
        assert "Ana [/] Ben" in shown(table)[1]
        assert "[bold]3[/]" in shown(table)[1]


async def test_keys_move_the_row_cursor_and_enter_chooses_it() -> None:
    table = agents_table()
    app = TableApp(table)
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        await pilot.press("down")
        await pause_until(pilot, lambda: app.heard)
        assert table.cursor_row == 1
        await pilot.press("end")
        assert table.cursor_row == 2
        await pilot.press("home")
        assert table.cursor_row == 0
        await pilot.press("pagedown")
        assert table.cursor_row == 2
        await pilot.press("pageup", "down", "enter")
        await pause_until(pilot, lambda: isinstance(app.heard[-1], LineTable.RowSelected))
        chosen = app.heard[-1]
        assert isinstance(chosen, LineTable.RowSelected) and chosen.row_key == "Anton"
        highlighted = [m.row_key for m in app.heard if type(m) is LineTable.RowHighlighted]
        assert highlighted == ["Anton", "Jennifer", "Amy", "Jennifer", "Amy", "Anton"]


async def test_a_tap_on_a_row_moves_the_cursor_there_and_chooses_it() -> None:
    table = agents_table()
    app = TableApp(table)
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        await pilot.click(LineTable, offset=(3, 3))  # the header, then Amy, Anton, Jennifer
        await pause_until(pilot, lambda: any(type(m) is LineTable.RowSelected for m in app.heard))
        assert table.cursor_row == 2
        assert [m.row_key for m in app.heard if type(m) is LineTable.RowSelected] == ["Jennifer"]
        await pilot.click(LineTable, offset=(3, 0))  # the header chooses nothing
        await pilot.pause()
        assert table.cursor_row == 2


async def test_the_cursor_reads_without_colour() -> None:
    """The cursor's row is in reverse video, the other rows are not."""
    table = agents_table()
    async with TableApp(table).run_test(size=(40, 10)) as pilot:
        await pilot.press("down")
        await pilot.pause()

        def reversed_cells(y: int) -> bool:
            return all(seg.style and seg.style.reverse for seg in table.render_line(y))

        assert reversed_cells(2)
        assert not any(reversed_cells(y) for y in (0, 1, 3))


async def test_a_cell_cursor_scrolls_a_narrow_table_keeping_its_fixed_column() -> None:
    """On a phone's width the sheet scrolls sideways to the cursor; the row labels stay."""
    table = LineTable(cursor_type="cell", fixed_columns=1)
    table.add_column("", key="what", width=10)
    for name in ("Ana", "Ben", "Cy", "Dee", "Eve"):
        table.add_column(name, key=name, width=8)
    table.add_row("Coins", "1", "2", "3", "4", "55", key="coins")
    app = TableApp(table)
    async with app.run_test(size=(40, 6)) as pilot:
        await pilot.pause()
        assert "55" not in shown(table)[1]
        await pilot.press(*["right"] * 5)
        await pause_until(pilot, lambda: table.scroll_x > 0)
        await pilot.pause()
        assert shown(table)[1].startswith(" Coins")
        assert shown(table)[1].split()[-1] == "55"
        assert shown(table)[0].split()[-1] == "Eve"
        await pilot.press("enter")
        await pause_until(pilot, lambda: isinstance(app.heard[-1], LineTable.CellSelected))
        chosen = app.heard[-1]
        assert isinstance(chosen, LineTable.CellSelected)
        assert chosen.cell_key == ("coins", "Eve")


async def test_rows_beyond_the_height_scroll_into_view() -> None:
    table = LineTable()
    table.add_column("Space")
    for number in range(30):
        table.add_row(f"S{number}", key=f"S{number}")
    async with TableApp(table).run_test(size=(30, 8)) as pilot:
        await pilot.pause()
        assert "S29" not in "".join(shown(table))
        await pilot.press("end")
        await pause_until(pilot, lambda: table.scroll_y > 0)
        await pilot.pause()
        lines = shown(table)
        assert lines[0].strip() == "Space"  # the heading stays on top
        assert "S29" in lines[-1]


async def test_a_new_theme_draws_the_table_again() -> None:
    table = agents_table()
    app = TableApp(table)
    async with app.run_test(size=(40, 10)) as pilot:
        app.theme = "textual-dark"
        await pilot.pause()
        before = table.render_line(0)
        app.theme = "textual-light"
        await pilot.pause()
        after = table.render_line(0)
        assert before.text == after.text
        assert next(iter(before)).style != next(iter(after)).style


async def test_control_characters_in_a_name_are_shown_not_obeyed() -> None:
    """A name from a file with a line break or an escape stays on its row, made visible."""
    table = LineTable()
    table.add_columns("Player", "Score")
    table.add_row("Ana\nBen\x1b[31m", "3", key="p1")
    table.add_row("Cy", "4", key="p2")
    async with TableApp(table).run_test(size=(40, 6)) as pilot:
        await pilot.pause()
        lines = shown(table)
        assert "\x1b" not in lines[1] and "\n" not in lines[1]
        assert lines[1].split()[-1] == "3" and lines[2].split() == ["Cy", "4"]


async def test_keys_and_taps_on_an_empty_table_do_nothing() -> None:
    table = LineTable(cursor_type="cell")
    table.add_columns("Space", "Control")
    app = TableApp(table)
    async with app.run_test(size=(30, 8)) as pilot:
        await pilot.press("down", "up", "right", "pagedown", "end", "home", "enter")
        await pilot.click(LineTable, offset=(2, 3))
        await pilot.pause()
        assert app.heard == []
        assert shown(table)[0].split() == ["Space", "Control"]

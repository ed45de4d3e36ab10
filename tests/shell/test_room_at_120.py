"""The space used at 120x40 and larger: tables and names grow when there is room."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import DataTable

from tests.support.samples import install_sample
from widgets.kit.line_table import LineTable


def cell_texts(table: DataTable[Any]) -> list[str]:
    return [
        str(table.get_cell_at((row, column)))
        for row in range(table.row_count)
        for column in range(len(table.columns))
    ]


async def test_sojourn_card_names_whole_when_there_is_room(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "sojourn")
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    async with app.run_test(size=(140, 40)) as pilot:  # five columns of cards: room at 140
        await pilot.pause()
        await pilot.pause()
        game = app.screen_stack[1]  # under the choice the sample waits for
        texts = cell_texts(game.query_one("#timeline", DataTable))
        assert any("Globe Theatre" in text for text in texts)
        assert not any("…" in text for text in texts)


async def test_six_sojourns_sheet_grows_with_the_screen_and_shows_every_points_reason(
    make_test_app: Any, companion_home: Path
) -> None:
    """At 120x40 the sheet is wide and, tall enough, shows why each point; narrowed to 80x24
    (the same screen, as a window made smaller) it fits and the reasons make way."""
    from widgets.six_sojourns.reasons import ReasonsPanel

    save_id = install_sample(companion_home, "six-sojourns")
    widths = {}
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    async with app.run_test(size=(120, 40)) as pilot:
        for size, shown in (((120, 40), True), ((80, 24), False)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            table = app.screen.query_one("#ss-sheet", LineTable)
            widths[size[0]] = table.virtual_size.width
            reasons = app.screen.query_one("#ss-sheet-reasons", ReasonsPanel)
            assert reasons.display == shown
            if shown:
                lines = [line.strip() for line in reasons.plain_lines]
                assert "Ben +7 jewelry: 4 icons reach 4 -> 7 VP" in lines
    assert widths[80] <= 78
    assert widths[120] >= 100

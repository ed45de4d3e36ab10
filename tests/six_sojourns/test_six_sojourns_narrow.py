"""The score pad on a phone: four players fit 40 columns, none reached only by scrolling."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from tests.support.samples import install_sample
from widgets.six_sojourns.dialogs import TextDialog


@pytest.mark.parametrize("size", [(40, 40), (44, 43), (44, 20)])
async def test_the_sheet_shows_every_player_on_a_phone(
    make_test_app: Any, companion_home: Path, size: tuple[int, int]
) -> None:
    save_id = install_sample(companion_home, "six-sojourns")
    app = make_test_app()
    async with app.run_test(size=size) as pilot:
        assert app.open_saved(save_id)
        await pilot.pause()
        await pilot.pause()
        table = app.screen.query_one("#ss-sheet", DataTable)
        labels = [str(column.label) for column in table.columns.values()]
        assert labels == ["", "Ana", "Ben", "Cy", "Dee"]
        assert table.max_scroll_x == 0  # every player in view, nothing off to the right
        cook = table.get_row("cooking")
        assert cook[0].plain.startswith("Cook 5/9")  # the thresholds kept, in the trade's cell
        await pilot.press("s")
        table.move_cursor(row=table.get_row_index("cooking"), column=0)
        await pilot.press("enter")  # the thresholds are edited from the trade's cell
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, TextDialog)
        assert dialog.title_text == "Cooking: icons for 4 VP / for 7 VP" and dialog.value == "5/9"

"""The score pad on a phone: four players fit 40 columns, none reached only by scrolling."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.support.samples import install_sample
from widgets.kit.line_table import LineTable
from widgets.six_sojourns.dialogs import TextDialog

PHONES = [(44, 43), (40, 40), (44, 20)]
"""A phone upright, a narrower one, and one turned on its side: the largest first, each further
size reached by narrowing the terminal, as a player turning the phone would."""


async def test_the_sheet_shows_every_player_on_a_phone(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "six-sojourns")
    app = make_test_app()
    async with app.run_test(size=PHONES[0]) as pilot:
        assert app.open_saved(save_id)
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        for number, size in enumerate(PHONES):
            if number:
                await pilot.press("escape")  # the thresholds' editor of the size before closed
                await pilot.resize_terminal(*size)
                await pilot.pause()
                await pilot.pause()
            assert app.screen is screen, size
            table = screen.query_one("#ss-sheet", LineTable)
            labels = [str(column.label) for column in table.columns.values()]
            assert labels == ["", "Ana", "Ben", "Cy", "Dee"], size
            assert table.max_scroll_x == 0, size  # every player in view, nothing off to the right
            cook = table.get_row("cooking")
            assert str(cook[0]).startswith("Cook 5/9")  # the thresholds kept, in the trade's cell
            await pilot.press("s")
            table.move_cursor(row=table.get_row_index("cooking"), column=0)
            await pilot.press("enter")  # the thresholds are edited from the trade's cell
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, TextDialog), size
            assert dialog.title_text == "Cooking: icons for 4 VP / for 7 VP"
            assert dialog.value == "5/9"

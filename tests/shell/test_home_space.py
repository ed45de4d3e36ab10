"""Home as players reported it: hints that match the layout, the palette's new games before
anything is typed, states read once, titles whole at 120 columns. (Each setup headed with its
game: test_help_topics.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.command import CommandList, CommandPalette
from textual.widgets import DataTable

from tests.support.samples import install_sample
from tests.support.waiting import pause_until
from widgets.shell.home import state_words


async def test_with_no_saves_the_hint_points_where_new_games_are(make_test_app: Any) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)):
        row = [str(cell) for cell in app.screen.query_one("#saves", DataTable).get_row_at(0)]
        assert "on the left" not in row[3] and "New game (n)" in row[3]


async def test_the_palette_offers_new_games_before_anything_is_typed(make_test_app: Any) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pause_until(
            pilot,
            lambda: (
                isinstance(app.screen, CommandPalette)
                and app.screen.query_one(CommandList).option_count >= 4
            ),
        )
        assert isinstance(app.screen, CommandPalette)
        commands = app.screen.query_one(CommandList)
        first = [str(commands.get_option_at_index(i).prompt) for i in range(4)]
        assert all(line.startswith("new game:") for line in first), first


def test_a_state_that_says_its_status_is_not_prefixed_again() -> None:
    def entry(status: str, summary: str) -> Any:
        return type("Entry", (), {"status": status, "summary": summary})()

    assert state_words(entry("finished", "Finished: final score 4")) == "Finished: final score 4"
    assert state_words(entry("finished", "Map A · Ana 10")) == "finished: Map A · Ana 10"


async def test_titles_are_whole_at_120_columns(make_test_app: Any, companion_home: Path) -> None:
    for game in ("cavendish", "sojourn", "six-sojourns", "time-bastards"):
        install_sample(companion_home, game)
    app = make_test_app()
    async with app.run_test(size=(120, 40)):
        table = app.screen.query_one("#saves", DataTable)
        shown = [str(table.get_row_at(row)[0]) for row in range(table.row_count)]
        assert sorted(shown) == sorted(entry.title for entry in app.store.listing()[0])


async def test_a_wider_screen_widens_the_titles(make_test_app: Any, companion_home: Path) -> None:
    install_sample(companion_home, "sojourn")
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.screen.query_one("#saves", DataTable)
        assert str(table.get_row_at(0)[0]).endswith("…")
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert str(table.get_row_at(0)[0]) == "Solo run through the timestream"


async def test_each_saved_game_is_shown_whole_in_its_rows(
    make_test_app: Any, companion_home: Path
) -> None:
    """Each row is as tall as its tallest cell wrapped to its column (the list gives the table
    its rows' heights): nothing of a title, a game, a date or a state is cut, on a phone's
    stacked list or at 120 columns."""
    for game in ("cavendish", "sojourn", "six-sojourns", "time-bastards"):
        install_sample(companion_home, game)
    for width, height in ((44, 60), (120, 40)):
        app = make_test_app()
        async with app.run_test(size=(width, height)) as pilot:
            await pilot.pause()
            table = app.screen.query_one("#saves", DataTable)
            shown = " ".join(table.render_line(y).text for y in range(table.size.height)).split()
            for row in range(table.row_count):
                words = " ".join(str(cell) for cell in table.get_row_at(row)).split()
                assert words and all(word in shown for word in words), (width, words)

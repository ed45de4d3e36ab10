"""The Stats screen: from home, the hand-counted figures, filters, rename, help, snapshots."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Input, Select, Static

from saves.history.plays import rename_player
from saves.shared.settings import SettingsStore
from tests.support.notes import record_notes
from tests.support.snapshots import Size, size_sets
from widgets.shell.help import HelpScreen
from widgets.shell.home import HomeScreen
from widgets.stats.charts import buckets, sparkline
from widgets.stats.rename import RenameDialog
from widgets.stats.screen import StatsScreen

SIZES = size_sets([(44, 43), (80, 24), (120, 40)])


def column(table: DataTable[Any], index: int) -> list[str]:
    return [str(table.get_row_at(row)[index]) for row in range(table.row_count)]


def rows(table: DataTable[Any]) -> dict[str, list[str]]:
    """Each row by its first cell, as text."""
    return {
        str(cells[0]): [str(c) for c in cells[1:]]
        for cells in (table.get_row_at(r) for r in range(table.row_count))
    }


async def open_stats(app: Any, pilot: Any) -> StatsScreen:
    await pilot.press("t")
    await pilot.pause()
    assert isinstance(app.screen, StatsScreen)
    return app.screen


async def test_t_on_home_opens_the_hand_counted_figures_each_tab_focuses_its_body_renames_merge(
    make_test_app: Callable[..., Any], games: None, companion_home: Path
) -> None:
    """`t` on home: the hand-counted figures; a rename cancelled keeps nothing; each tab gives
    the focus to what scrolls; F1 is the statistics' help; a rename onto a known name merges
    the two histories, kept after a restart, and no save is touched."""
    saves = {p: p.read_bytes() for p in (companion_home / "games").glob("*.toml")}
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(app, pilot)
        table = screen.query_one("#games-table", DataTable)
        assert {name: cells[:3] for name, cells in rows(table).items()} == {
            "Sojourn": ["3", "1", "1"],
            "Six Sojourns": ["1", "1", "1"],
            "Cavendish": ["2", "0", "1"],
            "Time Bastards": ["3", "0", "3"],
        }
        players = rows(screen.query_one("#players-table", DataTable))
        assert {name: cells[:2] for name, cells in players.items()} == {
            "Ana": ["5", "2"],
            "Ben": ["3", "2"],
            "Cy": ["3", "1"],
            "Dee": ["1", "0"],
            "Jonas": ["3", "1"],
            "Mara": ["3", "2"],
            "Unnamed traveller": ["1", "0"],
        }
        await pilot.press("r", "escape")  # a rename cancelled: nothing kept
        await pilot.pause()
        assert app.screen is screen
        assert app.settings.preference("player_aliases", {}) == {}
        for key, focused in [("c", "charts-body"), ("k", "notes-body"), ("p", "players-table")]:
            await pilot.press(key)  # each tab gives the focus to what scrolls
            await pilot.pause()
            assert app.focused is not None and app.focused.id == focused
        await pilot.press("c", "pagedown")
        await pilot.pause()
        assert screen.query_one("#charts-body").scroll_y > 0
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.topic == "stats"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("p")
        table = screen.query_one("#players-table", DataTable)
        table.focus()
        table.move_cursor(row=column(table, 0).index("Unnamed traveller"))
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RenameDialog)
        app.screen.query_one("#rename-new", Input).value = "  Ana "
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert rows(table)["Ana"][:2] == ["6", "2"]
        assert "Unnamed traveller" not in rows(table)
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)
    again = make_test_app()
    async with again.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(again, pilot)
        table = screen.query_one("#players-table", DataTable)
        assert rows(table)["Ana"][:2] == ["6", "2"]
    assert {p: p.read_bytes() for p in (companion_home / "games").glob("*.toml")} == saves


async def test_the_palette_command_opens_stats_where_o_without_a_player_says_so(
    make_test_app: Callable[..., Any],
) -> None:
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        commands["Statistics"].callback()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        table = screen.query_one("#games-table", DataTable)
        assert column(table, 0) == ["No games saved yet"]
        await pilot.press("p", "o")
        await pilot.pause()
        assert app.screen is screen
        assert notes == ["No player to colour: choose one in the Players tab."]


async def test_charts_and_notes_show_their_numbers_then_filters_by_game_player_and_dates(
    make_test_app: Callable[..., Any], games: None, companion_home: Path
) -> None:
    """The charts' and notes' figures; the filters, where a player known from a setup but in
    no play yet (the roster has the names typed in setups as well) can be chosen."""
    SettingsStore(companion_home).set_preference("known-players", ["Zoe", "Ana"])
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_stats(app, pilot)
        await pilot.press("c")
        wins = str(screen.query_one("#wins-chart", Static).render())
        assert "2 of 5" in wins and "0 of 1" in wins
        history = str(screen.query_one("#history", Static).render())
        assert "low 10, high 10, last 10 (1 score)" in history
        dated = screen.query_one("#history-table", DataTable)
        assert [[str(cell) for cell in dated.get_row_at(n)] for n in range(dated.row_count)] == [
            ["7 Nov 2026", "Cavendish", "4"],
            ["5 Nov 2026", "Six Sojourns", "10"],
        ]
        notes = str(screen.query_one("#game-notes", Static).render())
        assert "lost runs: 1 at Health 0, 1 stuck" in notes
        assert "Crystals spent: tests 9, explores 18, updates 4" in notes
        games_table = screen.query_one("#games-table", DataTable)
        screen.query_one("#filter-game", Select).value = "cavendish"
        await pilot.pause()
        assert column(games_table, 0) == ["Cavendish"]
        assert column(screen.query_one("#players-table", DataTable), 0) == ["Ana", "Ben", "Cy"]
        screen.query_one("#filter-game", Select).clear()
        screen.query_one("#filter-player", Select).value = "Mara"
        await pilot.pause()
        assert column(games_table, 0) == ["Time Bastards"]
        assert column(screen.query_one("#head-to-head", DataTable), 0) == ["Jonas"]
        screen.query_one("#filter-player", Select).clear()
        screen.query_one("#filter-since", Input).focus()
        await pilot.press(*"2026-11-09")
        await pilot.pause()
        assert column(games_table, 0) == ["Time Bastards"]
        await pilot.press("backspace", "x")  # not a date: the last good filter stays
        until = screen.query_one("#filter-until", Input)
        until.value = "2026-13-01"
        await pilot.pause()
        assert column(games_table, 0) == ["Time Bastards"]
        screen.query_one("#filter-since", Input).value = "2026-11-03"
        until.value = "2026-11-05"
        await pilot.pause()
        assert column(games_table, 0) == ["Sojourn", "Six Sojourns"]
        assert rows(games_table)["Sojourn"][:2] == ["1", "1"]  # lost stuck, one in progress
        screen.query_one("#filter-since", Input).value = ""  # no date filter
        until.value = ""
        await pilot.pause()
        assert len(column(games_table, 0)) == 4
        player = screen.query_one("#filter-player", Select)
        player.value = "Zoe"  # a Select refuses a value that is not among its choices
        await pilot.pause()
        assert column(screen.query_one("#players-table", DataTable), 0) == []


async def test_sojourn_setup_takes_the_travellers_name(make_test_app: Callable[..., Any]) -> None:
    app = make_test_app(start=lambda app: app.new_game("sojourn"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#traveller", Input).value = "  Ana   B. "
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen_stack[-2].session.setup.traveller == "Ana B."


async def test_names_are_shown_literally(
    make_test_app: Callable[..., Any], games: None, companion_home: Path
) -> None:
    hostile = "[bold red]Ana[/] [link=x]"
    assert rename_player(SettingsStore(companion_home), "Ana", hostile)
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_stats(app, pilot)
        await pilot.press("p")
        await pilot.pause()
        table = screen.query_one("#players-table", DataTable)
        assert hostile in column(table, 0)
        screen.query_one("#filter-player", Select).value = hostile
        await pilot.pause()
        assert column(screen.query_one("#games-table", DataTable), 0) == [
            "Sojourn",
            "Six Sojourns",
            "Cavendish",
        ]
        await pilot.press("c")
        assert f"{hostile}'s scores over time" in str(screen.query_one("#history", Static).render())


def test_score_buckets() -> None:
    assert buckets([4, 4, 6]) == [("4", 2), ("5", 0), ("6", 1)]
    assert buckets([10, 13, 18, 10]) == [
        ("10-11", 2),
        ("12-13", 1),
        ("14-15", 0),
        ("16-17", 0),
        ("18", 1),
    ]
    assert sparkline([1, 8, 4]) == "▁█▄"
    assert sparkline([5, 5]) == "▄▄"


class TestStatsSnapshots:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_the_tabs(
        self, snap_sizes: Any, make_test_app: Any, games: None, sizes: list[Size]
    ) -> None:
        """The games, players, charts and notes tabs of the eleven saves, each at every size."""
        views = {"games": ["g"], "players": ["p"], "charts": ["c"], "notes": ["k"]}
        assert snap_sizes(make_test_app(), sizes, press=["t"], views=views) == []


class TestStatsInFrench:
    def test_the_tabs_in_french(
        self, snap_sizes: Any, make_test_app: Any, games: None, speak: Callable[[str], str]
    ) -> None:
        """Every tab's words in French at 80x24: tabs, filters, columns, charts, dates."""
        speak("fr")
        views = {"games": ["g"], "players": ["p"], "charts": ["c"], "notes": ["k"]}
        assert snap_sizes(make_test_app(), [(80, 24)], press=["t"], views=views) == []

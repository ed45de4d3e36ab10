"""A switch of language on the Stats screen and its dialogs (issue 45): every word in the new
language at once, and nothing the player chose lost: the filters, the tab, the rows, the focus,
what is typed in a dialog or highlighted there."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.widgets import DataTable, Input, Label, OptionList, Select, Tabs

import lang
from widgets.stats.colours import ColourDialog
from widgets.stats.rename import RenameDialog
from widgets.stats.screen import StatsScreen


def headers(table: DataTable[Any]) -> list[str]:
    return [str(column.label) for column in table.columns.values()]


def first_cells(table: DataTable[Any]) -> list[str]:
    return [str(table.get_row_at(row)[0]) for row in range(table.row_count)]


def tab_labels(screen: StatsScreen) -> list[str]:
    return [str(tab.label) for tab in screen.query_one(Tabs).query("Tab")]  # type: ignore[attr-defined]


async def switch(app: Any, pilot: Any, code: str) -> None:
    """The language picked (as the Language dialog picks it), then the switch waited for."""
    app.language_picked(code)
    await pilot.pause()
    await pilot.pause()
    assert lang.current() == code


async def open_stats(app: Any, pilot: Any) -> StatsScreen:
    await pilot.press("t")
    await pilot.pause()
    assert isinstance(app.screen, StatsScreen)
    return app.screen


async def test_the_filters_the_tab_and_the_row_survive_a_switch_every_word_switches(
    make_test_app: Callable[..., Any], games: None, companion_home: Path
) -> None:
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_stats(app, pilot)
        screen.query_one("#filter-game", Select).value = "cavendish"
        screen.query_one("#filter-until", Input).value = "2026-11-30"
        screen.query_one("#filter-since", Input).value = "2026-13"  # half typed: kept as typed
        await pilot.press("p", "down")
        await pilot.pause()
        players = screen.query_one("#players-table", DataTable)
        assert first_cells(players) == ["Ana", "Ben", "Cy"] and players.cursor_row == 1
        head = screen.query_one("#head-to-head", DataTable)
        assert str(head.border_title) == "Head to head: Ben"
        before = {
            "games": first_cells(screen.query_one("#games-table", DataTable)),
            "against": first_cells(head),
        }

        await switch(app, pilot, "fr")
        assert app.screen is screen
        assert screen.sub_title == "Statistiques"
        assert tab_labels(screen) == ["Jeux", "Joueurs", "Graphiques", "Notes des jeux"]
        players = screen.query_one("#players-table", DataTable)
        head = screen.query_one("#head-to-head", DataTable)
        assert headers(head)[0] == "Contre"
        assert str(head.border_title) == "Face-à-face : Ben"
        assert screen.query_one("#filter-since", Input).placeholder == "du A-M-J"
        assert screen.query_one("#filter-game", Select).value == "cavendish"
        assert screen.query_one("#filter-since", Input).value == "2026-13"
        assert screen.query_one("#filter-until", Input).value == "2026-11-30"
        assert screen.query_one("#stats-tabs").active == "players"  # type: ignore[attr-defined]
        assert first_cells(players) == ["Ana", "Ben", "Cy"] and players.cursor_row == 1
        assert app.focused is players
        assert first_cells(screen.query_one("#games-table", DataTable)) == before["games"]
        assert first_cells(head) == before["against"]

        await switch(app, pilot, "en")
        assert tab_labels(screen) == ["Games", "Players", "Charts", "Game notes"]
        assert str(screen.query_one("#head-to-head", DataTable).border_title) == (
            "Head to head: Ben"
        )
        assert screen.query_one("#filter-game", Select).value == "cavendish"


async def test_the_player_filter_and_a_typed_date_survive_a_switch(
    make_test_app: Callable[..., Any], games: None, companion_home: Path
) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(app, pilot)
        screen.query_one("#filter-player", Select).value = "Mara"
        await pilot.press("c")
        await pilot.pause()
        since = screen.query_one("#filter-since", Input)
        since.focus()
        await pilot.press(*"2026-11-10")
        await pilot.pause()
        assert first_cells(screen.query_one("#games-table", DataTable)) == ["Time Bastards"]

        await switch(app, pilot, "de")
        assert screen.query_one("#filter-player", Select).value == "Mara"
        since = screen.query_one("#filter-since", Input)
        assert since.value == "2026-11-10" and app.focused is since
        assert screen.query_one("#stats-tabs").active == "charts"  # type: ignore[attr-defined]
        assert first_cells(screen.query_one("#games-table", DataTable)) == ["Time Bastards"]
        assert headers(screen.query_one("#games-table", DataTable))[0] == "Spiel"
        await pilot.press(*"1")  # the field still takes the keys: the filter follows
        await pilot.pause()
        assert since.value == "2026-11-101"


async def test_the_rename_and_colour_dialogs_keep_what_is_typed_or_highlighted(
    make_test_app: Callable[..., Any], games: None, companion_home: Path
) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(app, pilot)
        await pilot.press("p", "r")
        await pilot.pause()
        rename = app.screen
        assert isinstance(rename, RenameDialog)
        await pilot.press("end", *"na")
        await pilot.pause()
        await switch(app, pilot, "fr")
        assert app.screen is rename
        assert rename.query_one("#rename-box").border_title == "Renommer le joueur"
        field = rename.query_one("#rename-new", Input)
        assert field.value == "Anana" and app.focused is field
        await pilot.press("left", "left", *"-")  # the cursor where it was: nothing replaced
        await pilot.pause()
        assert field.value == "Ana-na"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen

        await pilot.press("o")
        await pilot.pause()
        colours = app.screen
        assert isinstance(colours, ColourDialog)
        listed = colours.query_one("#colour-list", OptionList)
        assert listed.highlighted == 10  # "No colour": Ana has none
        await pilot.press("home", "down")
        await pilot.pause()
        assert listed.highlighted == 1
        await switch(app, pilot, "de")
        assert app.screen is colours
        assert colours.query_one("#colour-box").border_title == "Farbe der Person"
        assert "Farbe für Ana" in str(colours.query_one("#colour-player", Label).render())
        listed = colours.query_one("#colour-list", OptionList)
        assert listed.highlighted == 1 and app.focused is listed
        await pilot.press("enter")  # the colour highlighted is the one chosen
        await pilot.pause()
        assert app.screen is screen
        assert app.settings.preference("player_colours", {}).get("Ana") == "orange"

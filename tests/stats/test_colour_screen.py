"""Choosing a player's colour on the Stats screen: the dialog, the ● beside the name in its tables
and charts, a restart, a merging rename, a damaged value said once, and snapshots."""

from __future__ import annotations

import errno
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.widgets import DataTable, Input, OptionList, Select, Static

from saves.paths import settings_path
from saves.shared import lock as shared_module
from saves.shared.roster import COLOURS, player_colours, set_colour
from saves.shared.settings import SettingsStore
from tests.support.notes import record_notes
from tests.support.snapshots import Size, size_sets
from widgets.stats.colours import NO_COLOUR, SHADES, ColourDialog
from widgets.stats.screen import StatsScreen

SIZES = size_sets([(80, 24), (120, 40)])


def names(table: DataTable[Any]) -> list[str]:
    return [str(table.get_row_at(row)[0]) for row in range(table.row_count)]


def cell(table: DataTable[Any], name: str) -> Text:
    """The name cell of `name`'s row (shown as "● name" or "  name")."""
    [found] = [
        value
        for row in range(table.row_count)
        if (value := table.get_row_at(row)[0]).plain.strip(" ●") == name
    ]
    assert isinstance(found, Text)
    return found


def dot_colour(text: Text) -> str | None:
    """The shade the ● of a name is drawn in, if it has one."""
    styles = [str(span.style) for span in text.spans if text.plain[span.start : span.end] == "●"]
    return styles[0] if styles else None


async def open_players(app: Any, pilot: Any) -> tuple[StatsScreen, DataTable[Any]]:
    await pilot.press("t")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, StatsScreen)
    await pilot.press("p")
    table = screen.query_one("#players-table", DataTable)
    table.focus()
    return screen, table


async def choose(app: Any, pilot: Any, table: DataTable[Any], name: str, colour: str) -> None:
    """Highlight `name`, press o and pick `colour` with the arrow keys and enter."""
    table.move_cursor(row=[n.strip(" ●") for n in names(table)].index(name))
    await pilot.press("o")
    await pilot.pause()
    assert isinstance(app.screen, ColourDialog)
    choices = app.screen.query_one("#colour-list", OptionList)
    target = COLOURS.index(colour) if colour != NO_COLOUR else len(COLOURS)
    moves = target - (choices.highlighted or 0)
    await pilot.press(*(["down"] * moves if moves > 0 else ["up"] * -moves), "enter")
    await pilot.pause()


async def test_a_chosen_colour_is_shown_survives_a_restart_and_can_be_taken_away(
    make_test_app: Callable[..., Any], games: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A colour that cannot be saved is said in one line, nothing written; once the disk has
    room the colour chosen is shown beside the name, kept after a restart, and taken away."""

    def full_disk(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, table = await open_players(app, pilot)
        with monkeypatch.context() as disk:
            disk.setattr(shared_module, "write_text", full_disk)
            await choose(app, pilot, table, "Ben", "blue")
            assert app.screen is screen
            assert notes == ["Could not save settings.toml: No space left on device"]
            assert not settings_path(games).exists()
        await choose(app, pilot, table, "Ben", "blue")
        assert app.screen is screen
        assert player_colours(app.settings).chosen == {"Ben": "blue"}
        assert cell(table, "Ben").plain == "● Ben"
        assert dot_colour(cell(table, "Ben")) == SHADES["blue"]
        assert cell(table, "Ana").plain == "  Ana"  # names stay in line, no ● without a colour
        await pilot.press("c")
        assert "● Ben" in str(screen.query_one("#wins-chart", Static).render())
    again = make_test_app()  # a new app on the same data folder
    async with again.run_test(size=(80, 24)) as pilot:
        screen, table = await open_players(again, pilot)
        assert dot_colour(cell(table, "Ben")) == SHADES["blue"]
        menu = screen.query_one("#filter-player", Select).query_one(OptionList)
        prompts = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert "● Ben" in prompts and "  Ana" in prompts
        table.move_cursor(row=[n.strip(" ●") for n in names(table)].index("Ben"))
        await pilot.press("o")  # the dialog starts on the current colour and can take it away
        await pilot.pause()
        choices = again.screen.query_one("#colour-list", OptionList)
        assert choices.highlighted == COLOURS.index("blue")
        await pilot.press("escape")
        await pilot.pause()
        assert player_colours(again.settings).chosen == {"Ben": "blue"}
        await choose(again, pilot, table, "Ben", NO_COLOUR)
        assert player_colours(again.settings).chosen == {}
        assert names(table)[0] == "Ana"  # nobody has a colour: no room kept for a ●


async def test_a_merging_rename_keeps_the_targets_colour(
    make_test_app: Callable[..., Any], games: Path
) -> None:
    settings = SettingsStore(games)
    set_colour(settings, "Unnamed traveller", "orange")
    set_colour(settings, "Dee", "pink")
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, table = await open_players(app, pilot)
        table.move_cursor(row=[n.strip(" ●") for n in names(table)].index("Unnamed traveller"))
        await pilot.press("r")
        await pilot.pause()
        app.screen.query_one("#rename-new", Input).value = "Ana"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert dot_colour(cell(table, "Ana")) == SHADES["orange"]  # Ana had none: takes it
        table.move_cursor(row=[n.strip(" ●") for n in names(table)].index("Ana"))
        await pilot.press("r")
        await pilot.pause()
        app.screen.query_one("#rename-new", Input).value = "Dee"
        await pilot.press("enter")
        await pilot.pause()
        assert dot_colour(cell(table, "Dee")) == SHADES["pink"]
        assert "Ana" in [n.strip(" ●") for n in names(table)]  # refused: they played together
    assert notes[-1].startswith("Ana and Dee both played the game saved as six-sojourns-")
    assert player_colours(SettingsStore(games)).chosen == {"Ana": "orange", "Dee": "pink"}


async def test_an_unknown_colour_is_said_once_and_the_file_left_alone(
    make_test_app: Callable[..., Any], games: Path
) -> None:
    path = settings_path(games)
    path.write_text(
        'format = 1\n[preferences.player_colours]\nAna = "[red]magenta"\nBen = "teal"\n', "utf-8"
    )
    before = path.read_bytes()
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(120, 40)) as pilot:
        screen, table = await open_players(app, pilot)
        screen.reload()
        await pilot.pause()
        assert notes == [
            "settings.toml: Ana = '[red]magenta' ignored (colours are "
            + ", ".join(COLOURS)
            + "); the file is left as it is."
        ]
        assert cell(table, "Ana").plain == "  Ana"
        assert dot_colour(cell(table, "Ben")) == SHADES["teal"]
    assert path.read_bytes() == before


def coloured(home: Path) -> None:
    settings = SettingsStore(home)
    for name, colour in {"Ana": "teal", "Ben": "orange", "Mara": "purple"}.items():
        assert set_colour(settings, name, colour)


class TestColourSnapshots:
    @pytest.mark.parametrize("sizes", SIZES)
    def test_coloured_players(
        self, snap_sizes: Any, make_test_app: Any, games: Path, sizes: list[Size]
    ) -> None:
        """Three players' colours: the colour dialog on the first player, the players tab and
        the charts."""
        coloured(games)
        views = {"dialog": ["p", "o"], "players": ["escape", "p"], "charts": ["c"]}
        assert snap_sizes(make_test_app(), sizes, press=["t"], views=views) == []


async def test_a_damaged_settings_file_keeps_its_bytes(
    make_test_app: Callable[..., Any], games: Path
) -> None:
    path = settings_path(games)
    path.write_text("format = 1\n[preferences\n", "utf-8")
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        _screen, table = await open_players(app, pilot)
        await choose(app, pilot, table, "Ben", "blue")
        await choose(app, pilot, table, "Ben", "blue")
        await pilot.press("r")
        await pilot.pause()
        app.screen.query_one("#rename-new", Input).value = "Benjamin"
        await pilot.press("enter")
        await pilot.pause()
    assert notes[-3:] == [
        "Settings file damaged: the colour is not saved.",
        "Settings file damaged: the colour is not saved.",
        "Settings file damaged: the rename is not saved.",
    ]
    assert path.read_text("utf-8") == "format = 1\n[preferences\n"

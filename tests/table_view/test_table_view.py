"""The table view: `v` opens it on every play screen, it shows the state's figures, follows the
game screen's redraws, changes nothing, and `v` or escape go back. (Each game's view opened,
checked at 120x40, 80x24 and a phone's 44x43 and closed again is in the run that takes its
pictures: `TestTableView` in test_table_view_snapshots.py.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rich.text import Text
from textual.widgets import DataTable, Digits, Static

from companion.cavendish.actions import LoseAzrak
from companion.six_sojourns.setup import SojournsSetup
from companion.sojourn.actions import Travel
from companion.sojourn.model import Kind, SojournSetup
from widgets.play.game_screen import GameScreen
from widgets.shell.help import HelpScreen, help_text
from widgets.shell.keys import KeysScreen
from widgets.table_view import TableShown, TableViewScreen
from widgets.table_view.screen import header_words

EXPECTED = {
    "cavendish": {
        "Azrak crystals": {"Vortex": "4", "Mission Return": "4"},
        "Amy · Ana": {"Azrak of 6": "6", "Fear": "1"},
        "Anton · Ben": {"Azrak of 5": "1", "Fear": "1"},
        "Doug · Cy": {"Azrak of 5": "5", "Fear": "1"},
    },
    "time-bastards": {
        "Clock": {"Hour of 24": "20"},
        "● Mara": {"Achievements": "0", "On board": "2"},
        "◆ Jonas": {"Achievements": "1", "On board": "3"},
    },
    "six-sojourns": {
        "1. Ben": {"VP": "18", "Coins": "0"},
        "2. Cy": {"VP": "13", "Coins": "0"},
        "3. Ana": {"VP": "10", "Coins": "0"},
        "3. Dee": {"VP": "10", "Coins": "0"},
    },
    "sojourn": {
        "Traveler card": {"Health of 7": "2", "Charge of 7": "3", "Fragments of 4": "0"},
        "Next trip": {"RISK %": "75", "COST": "3", "DMG": "3"},
    },
}
"""What each game's sample shows: box title -> label -> the large number under it."""

HEADLINES = {
    "cavendish": "Round 2 · Discovery phase at B",
    "time-bastards": "Jonas's turn",
    "six-sojourns": "Map A · leading: Ben",
    "sojourn": "At Rome (44 BC) · 4 cards in hand",
}


def shown(view: TableViewScreen) -> dict[str, dict[str, str]]:
    """What the view's boxes show on screen: title -> label -> the Digits' value."""
    boxes: dict[str, dict[str, str]] = {}
    for box in view.query(".tv-group"):
        title = box.query_one(".tv-title", Static).content
        labels = [str(label.content) for label in box.query(".tv-label")]
        values = [digits.value for digits in box.query(Digits)]
        boxes[str(title)] = dict(zip(labels, values, strict=True))
    return boxes


def headline(view: TableViewScreen) -> str:
    return str(view.query_one("#tv-headline", Static).content)


def play_screen(view: TableViewScreen) -> GameScreen:
    """The play screen under the view (the view itself knows nothing of it)."""
    stack = view.app.screen_stack
    screen = stack[stack.index(view) - 1]
    assert isinstance(screen, GameScreen)
    return screen


async def open_view(pilot: Any) -> TableViewScreen:
    await pilot.pause()
    assert isinstance(pilot.app.screen, GameScreen)
    await pilot.press("v")
    await pilot.pause()
    view = pilot.app.screen
    assert isinstance(view, TableViewScreen)
    return view


async def test_v_is_listed_the_view_changes_nothing_and_follows_the_play_screen(
    game_app: Callable[[str], Any],
) -> None:
    """`v` is among the play screen's keys; the play screen's keys do nothing under the view
    (`-` loses no crystal, `u` updates not); an action and its undo on the play screen show."""
    app = game_app("cavendish")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        table = app.screen.query_one(DataTable)
        rows = {str(table.get_row_at(i)[1]): table.get_row_at(i) for i in range(table.row_count)}
        assert str(rows["Table view"][0]) == "v"
        await pilot.press("escape")
        view = await open_view(pilot)
        play = play_screen(view)
        steps = len(play.session.steps)
        await pilot.press("minus", "u", "x", "ctrl+z")
        await pilot.pause()
        assert len(play.session.steps) == steps
        assert shown(view) == EXPECTED["cavendish"]
        assert play.act(LoseAzrak("Amy", 2))
        await pilot.pause()
        assert shown(view)["Amy · Ana"]["Azrak of 6"] == "4"
        assert shown(view)["Azrak crystals"]["Vortex"] == "6"
        play.action_undo()
        await pilot.pause()
        assert shown(view)["Amy · Ana"]["Azrak of 6"] == "6"
        assert shown(view)["Azrak crystals"]["Vortex"] == "4"


async def test_a_wider_screen_puts_the_boxes_side_by_side_and_a_trip_replaces_the_next(
    game_app: Callable[[str], Any],
) -> None:
    """The trip box changes its figures (no COST once paid): the view builds it again."""
    app = game_app("sojourn")
    async with app.run_test(size=(60, 16)) as pilot:
        view = await open_view(pilot)
        boxes = list(view.query(".tv-group"))
        assert boxes[0].region.y < boxes[1].region.y  # one above the other
        await pilot.resize_terminal(100, 16)
        await pilot.pause()
        assert boxes[0].region.y == boxes[1].region.y
        assert boxes[0].region.right < boxes[1].region.x
        assert play_screen(view).act(Travel(4, (Kind.LOOP,)))
        await pilot.pause()
        boxes_shown = shown(view)
        assert boxes_shown["This trip"] == {"RISK %": "75", "DMG": "3"}
        assert boxes_shown["Traveler card"]["Charge of 7"] == "0"
        assert "waiting: type in the destination card drawn" in headline(view)


async def test_a_watched_game_says_so_in_the_view_and_f1_explains_it(
    game_app: Callable[[str], Any],
) -> None:
    app = game_app("time-bastards")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.only_watch("This save's file cannot be written here.")
        view = await open_view(pilot)
        assert view.sub_title == "Mara vs Jonas (watching)"
        assert view.title == "Table view: Time Bastards"
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.topic == "table-view"
        assert help_text("table-view").startswith("# Table view")


async def test_names_with_markup_are_shown_as_typed(make_test_app: Callable[..., Any]) -> None:
    names = ("Ana [/] Ben", "[b]Cy[/b]")

    def start(app: Any) -> None:
        app.start_game("six-sojourns", SojournsSetup(names), "Markup")

    app = make_test_app(start=start)
    async with app.run_test(size=(80, 24)) as pilot:
        view = await open_view(pilot)
        titles = [box.query_one(".tv-title", Static).content for box in view.query(".tv-group")]
        assert all(isinstance(title, Text) for title in titles)
        assert [str(title) for title in titles] == ["1. Ana [/] Ben", "1. [b]Cy[/b]"]
        assert headline(view) == "Map A · no points entered yet"


@pytest.mark.parametrize(
    ("game_title", "subtitle", "words"),
    [
        ("Sojourn", "Sojourn", ("Table view", "Sojourn")),
        ("Sojourn", "Sojourn (watching)", ("Table view", "Sojourn (watching)")),
        ("Sojourn", "Two trips", ("Table view: Sojourn", "Two trips")),
        (
            "TIME Stories Revolution: Cavendish",
            "TIME Stories Revolution: Cavendish",
            ("Table view", "TIME Stories Revolution: Cavendish"),
        ),
        ("Six Sojourns", "Six Sojourns: Ana, Ben", ("Table view: Six Sojourns", "Ana, Ben")),
    ],
)
def test_the_header_names_the_game_once(
    game_title: str, subtitle: str, words: tuple[str, str]
) -> None:
    """A save titled after its game (a new Sojourn run is `Sojourn`) does not read
    `Table view: Sojourn — Sojourn`."""
    assert header_words(TableShown("any", game_title, None, subtitle)) == words


async def test_a_new_sojourn_run_names_its_game_once(make_test_app: Callable[..., Any]) -> None:
    app = make_test_app(start=lambda app: app.start_game("sojourn", SojournSetup()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        play = next(screen for screen in app.screen_stack if isinstance(screen, GameScreen))
        play.action_table_view()  # (over the dialog asking for the first timestream cards)
        await pilot.pause()
        view = app.screen
        assert isinstance(view, TableViewScreen)
        assert (view.title, view.sub_title) == ("Table view", "Sojourn")


def test_the_view_imports_nothing_of_the_play_screen() -> None:
    """The play screen opens its view and gives it what it shows; the view never reaches back
    (no import of `widgets.play.game_screen`, not even for types)."""
    import ast
    from pathlib import Path

    import widgets.table_view

    folder = Path(widgets.table_view.__file__).parent
    imported: set[str] = set()
    for source in folder.glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module)
            elif isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
    assert "widgets.table_view.view" in imported  # (the walk found the imports)
    assert not any(name.startswith("widgets.play.game_screen") for name in imported)

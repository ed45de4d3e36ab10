"""The contract a plug-in game is written to (docs/plugins.md), held by Pebbles: its screens use
the public module `widgets.plugin` alone; `?` lists its keys and runs one on a tap, its footer
keeps `?` at a phone's width; F1 shows its own help; the command palette offers its actions; its
die prompt takes the real die's face first, rolls in the app on `r`, and keeps both rolls in the
one roll history."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pebbles.game import Pass, PebblesSetup, Take
from pebbles.screens import PebblesScreen
from textual.widgets import MarkdownViewer

from tests.support.waiting import pause_until
from widgets.dice.ask import DieRollDialog
from widgets.shell.chrome import FooterKey
from widgets.shell.help import HelpScreen
from widgets.shell.keys import KeysScreen, KeysTable, screen_keys

PEBBLES = Path(__file__).resolve().parent / "pebbles"
pytestmark = pytest.mark.usefixtures("installed_plugin")


def start_pebbles(app: Any) -> None:
    app.start_game("pebbles", PebblesSetup(("Ana", "Ben"), pile=7), "Ana and Ben")


async def pebbles_screen(pilot: Any) -> PebblesScreen:
    await pause_until(pilot, lambda: isinstance(pilot.app.screen, PebblesScreen))
    screen = pilot.app.screen
    assert isinstance(screen, PebblesScreen)
    return screen


def test_the_template_uses_the_public_module_alone() -> None:
    """Of the app's screens, Pebbles' code imports `widgets.plugin` and nothing else (its
    tests build the app itself with `widgets.app.make_app`)."""
    imported: set[str] = set()
    for path in PEBBLES.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module)
            elif isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
    assert {name for name in imported if name.split(".")[0] == "widgets"} == {"widgets.plugin"}
    assert not {name for name in imported if name.split(".")[0] == "saves"}


async def test_question_mark_lists_a_plugins_keys_and_a_tap_runs_one(
    make_test_app: Callable[..., Any],
) -> None:
    app = make_test_app(start=start_pebbles)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await pebbles_screen(pilot)
        listed = {description: usable for _key, description, usable in screen_keys(screen)}
        for own in ("Take 1-3", "Take 2", "Take 3", "Roll D3", "Pass", "Undo", "Table view"):
            assert listed[own] == "yes", own

        await pilot.press("question_mark")
        await pause_until(pilot, lambda: isinstance(app.screen, KeysScreen))
        keys = app.screen
        assert isinstance(keys, KeysScreen)
        table = keys.query_one(KeysTable)
        row = next(i for i, (_k, words, _now) in enumerate(keys.rows) if words == "Pass")
        await pause_until(pilot, lambda: table.size.height > row + 1)
        table.move_cursor(row=row)
        await pause_until(pilot, lambda: table.cursor_row == row)
        rows = [str(table.get_row_at(i)[1]) for i in range(table.row_count)]
        assert rows[row] == "Pass"
        await pilot.click(table, offset=(5, 1 + row - table.scroll_offset.y))
        await pause_until(pilot, lambda: screen.session.actions == [Pass()])
        assert app.screen is screen


async def test_the_footer_keeps_the_keys_list_at_a_phones_width(
    make_test_app: Callable[..., Any],
) -> None:
    app = make_test_app(start=start_pebbles)
    async with app.run_test(size=(44, 30)) as pilot:
        screen = await pebbles_screen(pilot)
        await pause_until(pilot, lambda: bool(screen.query(FooterKey)))
        shown = [key.description for key in screen.query(FooterKey)]
        assert "Take 1-3" in shown
        assert shown[-2] in ("More keys", "Keys")  # `?` kept, beside the palette


async def test_f1_shows_the_games_own_help_and_the_palette_its_actions(
    make_test_app: Callable[..., Any],
) -> None:
    app = make_test_app(start=start_pebbles)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await pebbles_screen(pilot)
        titles = [command.title for command in screen.palette_commands()]
        assert {"pebbles: take 1", "pebbles: roll the D3", "pebbles: pass"} <= set(titles)
        await pilot.press("f1")
        await pause_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen) and help_screen.topic == "pebbles"
        viewer = help_screen.query_one(MarkdownViewer)
        assert viewer.document.source.startswith("# Pebbles")


async def test_the_die_prompt_takes_the_real_face_first_and_r_rolls_in_the_app(
    make_test_app: Callable[..., Any],
) -> None:
    app = make_test_app(start=start_pebbles)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await pebbles_screen(pilot)
        await pilot.press("t")
        await pause_until(pilot, lambda: isinstance(app.screen, DieRollDialog))
        await pilot.press("2", "enter")  # what the real die shows, typed first
        await pause_until(pilot, lambda: app.screen is screen)
        assert screen.session.actions == [Take(2, "physical")]
        assert screen.session.history == ["Ana rolls 2 on a real D3 and takes 2 (5 left)"]

        await pilot.press("t")
        await pause_until(pilot, lambda: isinstance(app.screen, DieRollDialog))
        await pilot.press("r")  # the app's roll
        await pause_until(pilot, lambda: len(screen.session.actions) == 2)
        rolled = screen.session.actions[-1]
        assert isinstance(rolled, Take) and rolled.rolled == "app"
        assert 1 <= rolled.count <= 3

        kept = app.rolls.rolls
        assert [(r.roll.source, r.roll.total, r.label) for r in kept] == [
            ("physical", 2, "Pebbles, Ana"),
            ("app", rolled.count, "Pebbles, Ben"),
        ]


async def test_a_roll_the_rules_refuse_is_kept_nowhere(
    make_test_app: Callable[..., Any],
) -> None:
    app = make_test_app(start=start_pebbles)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await pebbles_screen(pilot)
        await pilot.press("t")
        await pause_until(pilot, lambda: isinstance(app.screen, DieRollDialog))
        await pilot.press("4", "enter")  # not a face of a D3
        await pilot.press("escape")
        await pause_until(pilot, lambda: app.screen is screen)
        assert screen.session.actions == [] and list(app.rolls.rolls) == []


def test_every_public_name_is_documented_in_the_module_and_in_the_guide() -> None:
    """`widgets.plugin` is the contract: each name it offers is said in its docstring and in
    docs/plugins.md, and is what it says (the four games' own header and footer)."""
    import widgets.plugin as public
    from widgets.shell import chrome

    guide = (PEBBLES.parents[2] / "docs" / "plugins.md").read_text("utf-8")
    assert public.__doc__ is not None
    for name in public.__all__:
        assert f"`{name}" in public.__doc__, name
        assert f"`{name}" in guide, name
    assert (public.TitleHeader, public.KeyFooter) == (chrome.TitleHeader, chrome.KeyFooter)

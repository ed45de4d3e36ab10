"""Every key reachable at 80 columns: the footer shows whole keys, the screen's own first, and
`?` lists every key of the screen, usable now or not."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.widgets import DataTable

from companion.six_sojourns.setup import SojournsSetup
from widgets.shell.chrome import FooterKey
from widgets.shell.keys import KeysScreen


def six_sojourns(app: Any) -> None:
    app.start_game("six-sojourns", SojournsSetup(("Ana", "Ben")), "Ana, Ben")


def footer_keys(app: Any) -> list[FooterKey]:
    return list(app.screen.query(FooterKey))


async def test_the_footer_shows_whole_keys_at_120_and_80_columns_and_question_mark_lists_all(
    make_test_app: Callable[..., Any],
) -> None:
    """At 120 columns, then narrowed to 80: whole keys, the screen's own first, the palette
    hint alone at the right; `?` lists every key of the screen, usable now or not."""
    app = make_test_app(start=six_sojourns)
    async with app.run_test(size=(120, 24)) as pilot:
        for width in (120, 80):
            await pilot.resize_terminal(width, 24)
            await pilot.pause()
            await pilot.pause()
            keys = footer_keys(app)
            palette = next(key for key in keys if key.has_class("-command-palette"))
            others = [key for key in keys if key is not palette]
            assert palette.region.right == width
            for key in others:
                assert key.region.right <= palette.region.x, key.description
                assert key.region.width == len(key.key_display) + 1 + len(key.description)
            descriptions = [key.description for key in others]
            assert descriptions[0] == "Objectives"  # the screen's own keys first
            # the list of every key always has its place, named for what it holds
            assert descriptions[-1] == ("More keys" if width == 80 else "Keys")
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        table = app.screen.query_one(DataTable)
        rows = {
            str(table.get_row_at(i)[1]): str(table.get_row_at(i)[2]) for i in range(table.row_count)
        }
        assert rows["Add space"] == "not here"  # a Board tab key, listed from the Sheet tab
        assert rows["Finish"] == "yes"
        assert rows["Undo"] == "yes" and rows["Help"] == "yes"
        assert "Command palette: every action by name" in rows
        await pilot.press("question_mark")
        await pilot.pause()
        assert not isinstance(app.screen, KeysScreen)


async def test_a_key_of_two_actions_is_listed_with_the_one_it_takes_now(
    make_test_app: Callable[..., Any],
) -> None:
    """The dice tray's escape leaves a field for the dice buttons, and closes the tray from the
    buttons: `?`'s list names the one it does now (it named the first whatever the focus)."""
    from textual.widgets import Button, Input

    from widgets.dice.tray import DiceTray
    from widgets.shell.keys import NOW, screen_keys

    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d")
        await pilot.pause()
        tray = app.screen
        assert isinstance(tray, DiceTray)

        def escape_rows() -> list[tuple[str, str]]:
            return [(said, now) for key, said, now in screen_keys(tray) if key == "esc"]

        tray.query_one("#notation", Input).focus()
        await pilot.pause()
        assert escape_rows() == [("Dice", NOW)]
        tray.query(Button).first().focus()
        await pilot.pause()
        assert escape_rows() == [("Close", NOW)]

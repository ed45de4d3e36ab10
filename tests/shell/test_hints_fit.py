"""Hints and placeholders are read whole at 80 columns: they wrap or fit, never run off."""

from __future__ import annotations

import textwrap
from typing import Any

from textual.widgets import Input, Label

from companion.six_sojourns.actions import EnterSpace, ScoreBy
from companion.six_sojourns.model import Space
from companion.six_sojourns.setup import SojournsSetup
from companion.sojourn.model import SojournSetup
from widgets.sojourn.destination_dialog import HINTS, DestinationDialog


def six_sojourns(app: Any) -> None:
    setup = SojournsSetup(("Ana", "Ben"), "A", ("upgrades",))
    saved = app.start_game("six-sojourns", setup, "Ana, Ben")
    saved.session.do(ScoreBy("board"))
    saved.session.do(EnterSpace(Space("A1", island="North")))


def whole(label: Label) -> bool:
    """The label lies inside its dialog, and its text wrapped to its width takes no more lines
    than it has."""
    text = str(label.render())
    width = label.content_size.width
    inside = label.parent is not None and label.region.right <= label.parent.content_region.right
    return inside and width > 0 and len(textwrap.wrap(text, width)) <= label.content_size.height


async def test_six_sojourns_hints_wrap_at_80_columns(make_test_app: Any) -> None:
    app = make_test_app(start=six_sojourns)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for keys in (["u"], ["b", "right", "right", "enter"], ["s", "o"]):
            await pilot.press(*keys)
            await pilot.pause()
            hint = app.screen.query_one("#ss-dialog-hint", Label)
            assert whole(hint), str(hint.render())
            await pilot.press("escape")
            await pilot.pause()


async def test_the_destination_date_example_fits_at_80_columns(make_test_app: Any) -> None:
    app = make_test_app(start=lambda app: app.start_game("sojourn", SojournSetup(), "Solo"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()  # the game's styles are loaded with its screen
        await app.push_screen(DestinationDialog(lambda action: True, "New destination"))
        await pilot.pause()
        for field, example in HINTS.items():
            field_input = app.screen.query_one(f"#field-{field}", Input)
            assert field_input.content_size.width > len(example), field

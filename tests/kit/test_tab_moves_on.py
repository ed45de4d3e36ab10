"""Tab in a name field that offers a completion moves on and keeps what was typed; the
completion is taken only with the right arrow, as Textual's Input does (issue 33's snags)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.widgets import Input

from tests.support.waiting import pause_until
from widgets.kit.players import remember_players
from widgets.shell.base import SetupScreen


async def name_field(pilot: Any, game_id: str) -> Input:
    app = pilot.app
    remember_players(app.settings, game_id, ["Annabel", "Benedict"])
    app.new_game(game_id)
    await pause_until(pilot, lambda: any(field.suggester for field in app.screen.query(Input)))
    field: Input = next(field for field in app.screen.query(Input) if field.suggester)
    field.value = ""
    field.focus()
    await pilot.pause()
    return field


async def test_tab_moves_on_and_right_takes_the_completion(
    make_test_app: Callable[..., Any],
) -> None:
    """The Cavendish and Six Sojourns setups in turn, each opened afresh from home."""
    app = make_test_app()
    async with app.run_test(size=(100, 40)) as pilot:
        for game_id in ("cavendish", "six-sojourns"):
            app.go_home()
            await pause_until(pilot, lambda: not isinstance(app.screen, SetupScreen))
            field = await name_field(pilot, game_id)
            await tab_then_right(pilot, field)


async def tab_then_right(pilot: Any, field: Input) -> None:
    """Tab leaves the field with what was typed; the right arrow takes the completion."""
    app = pilot.app
    await pilot.press("A")
    await pause_until(pilot, lambda: field.value == "A")
    await pilot.press("tab")
    await pause_until(pilot, lambda: app.focused is not field)
    assert field.value == "A"
    field.focus()
    field.cursor_position = len(field.value)
    await pilot.press("backspace", "A")
    await pilot.press("right")
    await pause_until(pilot, lambda: field.value.endswith("Annabel"))

"""On a phone (40x40, 44x43) every word of the four setups shows whole: no label, choice, hint or
button cut at the edge or shortened to "…" (issue 33: the Sojourn setup's "RISK N% hurts o…")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.widget import Widget
from textual.widgets import Checkbox, Label, RadioButton, Static

from tests.support.drawn import drawn
from tests.support.waiting import pause_until
from widgets.shell.base import SetupScreen
from widgets.sojourn.setup import READING_HINT

GAMES = ["sojourn", "cavendish", "time-bastards", "six-sojourns"]


def words_of(widget: Widget) -> str:
    return " ".join(" ".join(drawn(widget)).split())


def cut_words(screen: SetupScreen) -> list[str]:
    """Each piece of words on the setup that does not show whole, and how it is cut."""
    cut = []
    for widget in screen.query("Static, Button"):  # labels, hints, choices, buttons
        if not widget.display or widget.region.area == 0:
            continue
        shown = words_of(widget)
        parent = widget.parent
        room = parent.scrollable_content_region if isinstance(parent, Widget) else screen.region
        if "…" in shown:
            cut.append(f"{shown!r} ends in …")
        if widget.region.right > room.right or widget.region.x < room.x:
            cut.append(f"{shown!r} at {widget.region} is cut by {room}")
        if isinstance(widget, (Checkbox, RadioButton)):  # one line, whatever its width
            needed = widget.get_content_width(widget.content_size, widget.content_size)
            if needed > widget.content_size.width:
                cut.append(f"{shown!r} needs {needed} columns, has {widget.content_size.width}")
    return cut


SIZES = [(44, 43), (40, 40)]
"""The phones, larger first: each setup is drawn at the first, then the window narrowed."""


async def test_every_word_of_every_setup_is_whole_on_a_phone(
    make_test_app: Callable[..., Any],
) -> None:
    app = make_test_app()
    async with app.run_test(size=SIZES[0]) as pilot:
        found: dict[str, list[str]] = {}
        for game_id in GAMES:
            app.go_home()
            await pause_until(pilot, lambda: not isinstance(app.screen, SetupScreen))
            await pilot.resize_terminal(*SIZES[0])
            app.new_game(game_id)
            await pause_until(
                pilot, lambda: isinstance(app.screen, SetupScreen) and app.focused is not None
            )
            found.update(await cut_at_each_size(pilot, app.screen, game_id))
        assert not found, found


async def cut_at_each_size(pilot: Any, screen: SetupScreen, game_id: str) -> dict[str, list[str]]:
    """The setup's words cut at each phone size, the window narrowed from one to the next."""
    found = {}
    for size in SIZES:
        await pilot.resize_terminal(*size)
        await pause_until(pilot, lambda s=size: screen.size == s)
        await pilot.pause()
        if problems := words_not_whole(screen, game_id):
            found[f"{game_id} at {size[0]}x{size[1]}"] = problems
    return found


def words_not_whole(screen: SetupScreen, game_id: str) -> list[str]:
    """What of the setup's words is cut; Sojourn's reading of the dice said in words."""
    if game_id == "sojourn":
        hint = words_of(screen.query_one("#reading-hint", Static))
        assert hint == READING_HINT  # what the first choice means, in words
        choices = [words_of(button) for button in screen.query("#reading RadioButton")]
        assert choices == ["▐●▌ 00-99 (00+0 = 0)", "▐ ▌ 1-100 (00+0 = 100)"]
    assert screen.query(Label), game_id
    return cut_words(screen)

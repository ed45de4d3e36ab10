"""Fields in every form and dialog (issue 33's snags): tab and shift+tab typed in one burst with
names move on before the names are read, as they do typed slowly; the field with the focus says
so in its characters, and a placeholder or a completion is slanted where a typed value is not,
so both read in a terminal without colour."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events
from textual.screen import Screen
from textual.widgets import Input

from tests.support.drawn import shows_focus, slanted
from tests.support.waiting import pause_until
from widgets.cavendish.dialogs import ItemDialog
from widgets.kit.players import remember_players
from widgets.shell.base import SetupScreen

PHONE = (44, 43)

BURSTS = [
    # game, the field focused first, the keys, what each field holds after them typed one by one
    (
        "cavendish",
        "player-0",
        [*"Ana", "tab", "tab", *"Ben"],  # past seat 1's receptacle
        {"player-0": "Ana", "player-1": "Ben"},
    ),
    ("sojourn", "title", [*"Trip", "tab", *"Ana"], {"title": "Trip", "traveller": "Ana"}),
    (
        "time-bastards",
        "tb-name-1",
        [*"Ana", "tab", "tab", "tab", *"Ben"],  # past the colour and the start
        {"tb-name-1": "Ana", "tb-name-2": "Ben"},
    ),
    ("six-sojourns", "ss-preset", ["shift+tab", *"Cy"], {"ss-players": "Cy"}),
]


def typed_at_once(app: Any, keys: list[str]) -> None:
    """The keys as `tmux send-keys` sends them: all queued before the app handles the first."""
    for key in keys:
        app.post_message(events.Key(key, "\t" if key == "tab" else key if len(key) == 1 else None))


async def setup_focused_on(pilot: Any, game_id: str, field_id: str) -> SetupScreen:
    """The game's setup, opened afresh from home, with `field_id` focused."""
    app = pilot.app
    app.go_home()
    await pause_until(pilot, lambda: not isinstance(app.screen, SetupScreen))
    app.new_game(game_id)
    await pause_until(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.is_mounted)
    screen = app.screen
    screen.query_one(f"#{field_id}").focus()
    await pause_until(pilot, lambda: app.focused is not None and app.focused.id == field_id)
    return screen


def values(screen: Screen[Any], fields: dict[str, str]) -> dict[str, str]:
    return {field: screen.query_one(f"#{field}", Input).value for field in fields}


async def test_fields_take_a_burst_of_keys_and_read_without_colour(
    make_test_app: Callable[..., Any],
) -> None:
    """On a phone, every setup and a dialog take a burst of keys as they take slow ones; then
    the fields read without colour, on a phone (lists alike, a completion slanted) and framed
    at 80x24."""
    app = make_test_app()
    async with app.run_test(size=PHONE) as pilot:
        await keys_typed_in_one_burst(pilot)
        remember_players(app.settings, "six-sojourns", ["Annabel"])  # a name to complete
        await fields_read_without_colour(pilot)


async def keys_typed_in_one_burst(pilot: Any) -> None:
    """Each setup's fields and a dialog's hold what the keys typed at once were meant for."""
    app = pilot.app
    for game_id, first, keys, expected in BURSTS:
        screen = await setup_focused_on(pilot, game_id, first)
        typed_at_once(app, keys)
        await pilot.pause()  # the app has handed every key on (each pause waits for every
        await pilot.pause()  # queue to reach what was in it), then the fields took theirs
        assert values(screen, expected) == expected, game_id
    dialog = ItemDialog("Amy")  # a dialog's fields alike
    await app.push_screen(dialog)
    await pause_until(pilot, lambda: app.screen is dialog and dialog.is_mounted)
    dialog.query_one("#item-name").focus()
    await pause_until(pilot, lambda: app.focused is dialog.query_one("#item-name"))
    typed_at_once(app, [*"Lamp", "tab", "tab", "tab", "tab", "2"])  # past its kind and kept
    await pilot.pause()
    await pilot.pause()
    item = {"item-name": "Lamp", "item-strength": "0", "item-confidence": "2"}
    assert values(dialog, item) == item


async def fields_read_without_colour(pilot: Any) -> None:
    """The focus drawn on the focused field alone; placeholders and completions slanted, what
    was typed upright."""
    screen = await setup_focused_on(pilot, "cavendish", "player-0")
    names = list(screen.query(Input))[:4]
    assert [shows_focus(field) for field in names] == [True, False, False, False]
    assert all(slanted(field).strip() == "player name" for field in names)
    await pilot.press(*"Ana")
    assert slanted(names[0]) == ""  # what was typed stands upright
    await pilot.press("tab")  # one-line fields and lists alike
    receptacle = screen.query_one("#receptacle-0")
    assert shows_focus(receptacle) and not shows_focus(names[0])
    await pilot.press("tab", "A")
    await pause_until(pilot, lambda: slanted(names[1]) == "nnabel")  # offered, not typed
    await pilot.press("right")
    await pause_until(pilot, lambda: names[1].value == "Annabel" and not slanted(names[1]))

    await pilot.resize_terminal(80, 24)  # framed fields
    screen = await setup_focused_on(pilot, "sojourn", "title")
    title, traveller = screen.query_one("#title", Input), screen.query_one("#traveller", Input)
    assert shows_focus(title) and not shows_focus(traveller)
    assert slanted(title).strip() == "Sojourn" and slanted(traveller).strip() == "your name"
    await pilot.press("tab")
    assert shows_focus(traveller) and not shows_focus(title)

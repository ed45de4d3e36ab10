"""On a phone's 40 columns a play screen shows its phase's main actions as buttons three rows
tall (60 CSS px in the browser: tests/web/test_phone_targets.py), whole, named as their keys,
doing what their keys do, and changing with the phase; at 80 columns there are none."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from textual.binding import Binding

from companion.cavendish.actions import ChooseLocation, Explore
from companion.registry import get_game
from saves.games.store import SaveStore
from tests.cavendish.conftest import setup_for
from tests.conftest import fixed_clock
from tests.support.samples import install_sample
from tests.support.saving import record_played
from tests.support.waiting import pause_until
from widgets.cavendish.phase_dialogs import FreeUpdateDialog, UpdateDialog
from widgets.kit.main_actions import ActionButton, MainActions
from widgets.play.game_screen import GameScreen

PHONE = (40, 42)
PHONE_MAIN = {
    "cavendish": {"explore", "test", "next_phase"},  # the sample is in Discovery
    "six-sojourns": {"objectives", "finish"},
}
"""The main actions each sample's phase shows on a phone."""


def opened(make_test_app: Callable[..., Any], home: Path, game_id: str) -> Any:
    save_id = install_sample(home, game_id)
    return make_test_app(start=lambda app: app.open_saved(save_id))


def mission(make_test_app: Callable[..., Any], home: Path) -> Any:
    """A new four-agent Cavendish mission at its first location (Discovery), opened."""
    game = get_game("cavendish")
    assert game is not None
    store = SaveStore(home, fixed_clock)
    saved = store.create(game, setup_for(4), "Four agents")
    saved.session.do(ChooseLocation("A"))
    record_played(store, saved)
    return make_test_app(start=lambda app: app.open_saved(saved.id))


def buttons(screen: Any) -> dict[str, ActionButton]:
    return {button.key_action: button for button in screen.query(ActionButton)}


async def play_screen(pilot: Any) -> GameScreen:
    await pause_until(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
    screen: GameScreen = pilot.app.screen
    await pause_until(pilot, lambda: bool(screen.query(ActionButton)))
    await pilot.pause()
    return screen


def explored(screen: GameScreen) -> bool:
    """The game's last action is an Explore."""
    step = screen.session.last_step
    return step is not None and isinstance(step.action, Explore)


def assert_whole(screen: Any, width: int) -> None:
    """Each button three rows tall, inside the screen, its whole label shown."""
    for button in screen.query(ActionButton):
        region = button.region
        assert region.height == 3, button.label
        assert region.x >= 0 and region.right <= width, button.label
        assert region.width >= cell_len(str(button.label)), button.label
        assert region.y + region.height <= screen.size.height - 1  # above the footer's row


def assert_main_actions(screen: Any, main: set[str]) -> None:
    """The phase's main actions as buttons, each named as its key, whole on the phone."""
    shown = buttons(screen)
    assert set(shown) == main
    for action, button in shown.items():
        binding = next(
            b for b in type(screen).BINDINGS if isinstance(b, Binding) and b.action == action
        )
        assert str(button.label) == f"{binding.description} ({binding.key})"
    assert_whole(screen, PHONE[0])


async def test_a_phone_shows_the_phase_main_actions_whole_and_three_rows_tall(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    """The Cavendish and Six Sojourns samples opened in turn on a phone (Time Bastards' come
    with a window narrowed, below)."""
    saves = {game_id: install_sample(companion_home, game_id) for game_id in PHONE_MAIN}
    app = make_test_app()
    async with app.run_test(size=PHONE) as pilot:
        for game_id, main in PHONE_MAIN.items():
            app.go_home()
            await pause_until(pilot, lambda: not isinstance(app.screen, GameScreen))
            app.open_saved(saves[game_id])
            assert_main_actions(await play_screen(pilot), main)


async def test_tapping_a_button_does_its_action_and_the_buttons_follow_the_phase(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = mission(make_test_app, companion_home)
    async with app.run_test(size=PHONE) as pilot:
        screen = await play_screen(pilot)
        assert not explored(screen)
        focused = app.focused
        await pilot.click(buttons(screen)["explore"])
        await pause_until(pilot, lambda: explored(screen))
        assert app.focused is focused  # keys typed next go where they went
        await pilot.click(buttons(screen)["next_phase"])
        await pause_until(pilot, lambda: screen.state.phase == "between")
        await pause_until(pilot, lambda: "explore" not in buttons(screen))
        assert {"update", "next_phase"} <= set(buttons(screen))  # the Explore's crystal to share:
        assert_whole(screen, PHONE[0])  # the Standard Update one tap away, not behind `? More keys`
        await pilot.click(buttons(screen)["update"])
        await pause_until(pilot, lambda: isinstance(app.screen, (FreeUpdateDialog, UpdateDialog)))


async def test_no_buttons_at_80_columns_and_they_come_when_the_window_narrows(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = opened(make_test_app, companion_home, "time-bastards")
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        bar = app.screen.query_one(MainActions)
        assert not bar.display or bar.region.height == 0
        assert not any(button.region.height for button in app.screen.query(ActionButton))
        await pilot.resize_terminal(*PHONE)
        await pause_until(pilot, lambda: bool(app.screen.query(ActionButton)))
        await pilot.pause()
        assert_main_actions(app.screen, {"roll", "real_roll", "move_earliest"})

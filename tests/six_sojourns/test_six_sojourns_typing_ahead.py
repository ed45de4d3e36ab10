"""Keys typed fast on the sheet, faster than a busy machine opens its dialogs: none lands in a
dialog that opened after it was typed, the sheet opens no second dialog under the typist's
fingers, and no count is made of keys meant for other cells (issue 42: 225 icons)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events

from companion.six_sojourns.model import TRADES
from companion.six_sojourns.setup import SojournsSetup
from tests.support.waiting import pause_until
from widgets.six_sojourns.play import SojournsScreen

TYPED = ["down", "2", "enter", "down", "2", "enter", "down", "5", "enter"]
"""From Ana's coins: 2 cooking, 2 carpentry, 5 sewing."""
MEANT = {"cooking": 2, "carpentry": 2, "sewing": 5}


def start(app: Any) -> None:
    app.start_game("six-sojourns", SojournsSetup(("Ana", "Ben")), "Ana, Ben")


def typed_at_once(app: Any, keys: list[str]) -> None:
    """The keys as a terminal hands them over when the app was busy: all queued before the
    first is handled."""
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


def counts(screen: SojournsScreen) -> dict[str, int]:
    ana = screen.game.sheet.players[0]
    made = {trade: ana.icons(trade) for trade in TRADES if ana.icons(trade)}
    return {**made, **({"coins": ana.coins} if ana.coins != 12 else {})}


async def test_keys_queued_behind_a_dialog_never_land_in_the_wrong_cell(
    make_test_app: Callable[..., Any],
) -> None:
    app = make_test_app(start=start)
    async with app.run_test(size=(44, 43)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, SojournsScreen))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SojournsScreen)
        typed_at_once(app, TYPED)
        await pilot.pause()
        await pause_until(pilot, lambda: counts(screen) == MEANT)
        await pilot.pause()
        assert app.screen is screen  # every dialog answered, none opened under another
        assert screen.cell("#ss-sheet") == ("sewing", "Ana")


async def test_a_dialog_takes_the_keys_typed_while_it_opened(
    make_test_app: Callable[..., Any],
) -> None:
    """Keys that reach a dialog before it is shown wait for it, then are typed in order: the
    digit that opened it, the ones behind it and the enter make one count, in that cell."""
    app = make_test_app(start=start)
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, SojournsScreen))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SojournsScreen)
        typed_at_once(app, ["down", "1", "2", "enter", "down", "3", "enter"])
        await pause_until(pilot, lambda: counts(screen) == {"cooking": 12, "carpentry": 3})
        assert app.screen is screen


async def test_a_dialog_opened_while_a_key_is_on_its_way_leaves_the_sheet_taking_keys(
    make_test_app: Callable[..., Any],
) -> None:
    """A key passed on by the sheet reaches a dialog that opened meanwhile (a tap on a cell,
    another device's question) instead of the sheet: once the dialog closes, the sheet still
    takes every key (it waited for that key's turn to end, for good)."""
    from widgets.play.result import ConfirmEndDialog

    app = make_test_app(start=start)
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, SojournsScreen))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SojournsScreen)
        before = screen.cell("#ss-sheet")
        screen.typed.append(("down", None))
        screen.next_key()  # on its way to the app, its turn begun
        app.push_screen(ConfirmEndDialog("End the game now?", "Nobody has won yet."))
        await pause_until(pilot, lambda: isinstance(app.screen, ConfirmEndDialog))
        await pilot.press("escape")
        await pause_until(pilot, lambda: app.screen is screen)
        await pilot.press("down")
        await pause_until(pilot, lambda: screen.cell("#ss-sheet") != before)

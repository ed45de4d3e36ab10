"""After the GAIN cards: no trip to where the traveller stands, and an undo of the GAIN says only
that (issue 15)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sojourn_pilot import new_game, type_card

from tests.support.notes import record_notes
from widgets.sojourn.dialogs import CardsDialog
from widgets.sojourn.play import SojournScreen


def start_sojourn(app: Any) -> None:
    app.new_game("sojourn")


async def trip_to_troy(pilot: Any) -> SojournScreen:
    """Open Troy, travel there (RISK 0: no roll is asked), and type the one GAIN card: a
    Paradox."""
    await new_game(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, SojournScreen)
    await pilot.press("o")
    await type_card(pilot, "Troy", "1200 BC", "0", "1", "0", "1", "1")
    await pilot.press("right")
    await pilot.pause()
    await pilot.press("up", "right", "t", "enter")
    await type_card(pilot, "Giza", "2560 BC", "1", "1", "25", "1", "1")
    assert isinstance(pilot.app.screen, CardsDialog)
    await pilot.press("p")  # the last GAIN card closes the dialog by itself
    await pilot.pause()
    assert pilot.app.screen is screen and screen.sojourn.here.name == "Troy"
    return screen


async def test_after_the_gain_cards_enter_opens_no_trip_and_undo_says_only_the_gain(
    make_test_app: Callable[..., Any],
) -> None:
    """Both findings on one trip (it costs about 30 keys): the enter, then the undo and redo."""
    app = make_test_app(start=start_sojourn)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await trip_to_troy(pilot)
        notes = record_notes(app)
        await pilot.press("enter")  # the habit of closing the cards dialog with enter
        await pilot.pause()
        assert app.screen is screen
        assert notes == ["You are at Troy: pick another destination with the arrow keys."]
        after_gain = screen.session.state
        notes.clear()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert screen.sojourn.here.name == "Troy"  # the trip itself stands
        assert notes == [
            "Undone: Drew 1 timestream card for the GAIN at Troy: 1 Paradox (the last step of "
            "the trip to Troy; "
            "the trip's earlier steps stand)"
        ]
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert app.screen is screen and screen.session.state == after_gain
        save_id = screen.saved.id
    again = make_test_app(start=lambda app: app.open_saved(save_id))
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        resumed = again.screen
        assert isinstance(resumed, SojournScreen)
        await pilot.press("enter", "t")
        await pilot.pause()
        assert again.screen is resumed  # on resume too


async def test_the_gain_dialog_opened_again_after_its_undo_takes_ctrl_y(
    make_test_app: Callable[..., Any],
) -> None:
    """After an undo of the GAIN its dialog opens again (the next step); `ctrl+y` there puts the
    GAIN back, as on the play screen, and the dialog closes: the game no longer asks for it."""
    app = make_test_app(start=start_sojourn)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await trip_to_troy(pilot)
        after_gain = screen.session.state
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert screen.session.state != after_gain
        screen.ask()  # what the game waits for: the GAIN cards, asked again
        await pilot.pause()
        assert isinstance(app.screen, CardsDialog)
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert app.screen is screen and screen.session.state == after_gain

"""What the traveller screen says: column names, counted nouns, fragments left on a card, and
the keys a refused trip offers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from sojourn_helpers import B, F, L, P, T, card, resumed, started
from textual.widgets import Button

from companion.sojourn.actions import DrawDestination, DrawTimestream, RollRisk, Travel
from companion.sojourn.game import summary
from companion.sojourn.model import Cards, Destination, DrawCards
from companion.sojourn.outlook import fragments_words, home_outlook, preview_trip
from companion.sojourn.rules import waiting_words
from companion.sojourn.timeline import column_label, column_words
from widgets.sojourn.table_view import headline
from widgets.sojourn.travel_dialog import TravelDialog, trip_keys

PEARL = card("Pearl Harbor", 1941, drop=1, cost=1, risk=25, dmg=0, gain=1)
ROME = card("Rome", -44, drop=0, cost=1, risk=25, dmg=0, gain=1)
AT_ROME = [
    DrawTimestream((B, F, L, P, T)),
    DrawDestination(PEARL),
    Travel(1, (B,)),
    DrawDestination(ROME),
    RollRisk(50, 0),
    DrawTimestream((B,)),
    Travel(2),
    DrawDestination(card("Apollo 11", 1969, risk=25, gain=0)),
    RollRisk(50, 0),
    DrawTimestream((B,)),
]
"""At Rome (44 BC), with Pearl Harbor (1941) below it: a Loop there goes forward in time."""


def test_columns_are_named_from_the_start_card() -> None:
    """The timeline header said "col -1"; it names each column from the Jurassic Period's."""
    labels = [column_label(column) for column in (-2, -1, 0, 1, 3)]
    assert labels == ["2 left", "1 left", "start", "1 right", "3 right"]
    assert column_words(0) == "the start column"
    assert column_words(-1) == "1 left of start"


def test_counted_nouns_take_their_number() -> None:
    assert waiting_words(DrawCards(1, "gain")) == "type in the 1 timestream card drawn"
    assert waiting_words(DrawCards(2, "gain")) == "type in the 2 timestream cards drawn"
    three = replace(started(), fragments=3)
    assert "you need 1 more Time Fragment." in home_outlook(three)
    assert "you need 4 more Time Fragments." in home_outlook(started())


def test_one_card_in_hand_is_one_card() -> None:
    """The saved-games line and the table view said "1 cards"."""
    one = replace(started(), hand=Cards(bandage=1))
    assert ", 1 card, at " in summary(one)
    assert headline(one).endswith("· 1 card in hand")
    assert ", 5 cards, at " in summary(started())


def test_fragments_on_a_card_say_which_stay() -> None:
    state = started()
    hoard = Destination(card("Hoard"), 1, 0, fragments=2)
    assert fragments_words(state, replace(hoard, fragments=1)) == "1 Time Fragment here"
    assert fragments_words(replace(state, fragments=3), hoard) == (
        "2 Time Fragments here (1 to collect, the rest stay here)"
    )
    assert fragments_words(replace(state, fragments=4), hoard) == (
        "2 Time Fragments here (you hold 4: they stay here)"
    )
    assert fragments_words(replace(state, fragments=3, rules=1), hoard) == (
        "2 Time Fragments here (1 to collect, the rest are left behind)"
    )


def test_a_refused_trip_offers_no_enter() -> None:
    state = started(first=card("Pearl Harbor", 1941, cost=9))
    refused_travel = preview_trip(state, 1, "travel")
    assert refused_travel.problem is not None
    assert trip_keys(refused_travel) == "x Paradox · escape cancel"
    assert trip_keys(preview_trip(state, 1, "paradox")).endswith("enter go · escape cancel")
    refused_loop = preview_trip(state, 1, "loop")
    assert refused_loop.problem is not None
    assert trip_keys(refused_loop) == "escape cancel"


async def test_a_refused_loop_offers_only_escape(make_test_app: Callable[..., Any]) -> None:
    app = make_test_app(start=resumed(AT_ROME))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("down", "l")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, TravelDialog)
        shown = str(dialog.query_one("#trip-preview").render())
        assert "Not allowed: Loop only goes back in history" in shown
        assert "enter go" not in shown and shown.rstrip().endswith("escape cancel")
        assert "go" not in {active.binding.action for active in dialog.active_bindings.values()}
        assert not isinstance(app.focused, Button)  # no button to take the refused enter
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog and len(screen.session.actions) == len(AT_ROME)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen

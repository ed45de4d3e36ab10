"""A switch of language over a Sojourn dialog (issue 45): the cards drawn, a destination card,
a trip and the RISK roll say every word in the new language at once, and keep what the player
typed or picked so far; each still plays the game once answered."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sojourn_pilot import type_card
from textual.widgets import Button, Input, Label, Static

from companion.sojourn.actions import RollRisk
from companion.sojourn.model import Kind
from tests.support.waiting import pause_until
from widgets.dice.prompt import FacesInput
from widgets.sojourn.destination_dialog import DestinationDialog
from widgets.sojourn.dialogs import CardsDialog, RiskDialog
from widgets.sojourn.play import SojournScreen
from widgets.sojourn.travel_dialog import TravelDialog


def shown(dialog: Any, selector: str) -> str:
    return str(dialog.query_one(selector, Static).render())


def buttons(dialog: Any) -> list[str]:
    return [str(button.label) for button in dialog.query(Button)]


async def switched(pilot: Any, code: str, said: Callable[[], bool]) -> None:
    """The language picked as home's `L` or the palette does, then every screen said again."""
    pilot.app.language_picked(code)
    await pause_until(pilot, said, what=f"the dialog said again in {code}")
    await pilot.pause()


async def test_the_cards_typed_and_a_destination_card_half_typed_are_kept(
    make_test_app: Callable[..., Any],
) -> None:
    app = make_test_app(start=lambda app: app.new_game("sojourn"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ctrl+s")
        await pause_until(pilot, lambda: isinstance(app.screen, CardsDialog))
        cards = app.screen
        await pilot.press("b", "f")
        await pilot.pause()

        await switched(pilot, "fr", lambda: "Plus tard (esc)" in buttons(cards))
        assert app.screen is cards and cards.cards == [Kind.BANDAGE, Kind.FRACTURE]
        assert cards.query_one("#cards-dialog").border_title == "Main de départ"
        typed = shown(cards, "#cards-typed")
        assert "Piochez 5 cartes Timestream" in typed and "Tapé 2 sur 5 : " in typed
        await pilot.press("l", "p", "t")  # the hand complete: the first destination's card
        await pause_until(pilot, lambda: isinstance(app.screen, DestinationDialog))
        destination = app.screen
        assert isinstance(app.screen_stack[-2], SojournScreen)
        assert app.screen_stack[-2].sojourn.hand.count(Kind.BANDAGE) == 1

        assert str(destination.query(Label).first().render()) == "Nom"
        await type_card(pilot, "Pearl Harbor", "1941")
        await pilot.press("2")  # DROP, being typed
        await switched(pilot, "en", lambda: "Save (ctrl+s)" in buttons(destination))
        help_text = shown(destination, "#destination-help")
        assert help_text == "Type what the card shows; enter moves to the next field."
        assert str(destination.query(Label).first().render()) == "Name"
        heading = destination.query_one("#destination-dialog").border_title
        assert heading == "First destination (free)"
        values = {key: destination.query_one(f"#field-{key}", Input).value for key in FIELDS}
        assert values == {"name": "Pearl Harbor", "date": "1941", "drop": "2", "cost": ""}
        assert app.focused is destination.query_one("#field-drop", Input)
        await pilot.press("enter")
        await type_card(pilot, "2", "90", "4", "1")  # the card saved, as typed
        await pause_until(pilot, lambda: app.screen is app.screen_stack[1])
        assert app.screen.sojourn.timeline[-1].name == "Pearl Harbor"


FIELDS = ("name", "date", "drop", "cost")


async def test_a_trip_s_drop_and_the_risk_roll_typed_are_kept(
    make_test_app: Callable[..., Any],
) -> None:
    app = make_test_app(start=lambda app: app.new_game("sojourn"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ctrl+s")
        await pilot.press(*"bbbbb")
        await type_card(pilot, "Somme", "1916", "1", "1", "90", "3", "0")
        screen = app.screen
        assert isinstance(screen, SojournScreen)
        await pilot.press("up", "t")
        await pause_until(pilot, lambda: isinstance(app.screen, TravelDialog))
        trip = app.screen
        await pilot.press("b")  # the Bandage dropped
        await pilot.pause()

        await switched(pilot, "fr", lambda: "Voyager (entrée)" in buttons(trip))
        assert app.screen is trip and trip.chosen == [Kind.BANDAGE]
        assert "choisies : " in shown(trip, "#trip-preview")
        assert "Jouer Paradox (x)" in buttons(trip)
        await pilot.press("enter")  # the trip, with the Bandage dropped
        await pause_until(pilot, lambda: isinstance(app.screen, DestinationDialog))
        destination = app.screen
        await pilot.press("ctrl+f")  # a Time Fragment card drawn: the help says to draw again
        await pause_until(pilot, lambda: destination.stacked == 1)
        await switched(pilot, "en", lambda: "Save (ctrl+s)" in buttons(destination))
        assert shown(destination, "#destination-help") == (
            "1 Time Fragment card stacked: now draw again and type the destination that goes on "
            "top."
        )
        await switched(pilot, "fr", lambda: "Enregistrer (ctrl+s)" in buttons(destination))
        await type_card(pilot, "Verdun", "1916-02-21", "0", "1", "90", "3", "0")
        await pause_until(pilot, lambda: isinstance(app.screen, RiskDialog))
        risk = app.screen
        assert screen.sojourn.hand.count(Kind.BANDAGE) == 4
        await pilot.press("1", "2")

        await switched(pilot, "en", lambda: "Later (esc)" in buttons(risk))
        assert risk.query_one("#risk-dialog").border_title == "RISK roll at Somme"
        field = risk.query_one("#real-dice", FacesInput)
        assert field.value == "12" and app.focused is field
        await switched(pilot, "fr", lambda: "Plus tard (esc)" in buttons(risk))
        assert risk.query_one("#risk-dialog").border_title == "Jet de RISK à Somme"
        assert risk.query_one("#real-dice", FacesInput).value == "12"
        await pilot.press("enter")  # the roll the player typed, recorded
        await pause_until(pilot, lambda: app.screen is screen)
        assert screen.session.actions[-1] == RollRisk(10, 2, "physical")

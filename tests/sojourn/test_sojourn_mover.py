"""Whose move a Sojourn action is (`Game.mover`): the traveller's choices are the one seat's,
what the decks and the dice say is the table's."""

from __future__ import annotations

import pytest
from sojourn_helpers import card

from companion.sojourn.actions import (
    DrawDestination,
    DrawTimeFragment,
    DrawTimestream,
    PlaceSide,
    PlayBandage,
    RollRisk,
    Travel,
    TravelHome,
)
from companion.sojourn.game import SOJOURN
from companion.sojourn.model import Kind, SojournSetup


@pytest.mark.parametrize("action", [Travel(1), PlayBandage(), TravelHome(), PlaceSide("left")])
def test_the_travellers_choices_are_the_travellers_seat(action: object) -> None:
    named = SOJOURN.start(SojournSetup(traveller="Ana"))
    assert SOJOURN.mover(named, action) == "Ana"
    unnamed = SOJOURN.start(SojournSetup())
    assert SOJOURN.mover(unnamed, action) == SOJOURN.seats(unnamed)[0].name


@pytest.mark.parametrize(
    "action",
    [
        DrawTimestream((Kind.BANDAGE,)),
        DrawDestination(card("Troy", -1200)),
        DrawTimeFragment(),
        RollRisk(30, 4),
    ],
)
def test_the_decks_and_the_dice_are_the_tables(action: object) -> None:
    assert SOJOURN.mover(SOJOURN.start(SojournSetup(traveller="Ana")), action) is None

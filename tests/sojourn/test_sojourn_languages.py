"""Sojourn in French and German: what its rules say (a refusal, a RISK roll that costs Health,
the end of a run) is translated where it is shown, whole sentences in each language's order, and
the traveller screen draws its own words in the reader's language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from sojourn_helpers import B, F, L, P, T, card, play, started

from companion.core import RuleError
from companion.sojourn.actions import (
    DrawDestination,
    DrawTimeFragment,
    DrawTimestream,
    OpenWithCharge,
    PlaceSide,
    PlayBandage,
    RollRisk,
    Travel,
    TravelHome,
)
from companion.sojourn.game import SOJOURN
from companion.sojourn.model import SojournSetup, SojournState
from lang import tr
from tests.support.saving import record_played

REFUSAL = {
    "en": "Bandage restores one Health on an empty red square: Health is 7 of 7, "
    "no square is empty.",
    "fr": "Bandage rend une Health sur une case rouge vide : Health est à 7 sur 7, "
    "aucune case n'est vide.",
    "de": "Bandage stellt eine Health auf einem leeren roten Feld her: Health ist 7 von 7, "
    "kein Feld ist leer.",
}


@pytest.mark.parametrize("code", ["en", "fr", "de"])
def test_a_refusal_is_said_in_the_reader_s_language(speak: Callable[[str], str], code: str) -> None:
    with pytest.raises(RuleError) as refused:
        SOJOURN.apply(started(), PlayBandage())
    assert str(refused.value) == REFUSAL["en"]  # the rules say English; the reader's is shown
    speak(code)
    assert tr(refused.value) == REFUSAL[code]


def hurt_at_troy() -> tuple[SojournState, RollRisk, SojournState]:
    """A trip to Troy whose RISK roll fails: 2 Health lost (7 -> 5), then the GAIN to come."""
    before = play(
        started(first=card("Troy", -1200, drop=0, cost=1, risk=50, dmg=2, gain=1)),
        [Travel(1), DrawDestination(card("Rome", -44))],
    )
    roll = RollRisk(10, 3, "physical")
    return before, roll, SOJOURN.apply(before, roll)


ROLL_LINE = {
    "en": "The traveller rolled 13 on real dice (10+3) vs RISK 50 at Troy: "
    "failed, DMG 2: Health 7 -> 5",
    "fr": "Le voyageur a obtenu 13 aux vrais dés (10+3) contre RISK 50 à Troy : "
    "raté, DMG 2 : Health 7 -> 5",
    "de": "Der Reisende hat mit echten Würfeln 13 gewürfelt (10+3) gegen RISK 50 in Troy: "
    "misslungen, DMG 2: Health 7 -> 5",
}


@pytest.mark.parametrize("code", ["en", "fr", "de"])
def test_a_failed_risk_roll_that_costs_health_is_logged_in_each_language(
    speak: Callable[[str], str], code: str
) -> None:
    before, roll, after = hurt_at_troy()
    line = SOJOURN.narrate(before, roll, after)
    assert line == ROLL_LINE["en"]
    speak(code)
    assert tr(line) == ROLL_LINE[code]


def home_with_four_fragments() -> tuple[SojournState, SojournState]:
    """Four Time Fragments under the first destination, collected on the trip there."""
    state = SOJOURN.start(SojournSetup(traveller="Eve"))
    state = play(state, [DrawTimestream((B, F, L, P, T))])
    state = play(
        state,
        [
            *(DrawTimeFragment() for _ in range(4)),
            DrawDestination(card("Rome", -44, drop=0, cost=1, risk=0, dmg=0, gain=0)),
            Travel(1),
            DrawDestination(card("Troy", -1200)),
        ],
    )
    return state, SOJOURN.apply(state, TravelHome())


ENDING = {
    "en": (
        "Home: Eve is back in 2020",
        "Home to May 20, 2020 with 4 Time Fragments, using 1 Temporal Charge.",
        "Travelled home to May 20, 2020 (charge 6 -> 5). WON: Home to May 20, 2020 with 4 "
        "Time Fragments, using 1 Temporal Charge.",
    ),
    "fr": (
        "Rentré : Eve est de retour en 2020",
        "Retour au 20 mai 2020 avec 4 Time Fragments, grâce à 1 Temporal Charge.",
        "Rentré au 20 mai 2020 (charge 6 -> 5). GAGNÉ : Retour au 20 mai 2020 avec 4 "
        "Time Fragments, grâce à 1 Temporal Charge.",
    ),
    "de": (
        "Zu Hause: Eve ist zurück im Jahr 2020",
        "Heim zum 20. Mai 2020 mit 4 Time Fragments, mit 1 Temporal Charge.",
        "Heimgereist zum 20. Mai 2020 (Charge 6 -> 5). GEWONNEN: Heim zum 20. Mai 2020 mit 4 "
        "Time Fragments, mit 1 Temporal Charge.",
    ),
}


@pytest.mark.parametrize("code", ["en", "fr", "de"])
def test_the_end_of_a_run_is_said_in_each_language(speak: Callable[[str], str], code: str) -> None:
    before, after = home_with_four_fragments()
    result = SOJOURN.explain(after)
    line = SOJOURN.narrate(before, TravelHome(), after)
    speak(code)
    assert (tr(result.outcome), tr(result.why[0]), tr(line)) == ENDING[code]


# The traveller screen ----------------------------------------------------------------------------

MOVES = [
    DrawTimestream((B, F, L, P, T)),
    DrawDestination(card("Pearl Harbor", 1941, drop=2, cost=2, risk=90, dmg=4, gain=1)),
    OpenWithCharge(),
    DrawDestination(card("Troy", -1200, drop=0, cost=1, risk=50, dmg=2, gain=2)),
    PlaceSide("right"),
    Travel(2),
    DrawDestination(card("Rome", -44, drop=1, cost=1, risk=25, dmg=1, gain=1)),
    RollRisk(10, 3, "physical"),
]
"""A game in progress: a few log lines, the last a RISK roll at Troy that cost 2 Health, and
the GAIN cards still to type in (the dialog put off with escape)."""


def hurt_on_the_way(app: Any) -> None:
    saved = app.store.create(SOJOURN, SojournSetup(traveller="Eve"), "Eve's run")
    for move in MOVES:
        saved.session.do(move)
    record_played(app.store, saved)
    app.open_saved(saved.id)


class TestTravellerScreenInOtherLanguages:
    def test_french(
        self, snap_compare: Any, make_test_app: Callable[..., Any], speak: Callable[[str], str]
    ) -> None:
        speak("fr")
        app = make_test_app(start=hurt_on_the_way)
        assert snap_compare(app, press=["escape"], terminal_size=(80, 24))

    def test_german(
        self, snap_compare: Any, make_test_app: Callable[..., Any], speak: Callable[[str], str]
    ) -> None:
        speak("de")
        app = make_test_app(start=hurt_on_the_way)
        assert snap_compare(app, press=["escape"], terminal_size=(80, 24))

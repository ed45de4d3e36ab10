"""Cavendish in French and German: a rule's refusal, a log line, a final score's reason and the
play screen, each said in the reader's language while the rules keep saying English."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from companion.cavendish.actions import (
    AnnounceGroupConflict,
    AttemptTest,
    BeginGroupConflict,
    ChooseLocation,
    EndMission,
    Explore,
    LeaveLocation,
    StandardUpdate,
    TakeFear,
    TakeItem,
)
from companion.cavendish.game import CAVENDISH, apply
from companion.cavendish.model import Adjustments, CavendishState
from companion.cavendish.words import narrate
from companion.core import RuleError
from lang import tr
from tests.support.snapshots import Size, size_sets

Speak = Callable[[str], str]


def refusal(state: CavendishState, action: Any) -> RuleError:
    with pytest.raises(RuleError) as refused:
        apply(state, action)
    return refused.value


def test_a_refusal_is_said_in_french_and_german(
    at_location: Callable[..., CavendishState], speak: Speak
) -> None:
    state = at_location(2, Anton=1)
    error = refusal(state, AttemptTest("Anton", "strength", 3, destiny=0, boosts=2))
    english = "Not enough Azrak: this test (1 + 2 boosts) costs 3, Anton has 1."
    assert str(error) == english
    speak("fr")
    assert tr(error) == "Pas assez d'Azrak : ce test (1 + 2 boosts) coûte 3, Anton en a 1."
    speak("de")
    assert (
        tr(error)
        == "Nicht genug Azrak: Für „diese Probe (1 + 2 Boosts)“ braucht es 3, Anton hat 1."
    )
    assert str(error) == english  # the rule said English; only the showing translates


def test_a_refusal_naming_a_phase_says_both_phases_in_the_language(
    new_state: Callable[..., CavendishState], speak: Speak
) -> None:
    error = refusal(new_state(2), Explore("Amy"))
    speak("fr")
    assert tr(error) == (
        "Explorer : cela se fait pendant la phase Discovery ; nous sommes en phase Time Captain."
    )
    speak("de")
    assert tr(error) == (
        "Erkunden: Das gehört in die Discovery-Phase; jetzt ist die Time-Captain-Phase."
    )


def test_a_log_line_is_said_in_french_and_german(
    at_location: Callable[..., CavendishState], speak: Speak
) -> None:
    before = at_location(2)
    action = TakeItem("Amy", "ITEM 4", strength=1, dexterity=-1)
    line = narrate(before, action, apply(before, action))
    assert line == "Amy took ITEM 4 (Strength +1, Dexterity -1)"
    speak("fr")
    assert tr(line) == "Amy a pris ITEM 4 (Strength +1, Dexterity -1)"
    speak("de")
    assert tr(line) == "Amy nahm ITEM 4 (Strength +1, Dexterity -1)"


def test_a_group_conflicts_damage_line_keeps_each_language_whole(
    at_location: Callable[..., CavendishState], speak: Speak
) -> None:
    state = apply(at_location(2), AnnounceGroupConflict("the Butler"))
    state = apply(state, BeginGroupConflict(("Anton", "Amy"), life_points=6))
    action = AttemptTest("Anton", "strength", 2, destiny=1, damage=2)
    line = narrate(state, action, apply(state, action))
    assert line == (
        "Anton tested Strength 2 +1 Destiny = 3 vs 2: success (1 Azrak spent); 2 damage "
        "(2 of 6 life points); turn 1: Amy attempts next"
    )
    speak("fr")
    assert tr(line) == (
        "Anton a testé Strength 2 +1 Destiny = 3 contre 2 : succès (1 Azrak dépensé); "
        "2 dégâts (2 sur 6 points de vie); tour 1 : Amy tente ensuite"
    )
    speak("de")
    assert tr(line) == (
        "Anton legte eine Probe ab: Strength 2 +1 Destiny = 3 gegen 2: Erfolg (1 Azrak "
        "ausgegeben); 2 Schaden (2 von 6 Lebenspunkten); Durchgang 1: Amy versucht als Nächstes"
    )


def finished(at_location: Callable[..., CavendishState]) -> CavendishState:
    state = apply(at_location(2), LeaveLocation())
    state = apply(state, StandardUpdate((1, 0), use_free=False))
    return apply(state, EndMission(Adjustments(damien_rescued=True, anton_dead=True)))


def test_a_final_score_reason_is_said_in_french_and_german(
    at_location: Callable[..., CavendishState], speak: Speak
) -> None:
    reasons = [line.reason for line in CAVENDISH.score(finished(at_location)).lines]
    assert reasons[:3] == ["1 Standard Update", "0 Emergency Updates", "Damien rescued"]
    speak("fr")
    assert [tr(reason) for reason in reasons] == [
        "1 Standard Update",
        "0 Emergency Update",
        "Damien sauvé",
        "Anton mort",
    ]
    speak("de")
    assert [tr(reason) for reason in reasons] == [
        "1 Standard Update",
        "0 Emergency Updates",
        "Damien gerettet",
        "Anton tot",
    ]


def test_the_result_explains_the_mission_in_german(
    at_location: Callable[..., CavendishState], speak: Speak
) -> None:
    result = CAVENDISH.explain(finished(at_location))
    speak("de")
    assert tr(result.outcome) == "Mission erfüllt: Endergebnis 1"
    assert [tr(line) for line in result.why] == [
        "Mission-Return-Karte: 1 Azrak aus 1 Standard Update und 0 Emergency Updates "
        "(0 kostenlose Updates genutzt).",
        "Damien gerettet: -1.",
        "Anton tot: +1.",
        "Endergebnis 1: die Kristalle auf der Karte, niedriger ist besser.",
    ]


IN_PLAY = [
    ChooseLocation("A"),
    TakeItem("Doug", "ITEM 12", strength=1),
    TakeFear("Doug", 3),
    AttemptTest("Anton", "dexterity", 4, destiny=-1, boosts=2, supports=(("Amy", 1),)),
    AttemptTest("Jennifer", "confidence", 3, destiny=1),
]
"""A mission in progress: four agents, an Item, Fear spilled onto the location, two tests."""

SIZES = size_sets([(80, 24)], slow=[(44, 43), (120, 40)])


def playing(make_setup: Callable[..., Any], language: str, speak: Speak) -> Any:
    """A run_before that plays `IN_PLAY` in the reader's language."""

    async def run_before(pilot: Any) -> None:
        speak(language)
        pilot.app.start_game("cavendish", make_setup(4), "Cavendish")
        await pilot.pause()
        for action in IN_PLAY:
            assert pilot.app.screen.act(action)
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("sizes", SIZES)
class TestPlayScreenInOtherLanguages:
    def test_in_french(
        self,
        snap_sizes: Any,
        make_test_app: Any,
        make_setup: Any,
        speak: Speak,
        sizes: list[Size],
    ) -> None:
        app = make_test_app()
        assert snap_sizes(app, sizes, run_before=playing(make_setup, "fr", speak)) == []

    def test_in_german(
        self,
        snap_sizes: Any,
        make_test_app: Any,
        make_setup: Any,
        speak: Speak,
        sizes: list[Size],
    ) -> None:
        app = make_test_app()
        assert snap_sizes(app, sizes, run_before=playing(make_setup, "de", speak)) == []


def test_the_agents_table_keeps_four_agents_in_40_columns_in_german(speak: Speak) -> None:
    """A phone's narrow table cuts player names to six letters; "Spieler" is one more, so the
    heading is shortened rather than pushing S/C/D off the screen."""
    from widgets.cavendish.board_table import NARROW_PLAYER_WIDTH, headings

    speak("de")
    assert headings(narrow=False)[1] == "Spieler"
    assert headings(narrow=True)[1] == "Spiel…"
    assert all(len(heading) <= NARROW_PLAYER_WIDTH for heading in headings(narrow=True)[1:2])
    speak("fr")
    assert headings(narrow=True) == ["Agent", "Joueur", "Azrak", "Fear", "S/C/D"]

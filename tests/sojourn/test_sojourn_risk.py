"""The percentile dice read per DESIGN.md: 00-99 by default, safe when the roll meets RISK."""

from __future__ import annotations

from dataclasses import replace

import pytest
from sojourn_helpers import B, L, card, play, started

from companion.core import RuleError
from companion.sojourn.actions import DrawDestination, RollRisk, Travel
from companion.sojourn.game import SOJOURN
from companion.sojourn.model import RISKS, SojournSetup, SojournState
from companion.sojourn.outlook import damage_faces, preview_trip, reading

FACES = [(tens, units) for tens in range(0, 100, 10) for units in range(10)]


def at_risk(risk: int, one_to_hundred: bool = False, revision: int = 3) -> SojournState:
    """A game waiting for the RISK roll at a destination with this RISK and DMG 2 (RISK 0%
    waits for one only before rules revision 3)."""
    first = card("Target", 1900, drop=0, cost=0, risk=risk, dmg=2, gain=0)
    state = started(first=first, setup=SojournSetup(read_one_to_hundred=one_to_hundred))
    state = SOJOURN.at_revision(state, revision)
    return play(state, [Travel(1, ()), DrawDestination(card("Next"))])


def hurt_by(state: SojournState, tens: int, units: int) -> bool:
    return SOJOURN.apply(state, RollRisk(tens, units)).health < state.health


@pytest.mark.parametrize("risk", RISKS)
def test_risk_n_damages_on_exactly_n_of_the_100_faces(risk: int) -> None:
    state = at_risk(risk, revision=2)
    assert sum(hurt_by(state, tens, units) for tens, units in FACES) == risk
    assert damage_faces(risk, one_to_hundred=False) == risk


def test_risk_zero_never_damages_and_asks_for_no_roll() -> None:
    state = at_risk(0)
    assert state.waiting is None and state.trip is None and state.health == 7  # the trip is done
    with pytest.raises(
        RuleError, match="a RISK 0% trip needs no roll: every roll meets or beats 0"
    ):
        SOJOURN.apply(state, RollRisk(0, 0))


def test_risk_90_boundaries() -> None:
    state = at_risk(90)
    assert hurt_by(state, 80, 9)
    assert not hurt_by(state, 90, 0)
    assert hurt_by(state, 0, 0)


def test_double_zero_reads_zero_by_default_and_100_with_the_setting() -> None:
    assert reading(0, 0, one_to_hundred=False) == 0
    assert reading(0, 0, one_to_hundred=True) == 100
    assert reading(90, 9, one_to_hundred=False) == 99
    assert not hurt_by(at_risk(90, one_to_hundred=True), 0, 0)


def test_one_to_hundred_reading_damages_on_risk_minus_one_faces() -> None:
    state = at_risk(25, one_to_hundred=True)
    assert sum(hurt_by(state, tens, units) for tens, units in FACES) == 24
    assert damage_faces(25, one_to_hundred=True) == 24
    assert damage_faces(0, one_to_hundred=True) == 0


def test_damage_never_takes_health_below_zero_and_ends_the_game() -> None:
    state = replace(at_risk(90), health=1)
    after = SOJOURN.apply(state, RollRisk(10, 0))
    assert after.health == 0
    assert after.outcome is not None and after.outcome.status == "lost"
    assert "Health dropped to 0 at Target: rolled 10 against RISK 90%" in after.outcome.reason
    assert after.pending == ()


@pytest.mark.parametrize(("tens", "units"), [(5, 0), (100, 0), (-10, 0), (10, 10), (0, -1)])
def test_faces_not_on_the_dice_are_refused(tens: int, units: int) -> None:
    with pytest.raises(RuleError, match="die"):
        SOJOURN.apply(at_risk(50), RollRisk(tens, units))


def test_preview_shows_cost_and_exact_damage_chance() -> None:
    first = card("Pearl Harbor", 1941, drop=2, cost=2, risk=90, dmg=4, gain=1)
    preview = preview_trip(started(first=first), 1)
    assert (preview.cost, preview.charge_after, preview.damage_faces) == (2, 5, 90)
    assert preview.health_if_hurt == 3
    assert preview.drop == "2 cards"
    assert preview.problem is None
    paradox = preview_trip(started(first=first), 1, "paradox")
    assert (paradox.cost, paradox.damage_faces) == (0, 90)
    assert preview_trip(replace(started(first=first), charge=1), 1).problem == (
        "Not enough Temporal Charge: this trip costs 2, you have 1."
    )


def test_preview_of_a_loop_has_no_risk() -> None:
    state = started(hand=(L, L, B, B, B))
    preview = preview_trip(state, 1, "loop")
    assert preview.damage_faces == 0
    assert preview.problem is not None and "Loop only goes back" in preview.problem

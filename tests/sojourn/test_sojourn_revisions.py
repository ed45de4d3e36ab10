"""Sojourn rules revisions 2 (fragments beyond the four needed stay at their destination) and 3
(no roll at RISK 0%), each beside what the revision before still does for the runs saved then."""

from __future__ import annotations

from pathlib import Path

import pytest
from sojourn_helpers import B, L, card

from companion.core import RuleError
from companion.session import Session
from companion.sojourn.actions import (
    DrawDestination,
    DrawTimeFragment,
    DrawTimestream,
    RollRisk,
    Travel,
)
from companion.sojourn.game import SOJOURN
from companion.sojourn.model import RULES_REVISION, DrawCards, SojournSetup, SojournState
from companion.sojourn.words import narrate
from saves.games.store import SaveStore
from tests.conftest import fixed_clock
from tests.support.saving import record_played

SAFE = card("Safe Harbour", 1900, drop=0, cost=1, risk=25, dmg=0, gain=0)
THIRD = card("Third Stop", 1950, drop=0, cost=1, risk=25, dmg=0, gain=0)
HOARD = card("Hoard", 1800, drop=0, cost=1, risk=25, dmg=0, gain=0)

TO_FOUR = [
    DrawTimestream((B, B, B, B, B)),
    DrawTimeFragment(),
    DrawTimeFragment(),
    DrawTimeFragment(),
    DrawDestination(SAFE),
    Travel(1),
    DrawTimeFragment(),
    DrawTimeFragment(),
    DrawDestination(HOARD),
    RollRisk(50, 5),
    Travel(2),
    DrawDestination(THIRD),
    RollRisk(50, 5),
]
"""Three fragments collected at Safe Harbour, then Hoard reached with two more under it: the
fourth is collected and one is beyond the four needed."""


def played(revision: int) -> SojournState:
    return Session(SOJOURN, SojournSetup(), TO_FOUR, rules=revision).state


def test_a_new_run_plays_under_the_newest_revision() -> None:
    assert SOJOURN.rules_revision == RULES_REVISION == 3
    assert Session(SOJOURN, SojournSetup()).state.rules == 3
    assert SOJOURN.start(SojournSetup()).rules == 3


def test_a_revision_the_game_does_not_have_is_refused() -> None:
    with pytest.raises(ValueError, match="rules revisions 1 to 3, not 4"):
        Session(SOJOURN, SojournSetup(), rules=4)


@pytest.mark.parametrize(("revision", "left"), [(2, 1), (1, 0)])
def test_fragments_beyond_four_stay_at_their_destination(revision: int, left: int) -> None:
    """The rulebook: "collect all Fragments"; the Traveler card has four green squares."""
    state = played(revision)
    assert state.fragments == 4
    assert state.timeline[2].name == "Hoard"
    assert state.timeline[2].fragments == left
    assert state.trip is None and state.outcome is None


def test_the_fragment_left_behind_stays_through_later_trips() -> None:
    """Back at Hoard with four fragments: nothing more is collected, the fragment stays, and the
    timeline (`companion show --json`) shows it there."""
    state = played(2)
    state = SOJOURN.apply(state, Travel(3))
    state = SOJOURN.apply(state, DrawDestination(card("Fourth", 1960, risk=25, gain=0)))
    state = SOJOURN.apply(state, RollRisk(50, 5))
    state = SOJOURN.apply(state, Travel(2))
    assert (state.here.name, state.fragments, state.here.fragments) == ("Hoard", 4, 1)
    timeline = SOJOURN.describe(state)["destinations"]
    assert isinstance(timeline, list)
    assert [place["fragments"] for place in timeline] == [0, 0, 1, 0, 0]  # type: ignore[index]


def test_the_log_says_how_many_fragments_were_collected() -> None:
    state = Session(SOJOURN, SojournSetup(), TO_FOUR[:-3]).state
    after = SOJOURN.apply(state, Travel(2))
    assert narrate(state, Travel(2), after).endswith(
        ", collected 1 Time Fragment (4 of 4), 1 more stays at Hoard"
    )


def test_a_save_from_before_the_revision_replays_as_it_was(companion_home: Path) -> None:
    """A file without `rules` (every save made before revisions) empties Hoard, as it did."""
    store = SaveStore(companion_home, fixed_clock, games={SOJOURN.id: SOJOURN})
    saved = store.create(SOJOURN, SojournSetup(), "Before")
    for action in TO_FOUR:
        saved.session.do(action)
    record_played(store, saved)
    path = store.path_for(saved.id)
    text = path.read_text(encoding="utf-8")
    assert "rules = 3\n" in text
    assert store.load(saved.id).session.state.timeline[2].fragments == 1
    path.write_text(text.replace("rules = 3\n", ""), encoding="utf-8")
    loaded = store.load(saved.id)
    assert loaded.session.rules == 1
    assert loaded.session.state.timeline[2].fragments == 0
    assert loaded.session.state.fragments == 4


CALM = card("Calm Sea", 1900, drop=0, cost=1, risk=0, dmg=2, gain=1)
TO_CALM = [
    DrawTimestream((B, B, B, B, B)),
    DrawDestination(CALM),
    Travel(1),
    DrawDestination(card("Next", 1950, risk=50, gain=0)),
]
"""A trip to a RISK 0% destination, its free destination opened: next the roll, or the GAIN."""


def test_a_trip_at_risk_0_asks_for_no_roll() -> None:
    """The rulebook: the roll "must meet or beat the associated RISK percentage": every roll
    meets 0, so there is nothing to roll; the GAIN follows at once."""
    state = Session(SOJOURN, SojournSetup(), TO_CALM).state
    assert isinstance(state.waiting, DrawCards) and state.waiting.reason == "gain"
    after = SOJOURN.apply(state, DrawTimestream((L,)))
    assert narrate(state, DrawTimestream((L,)), after).endswith(
        "RISK 0: safe, no roll, gained 1 (1 Loop)"
    )
    with pytest.raises(RuleError, match=r"^A RISK 0% trip needs no roll: every roll meets or"):
        SOJOURN.apply(state, RollRisk(50, 0))


@pytest.mark.parametrize("revision", [1, 2])
def test_before_revision_3_a_trip_at_risk_0_still_rolls(revision: int) -> None:
    state = Session(SOJOURN, SojournSetup(), [*TO_CALM, RollRisk(0, 0)], rules=revision).state
    assert state.health == 7 and isinstance(state.waiting, DrawCards)

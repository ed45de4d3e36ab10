"""A Sojourn that ended, won or lost, shows the Traveler card on the table view and no next
trip: the traveller makes no more trips (issue 33's snags)."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

import pytest

from companion.sojourn.game import SOJOURN
from companion.sojourn.model import Outcome, SojournSetup
from widgets.sojourn.table_view import table


@pytest.mark.parametrize("status", ["won", "lost"])
def test_an_ended_sojourn_shows_no_next_trip(status: Literal["won", "lost"]) -> None:
    start = SOJOURN.start(SojournSetup())
    opened = replace(start, timeline=(*start.timeline, start.timeline[0]))  # a second one open
    assert [group.title for group in table(opened).groups] == ["Traveler card", "Next trip"]
    ended = replace(opened, outcome=Outcome(status, "Home to May 20, 2020 using a Paradox card."))
    shown = table(ended)
    assert [group.title for group in shown.groups] == ["Traveler card"]
    assert shown.headline.startswith(status.upper())

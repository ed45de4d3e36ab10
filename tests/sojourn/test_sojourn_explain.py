"""The traveller's end in words, and the saved-games line that names it (issue 15)."""

from __future__ import annotations

from dataclasses import replace

from companion.sojourn.game import SOJOURN, explain, summary
from companion.sojourn.model import Outcome, SojournSetup


def test_home_lost_and_travelling_are_said() -> None:
    start = SOJOURN.start(SojournSetup())
    assert explain(start).outcome == "Travelling, at Jurassic Period"
    won = replace(start, outcome=Outcome("won", "Home to May 20, 2020 using a Paradox card."))
    assert explain(won).outcome == "Home: the traveller is back in 2020"
    assert explain(won).why[0] == "Home to May 20, 2020 using a Paradox card."
    lost = replace(start, outcome=Outcome("lost", "Health dropped to 0 at Somme."))
    assert explain(lost).outcome == "Lost in time"
    assert explain(lost).why[0] == "Health dropped to 0 at Somme."
    assert explain(lost).why[1].startswith(f"Health {start.health} of 7")
    assert SOJOURN.explain is explain


def test_the_end_names_the_traveller_typed_and_counts_in_words() -> None:
    start = SOJOURN.start(SojournSetup(traveller="Ana"))
    won = replace(start, outcome=Outcome("won", "Home to May 20, 2020 using a Paradox card."))
    assert explain(won).outcome == "Home: Ana is back in 2020"
    opened = replace(start, timeline=start.timeline * 2)
    assert explain(opened).why[0].endswith(", 1 destination opened.")


def test_the_saved_games_line_names_the_end() -> None:
    start = SOJOURN.start(SojournSetup())
    assert not summary(start).startswith(("Home", "Lost"))
    lost = replace(start, outcome=Outcome("lost", "Health dropped to 0 at Somme."))
    assert summary(lost).startswith("Lost in time · Health")

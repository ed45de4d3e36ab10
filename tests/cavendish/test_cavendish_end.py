"""End of mission: the four adjustments, the final score, the summary and the JSON."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from companion.cavendish.actions import AbandonMission, EndMission, Explore
from companion.cavendish.game import CAVENDISH, apply
from companion.cavendish.model import Adjustments, CavendishState, Ledger
from companion.core import RuleError

State = Callable[..., CavendishState]


def with_return(state: CavendishState, standard: int, emergency: int) -> CavendishState:
    crystals = standard + emergency
    return replace(
        state,
        mission_return=crystals,
        vortex=state.vortex - crystals,
        ledger=Ledger(standard_updates=standard, emergency_updates=emergency),
    )


@pytest.mark.parametrize(
    ("adjustments", "final"),
    [
        (Adjustments(), 5),
        (Adjustments(damien_rescued=True), 4),
        (Adjustments(damien_rescued=True, elixir_found=True), 3),
        (Adjustments(anigimas_freed=True), 7),
        (Adjustments(anton_dead=True), 6),
        (Adjustments(True, True, True, True), 6),
    ],
)
def test_adjustments_change_the_final_score(
    at_location: State, adjustments: Adjustments, final: int
) -> None:
    state = with_return(at_location(2), 3, 2)
    after = apply(state, EndMission(adjustments))
    assert after.final_score == final
    assert CAVENDISH.status(after) == "finished"
    assert CAVENDISH.describe(after)["final_score"] == final
    assert CAVENDISH.summary(after) == f"Mission completed: final score {final}"


def test_final_score_is_never_below_zero_under_revision_1(at_location: State) -> None:
    state = with_return(CAVENDISH.at_revision(at_location(2), 1), 1, 0)
    after = apply(state, EndMission(Adjustments(damien_rescued=True, elixir_found=True)))
    assert after.final_score == 0
    score = CAVENDISH.score(after) if CAVENDISH.score else None
    assert score is not None and score.lower_is_better
    assert score.totals == {"group": 0}
    assert sum(line.points for line in score.lines) == 0
    assert [line.reason for line in score.lines] == [
        "1 Standard Update",
        "0 Emergency Updates",
        "Damien rescued",
        "elixir of eternal life found",
        "a score is never below 0",
    ]


def test_a_removal_from_an_empty_card_takes_nothing(at_location: State) -> None:
    state = with_return(at_location(2), 1, 0)
    after = apply(state, EndMission(Adjustments(damien_rescued=True, elixir_found=True)))
    assert after.final_score == 0
    assert CAVENDISH.score is not None
    score = CAVENDISH.score(after)
    assert [(line.points, line.reason) for line in score.lines] == [
        (1, "1 Standard Update"),
        (0, "0 Emergency Updates"),
        (-1, "Damien rescued"),
        (0, "elixir of eternal life found (no crystal left on the card to remove)"),
    ]


def test_score_lines_explain_every_crystal(at_location: State) -> None:
    state = with_return(at_location(2), 3, 2)
    after = apply(state, EndMission(Adjustments(anigimas_freed=True)))
    assert CAVENDISH.score is not None
    score = CAVENDISH.score(after)
    assert sum(line.points for line in score.lines) == score.totals["group"] == 7


def test_nothing_after_the_end(at_location: State) -> None:
    after = apply(at_location(2), EndMission(Adjustments()))
    with pytest.raises(RuleError, match="mission is over"):
        apply(after, Explore("Amy"))


def test_abandoning_is_a_failure(at_location: State) -> None:
    after = apply(at_location(2), AbandonMission())
    assert CAVENDISH.status(after) == "failed"
    assert "final_score" not in CAVENDISH.describe(after)


def test_unknown_action_is_refused(at_location: State) -> None:
    with pytest.raises(RuleError, match="not an action of Cavendish"):
        apply(at_location(2), "explore")

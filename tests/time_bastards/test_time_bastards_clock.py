"""The clock face's markers, and the rules staying free of Textual."""

from __future__ import annotations

import pytest

from widgets.time_bastards.clock import markers


@pytest.mark.parametrize(
    ("elapsed", "laps", "expected"),
    [
        (0, 2, (0,)),
        (5, 2, (5,)),
        (12, 2, (12, 0)),  # first marker at the end: the second starts at X
        (13, 2, (12, 1)),
        (24, 2, (12, 12)),
        (12, 1, (12,)),  # co-op: one marker only
        (30, 2, (12, 12)),
    ],
)
def test_markers_over_two_laps_and_one(elapsed: int, laps: int, expected: tuple[int, ...]) -> None:
    assert markers(elapsed, laps) == expected


def test_the_face_says_the_rules_hour_and_lap_every_round() -> None:
    """Issue 15: at round 12 of a duel the face said "lap 2 of 2" while the game said lap 1."""
    from companion.time_bastards.game import TIME_BASTARDS
    from companion.time_bastards.model import RollD6, Traveller, hour, lap
    from companion.time_bastards.model import TimeBastardsSetup as Setup
    from widgets.time_bastards.clock import ClockFace

    state = TIME_BASTARDS.start(Setup((Traveller("Ana", "red", 1), Traveller("Ben", "blue", 3))))
    face = ClockFace()
    while not state.finished:
        face.elapsed, face.laps = state.round, 2  # what `show` sets before drawing
        said = face.face().plain
        assert f"hour {hour(state)}" in said and f"lap {lap(state)} of 2" in said, state.round
        assert ("marker 2 at X" in said) == (state.round == 12)
        state = TIME_BASTARDS.apply(state, RollD6(state.turn, 5))  # lost in time: nothing moves

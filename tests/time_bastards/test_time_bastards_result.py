"""The clock over two laps and in co-op, the winner with each tie-break step deciding, the data."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.core import RuleError, WaitingFor
from companion.time_bastards.game import TIME_BASTARDS, choices, narrate
from companion.time_bastards.model import (
    MoveEarliest,
    PlaceNewPiece,
    RollD6,
    TimeBastardsState,
    hour,
    lap,
)
from companion.time_bastards.result import describe, score, setup_summary, summary, verdict
from companion.time_bastards.rules import apply

ANA = 0
BEN = 1
Build = Any


def lost_roll(state: TimeBastardsState) -> TimeBastardsState:
    """A turn that changes nothing on the board: a 5 from pieces at the start is lost in time."""
    return apply(state, RollD6(state.turn, 5))


def test_the_clock_starts_at_hour_one_and_advances_each_round(duel: TimeBastardsState) -> None:
    assert (duel.round, hour(duel), lap(duel)) == (1, 1, 1)
    after_ana = lost_roll(duel)
    assert after_ana.round == 1
    after_ben = lost_roll(after_ana)
    assert (after_ben.round, hour(after_ben), lap(after_ben)) == (2, 2, 1)
    assert "Round 2: the clock moves to hour 2." in after_ben.events


def test_duel_clock_runs_two_laps_then_the_game_ends(duel: TimeBastardsState) -> None:
    state = duel
    seen: dict[int, tuple[int, int, tuple[str, ...]]] = {}
    while not state.finished:
        state = lost_roll(state)
        seen.setdefault(state.round, (hour(state), lap(state), state.events))
    assert seen[12][:2] == (12, 1)
    assert "second marker starts at X" in seen[12][2][-1]
    assert seen[13][:2] == (1, 2)
    assert "on the second marker" in seen[13][2][-1]
    assert seen[24][:2] == (12, 2)
    assert "this is the last round" in seen[24][2][-1]
    assert state.round == 24
    assert state.events[-1] == "The clock has reached the end of its track: the game is over."
    try:
        apply(state, MoveEarliest(ANA))
    except RuleError as error:
        assert "The game is over" in str(error)
    else:
        raise AssertionError("a turn after the end was accepted")


def test_coop_clock_runs_one_lap(coop: TimeBastardsState) -> None:
    state = coop
    rounds = 0
    while not state.finished:
        state = lost_roll(state)
        rounds += 1
    assert rounds == 24  # 12 rounds, two turns each
    assert (state.round, hour(state), lap(state)) == (12, 12, 1)


def finished(laid_out: Build, pieces: list[tuple[int, int, int]], held: Any) -> TimeBastardsState:
    return laid_out(pieces, achievements=held, finished=True)  # type: ignore[no-any-return]


def test_most_achievements_wins(laid_out: Build) -> None:
    state = finished(laid_out, [(ANA, 1, 1), (ANA, 2, 2), (BEN, 3, 9)], ((1, 2), (3,)))
    result = verdict(state)
    assert (result.winners, result.step) == ((ANA,), "achievements")
    assert result.reason == "Ana has most achievements (2 to 1)."


def test_fewest_pieces_decides_when_achievements_tie(laid_out: Build) -> None:
    state = finished(laid_out, [(ANA, 1, 1), (ANA, 2, 2), (BEN, 3, 0)], ((1,), (3,)))
    result = verdict(state)
    assert (result.winners, result.step) == ((BEN,), "pieces")
    assert "Ben has fewer pieces on the board (1 to 2)" in result.reason


def test_oldest_piece_furthest_decides_when_pieces_tie(laid_out: Build) -> None:
    """Ana's oldest is at 3, Ben's at 6: Ben wins although Ana's younger piece is at 9."""
    pieces = [(ANA, 1, 3), (BEN, 2, 6), (ANA, 2, 9), (BEN, 4, 1)]
    state = finished(laid_out, pieces, ((4,), (2,)))
    result = verdict(state)
    assert (result.winners, result.step) == ((BEN,), "oldest piece")
    assert "Ben's oldest piece is furthest through time (at 6 to 3)" in result.reason
    lines = [line.reason for line in score(state).lines]
    assert "tie-break: 2 pieces on the board, oldest piece at 6" in lines


def test_a_full_tie_is_shared(laid_out: Build) -> None:
    state = finished(laid_out, [(ANA, 1, 4), (BEN, 2, 4)], ((1,), (2,)))
    result = verdict(state)
    assert (result.winners, result.step) == ((ANA, BEN), "tied")
    assert describe(state)["winners"] == ["Ana", "Ben"]
    assert score(state).winners == ("Ana", "Ben")


def test_coop_shares_one_track_and_one_result(laid_out: Build) -> None:
    state = laid_out([(ANA, 1, 5), (BEN, 2, 0), (ANA, 4, 4)], mode="coop", achievements=((1,),))
    after = apply(state, MoveEarliest(ANA))
    assert after.achievements == ((1,),)  # the team already holds I
    full = replace(after, achievements=((1, 2, 3, 4),), finished=True)
    assert verdict(full).winners == (ANA, BEN)
    assert describe(full)["result"] == "won" and "winners" not in describe(full)
    assert describe(full)["achievements"] == {"Ana & Ben": [1, 2, 3, 4]}
    short = replace(full, achievements=((1, 3),))
    assert verdict(short).reason == "Ana & Ben hold 2 of 4 achievements."
    assert describe(short)["result"] == "lost"
    assert score(short).totals == {"Ana & Ben": 2}


def test_describe_has_the_listed_keys(laid_out: Build) -> None:
    state = laid_out([(ANA, 1, 3), (BEN, 2, 6)], achievements=((2,), ()))
    data = describe(state)
    assert set(data) == {
        "round", "rounds", "hour", "lap", "mode", "timeline_length", "turn", "roll", "pieces",
        "bumped", "achievements", "supply", "status",
    }  # fmt: skip
    assert data["pieces"][1] == {"owner": "Ben", "timeline": 2, "position": 6, "age": 2}
    assert data["achievements"] == {"Ana": [2], "Ben": []}
    assert data["supply"] == {"Ana": 3, "Ben": 3}
    assert (data["mode"], data["turn"], data["status"]) == ("duel", "Ana", "playing")
    done = describe(replace(state, finished=True))
    assert done["winners"] == ["Ana"] and done["status"] == "finished" and done["turn"] is None
    assert "winners" not in data


def test_score_gives_a_reason_for_every_point(laid_out: Build) -> None:
    state = finished(laid_out, [(ANA, 1, 1), (BEN, 3, 9)], ((1, 4), (3,)))
    result = score(state)
    assert result.totals == {"Ana": 2, "Ben": 1}
    assert [(s.player, s.points, s.reason) for s in result.lines] == [
        ("Ana", 1, "achievement I"),
        ("Ana", 1, "achievement IV"),
        ("Ben", 1, "achievement III"),
    ]
    assert result.winners == ("Ana",)


def test_summary_narrate_and_game_wiring(duel: TimeBastardsState) -> None:
    assert summary(duel) == "Round 1/24 · achievements Ana 0, Ben 0 · Ana to play"
    assert setup_summary(duel.setup) == "duel, Ana v Ben, timelines of 10"
    after = apply(duel, MoveEarliest(ANA))
    assert narrate(duel, MoveEarliest(ANA), after) == (
        "Ana moves the earliest piece from I at 0 forward to 1."
    )
    assert TIME_BASTARDS.status(duel) == "playing"
    assert TIME_BASTARDS.action_type("SendBumpedPiece") is not None


def test_choices_list_the_legal_answers_with_their_outcome(laid_out: Build) -> None:
    state = laid_out([(ANA, 1, 0), (BEN, 2, 9)])
    six = apply(state, RollD6(ANA, 6))
    labels = [c.label for c in choices(six)]
    assert "move Ana's I at 0 back" not in labels  # off the board
    assert "move Ben's II at 9 forward" not in labels
    assert labels == ["move Ana's I at 0 forward", "move Ben's II at 9 back", "Move no piece"]
    at_end = laid_out([(ANA, 1, 9), (BEN, 2, 0)])
    assert choices(at_end) == ()  # the earliest cannot move: only a roll is left


def test_waiting_for_names_who_must_answer(laid_out: Build) -> None:
    state = laid_out([(ANA, 1, 5), (BEN, 2, 2)])
    assert TIME_BASTARDS.waiting_for(state) == WaitingFor(
        "turn", "Ana's turn: move the earliest piece forward or roll the D6", "Ana"
    )
    rolled = apply(state, RollD6(ANA, 3))
    assert TIME_BASTARDS.waiting_for(rolled) == WaitingFor(
        "place-piece", "Ana rolled 3: choose the timeline for the new piece", "Ana"
    )
    bumped = apply(rolled, PlaceNewPiece(ANA, 2))
    assert TIME_BASTARDS.waiting_for(bumped) == WaitingFor(
        "bumped-piece",
        "Ben chooses where their bumped piece on II at 2 goes",
        "Ben",
        question=True,
    )
    assert describe(bumped)["bumped"] == [{"owner": "Ben", "timeline": 2, "position": 2, "age": 2}]
    assert TIME_BASTARDS.waiting_for(apply(state, RollD6(ANA, 6))) == WaitingFor(
        "move-piece", "Ana rolled 6: move a piece one space, or none", "Ana"
    )
    assert TIME_BASTARDS.waiting_for(replace(bumped, bumped=(), finished=True)) is None

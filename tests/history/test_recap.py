""" "Where were we" (issue 42, item 7): the recap of each of the four games, built from its log
with the times and authors given as values (no clock is read)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

from companion.core import Game
from companion.history.recap import (
    MAIN_EVENTS,
    RecapStep,
    last_session,
    recap,
    when_words,
    worth_recalling,
)
from companion.session import Session
from companion.six_sojourns.actions import CloseSojourn
from tests.history.games import samples

FIRST_EVENING = datetime(2026, 12, 4, 19, 0, tzinfo=UTC)
NOW = datetime(2026, 12, 7, 18, 0, tzinfo=UTC)  # a Monday


def steps_of(session: Session, split: int) -> list[RecapStep]:
    """The session's steps two minutes apart, those from `split` on a day later (a second
    evening), made alternately by Ana's seat and a browser."""
    found, before = [], session.initial
    for index, step in enumerate(session.steps):
        at = FIRST_EVENING + timedelta(minutes=2 * index)
        if index >= split:
            at += timedelta(days=1)
        who = "Ana" if index % 2 else "a browser"
        found.append(RecapStep(step.line, before, step.state, at, who))
        before = step.state
    return found


def played(game_id: str) -> tuple[Game[Any, Any], Session]:
    for save_id, _title, game, setup, propose, count in samples.SAMPLES:
        if save_id == game_id:
            return game, samples.play(game, setup, propose, count, 2026)
    raise AssertionError(game_id)


GAMES = [sample[0] for sample in samples.SAMPLES]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_recap_tells_the_last_evening_of_every_game(game_id: str) -> None:
    game, session = played(game_id)
    split = len(session.steps) // 2
    steps = steps_of(session, split)
    told = recap(game, session.state, steps, NOW)
    assert told.last_played == steps[-1].at
    assert told.last_played_words.startswith("Saturday 5 December, ")
    assert told.session_actions == len(steps) - split  # the first evening left out
    assert 0 < len(told.events) <= MAIN_EVENTS
    lines = [step.line for step in steps[split:]]
    assert all(event.line in lines for event in told.events)
    assert [lines.index(e.line) for e in told.events] == sorted(
        lines.index(e.line) for e in told.events
    )  # in play order
    assert told.summary == game.summary(session.state)
    text = told.lines()
    assert text[0] == f"Last played {told.last_played_words}"
    assert game.summary(session.state).splitlines()[0] in "\n".join(text)
    data = told.to_json()
    assert data["session"]["actions"] == told.session_actions
    assert told.last_played is not None
    assert data["last_played"] == told.last_played.isoformat()


def test_six_sojourns_recalls_the_score_changes_and_each_players_total() -> None:
    game, session = played("six-sojourns")
    told = recap(game, session.state, steps_of(session, 0), NOW)
    assert game.score is not None
    totals = game.score(session.state).totals
    assert told.score is not None and dict(told.score.totals) == dict(totals)
    assert f"  Total: {', '.join(f'{n} {p}' for n, p in totals.items())}" in told.lines()
    scoring = [e for e in told.events if "placed" in e.line or "=" in e.line]
    assert scoring, "the steps that changed a score come first"


def test_time_bastards_says_whose_turn_it_is() -> None:
    game, session = played("time-bastards")
    told = recap(game, session.state, steps_of(session, 0), NOW)
    assert told.turn == "Jonas" and told.waiting is not None
    assert told.lines()[-2:] == [f"Waiting for {told.waiting.text}", "Whose turn: Jonas"]


def test_cavendish_shows_each_agent_with_its_player() -> None:
    game, session = played("cavendish")
    told = recap(game, session.state, steps_of(session, 0), NOW)
    assert told.seats == ("Amy (Ana)", "Anton (Ben)", "Doug (Cy)")
    assert "(lower is better)" in "\n".join(told.lines())


def test_sojourn_has_no_score_and_says_what_it_waits_for() -> None:
    game, session = played("sojourn")
    told = recap(game, session.state, steps_of(session, 0), NOW)
    assert told.score is None and told.seats == ()
    assert told.lines()[-1].startswith("Waiting for left or right for")


def test_an_ended_game_says_how_it_ended() -> None:
    game, session = played("six-sojourns")
    session.do(CloseSojourn())
    assert game.status(session.state) != "playing" and game.explain is not None
    told = recap(game, session.state, steps_of(session, 0), NOW)
    assert told.lines()[-1] == f"Ended: {game.explain(session.state).outcome}"
    assert told.events[-1].line == session.steps[-1].line  # the end is always recalled


def test_a_session_ends_at_a_pause_of_more_than_four_hours() -> None:
    def at(hours: float) -> RecapStep:
        return RecapStep("x", None, None, FIRST_EVENING + timedelta(hours=hours))

    steps = [at(0), at(1), at(5.5), at(6), RecapStep("untimed", None, None), at(9.9)]
    assert last_session(steps) == steps[2:]
    assert last_session([]) == []


def test_the_day_is_said_relative_to_now_in_nows_zone() -> None:
    evening = datetime(2026, 12, 5, 21, 40, tzinfo=UTC)
    assert when_words(evening, NOW) == "Saturday 5 December, 21:40, 2 days ago"
    assert when_words(evening, evening + timedelta(hours=1)) == "today, 21:40"
    assert when_words(evening, evening + timedelta(hours=3)) == "yesterday, 21:40"
    assert when_words(evening, NOW + timedelta(days=400)).startswith("Saturday 5 December 2026")
    game, session = played("time-bastards")
    paris = timezone(timedelta(hours=1))
    told = recap(game, session.state, steps_of(session, 0), NOW.astimezone(paris))
    assert told.last_played is not None and told.last_played.utcoffset() == timedelta(hours=1)


def test_a_game_that_fails_leaves_its_part_out_not_the_recap() -> None:
    game, session = played("time-bastards")

    def broken(state: Any) -> str:
        raise ValueError("a guest's bug")

    told = recap(replace(game, summary=broken), session.state, steps_of(session, 0), NOW)
    assert told.summary == "" and told.turn == "Jonas"


def test_a_game_is_recalled_only_after_a_pause() -> None:
    assert worth_recalling(NOW - timedelta(hours=2), NOW)
    assert not worth_recalling(NOW - timedelta(minutes=5), NOW)
    assert not worth_recalling(None, NOW)

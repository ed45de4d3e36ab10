"""The session: do, undo, redo, history, and undo that never replays the log."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core import RuleError
from companion.session import Session
from tests.support.toy import TALLY, Add, TallySetup


def test_do_applies_and_narrates() -> None:
    session = Session(TALLY, TallySetup())
    session.do(Add(0, 3))
    session.do(Add(1, 2))
    assert session.state.counts == (3, 2)
    assert session.history == ["Ana +3", "Ben +2"]


def test_refused_action_changes_nothing() -> None:
    session = Session(TALLY, TallySetup())
    session.do(Add(0, 3))
    before = session.state
    with pytest.raises(RuleError, match=r"within 0\.\.20"):
        session.do(Add(0, 30))
    assert session.state is before
    assert session.history == ["Ana +3"]


def test_undo_and_redo_one_action_at_a_time() -> None:
    session = Session(TALLY, TallySetup())
    session.do(Add(0, 3))
    session.do(Add(0, 4))
    step = session.undo()
    assert step is not None and step.line == "Ana +4"
    assert session.state.counts == (3, 0)
    assert session.redo() is not None
    assert session.state.counts == (7, 0)
    assert session.redo() is None


def test_a_new_action_clears_redo() -> None:
    session = Session(TALLY, TallySetup())
    session.do(Add(0, 3))
    session.undo()
    session.do(Add(1, 1))
    assert not session.can_redo
    assert session.redo() is None


def test_nothing_to_undo() -> None:
    session = Session(TALLY, TallySetup())
    assert session.undo() is None
    assert not session.can_undo


def test_undo_and_redo_do_not_call_the_rules() -> None:
    calls = 0

    def counting_apply(state, action):  # type: ignore[no-untyped-def]
        nonlocal calls
        calls += 1
        return TALLY.apply(state, action)

    game = replace(TALLY, apply=counting_apply)
    session = Session(game, TallySetup(limit=10_000))
    for _ in range(500):
        session.do(Add(0, 1))
    assert calls == 500
    for _ in range(500):
        session.undo()
    for _ in range(250):
        session.redo()
    assert calls == 500
    assert session.state.counts == (250, 0)


def test_replaying_actions_rebuilds_the_state() -> None:
    session = Session(TALLY, TallySetup(), [Add(0, 1), Add(1, 5)])
    assert session.state.counts == (1, 5)
    assert not session.can_redo


moves = st.lists(
    st.one_of(
        st.tuples(st.just("do"), st.integers(0, 1), st.integers(-5, 25)),
        st.tuples(st.just("undo"), st.just(0), st.just(0)),
        st.tuples(st.just("redo"), st.just(0), st.just(0)),
    ),
    max_size=40,
)


@given(moves)
def test_undo_returns_exactly_the_previous_state(sequence: list[tuple[str, int, int]]) -> None:
    session = Session(TALLY, TallySetup())
    states = [session.state]  # the states an undo should walk back through
    for kind, player, amount in sequence:
        if kind == "do":
            try:
                session.do(Add(player, amount))
            except RuleError:
                continue
            states.append(session.state)
        elif kind == "undo" and session.undo() is not None:
            states.pop()
        elif kind == "redo" and session.redo() is not None:
            states.append(session.state)
        assert session.state == states[-1]
        assert all(0 <= count <= 20 for count in session.state.counts)
    while session.undo() is not None:
        states.pop()
        assert session.state == states[-1]
    assert session.state == Session(TALLY, TallySetup()).state

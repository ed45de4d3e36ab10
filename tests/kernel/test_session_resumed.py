"""A session resumed from a checkpoint (issue 30): it plays on without replaying the steps
before it, and replays them once, only when an undo reaches before it or every step is asked."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from companion.session import Checkpoint, Session, Step
from tests.support.toy import TALLY, Add, TallySetup

EARLIER = [Add(0, 1), Add(1, 2), Add(0, 3)]


def resumed(asked: list[int], steps: Sequence[Step] | None = None) -> tuple[Session, Session]:
    """The full session of `EARLIER` and one resumed at its end, counting replays in `asked`."""
    full = Session(TALLY, TallySetup(), EARLIER)

    def earlier() -> Sequence[Step]:
        asked.append(1)
        return full.steps if steps is None else steps

    checkpoint = Checkpoint(full.state, tuple(full.history), earlier)
    return full, Session.resumed(TALLY, TallySetup(), full.rules, checkpoint)


def test_a_resumed_session_plays_on_without_replaying() -> None:
    asked: list[int] = []
    full, session = resumed(asked)
    assert session.state == full.state and session.history == full.history
    assert session.can_undo
    session.do(Add(1, 4))
    assert session.state.counts == (4, 6)
    assert session.last_step is not None and session.last_step.line == "Ben +4"
    assert session.undo() is not None and session.state == full.state
    assert session.redo() is not None and session.state.counts == (4, 6)
    assert session.history == [*full.history, "Ben +4"]
    assert asked == []


def test_an_undo_before_the_checkpoint_replays_the_steps_before_it_once() -> None:
    asked: list[int] = []
    full, session = resumed(asked)
    session.do(Add(1, 4))
    session.undo()
    step = session.undo()  # reaches before the checkpoint
    assert step is not None and step.line == full.history[-1]
    assert asked == [1]
    assert session.state == Session(TALLY, TallySetup(), EARLIER[:-1]).state
    session.undo()
    session.undo()
    assert session.state == session.initial and session.undo() is None
    assert asked == [1]
    assert session.redo() is not None and session.history == full.history[:1]


def test_every_step_is_there_when_asked_for() -> None:
    asked: list[int] = []
    full, session = resumed(asked)
    session.do(Add(1, 4))
    assert session.actions == [*EARLIER, Add(1, 4)]
    assert session.steps[: len(EARLIER)] == full.steps
    assert asked == [1]


def test_a_copy_goes_on_apart_and_replays_on_its_own() -> None:
    asked: list[int] = []
    full, session = resumed(asked)
    twin = session.copy()
    twin.undo()
    assert asked == [1] and twin.state != session.state and session.state == full.state
    assert session.history == full.history


def test_steps_that_do_not_end_at_the_checkpoint_are_refused() -> None:
    asked: list[int] = []
    other = Session(TALLY, TallySetup(), [Add(0, 1), Add(1, 2), Add(0, 4)])
    _full, session = resumed(asked, other.steps)
    with pytest.raises(ValueError, match="does not match"):
        session.undo()

"""Undo back to a chosen log line (saves/games/undo_back.py), the one decision `companion act ID
undo --to N` and a line picked in the app's log share: which records take back which actions,
in which order, and why a line cannot be gone back to."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core import RuleError
from companion.time_bastards.game import choices
from saves.games.journal import Draft
from saves.games.store import SavedGame, SaveStore
from saves.games.undo_back import undo_back
from tests.conftest import fixed_clock
from tests.support.samples import install_sample


@pytest.fixture
def duel(companion_home: Path) -> SavedGame:
    """The Time Bastards sample opened for play, with two moves made by Ana and Ben."""
    store = SaveStore(companion_home, fixed_clock)
    saved = store.open_for_play(install_sample(companion_home, "time-bastards"))
    for seat, by in (("Ana", "b0123456789a"), ("Ben", "t0123456789b")):
        move = choices(saved.session.state)[0].action
        store.transact(saved, lambda _theirs, move=move: [Draft("do", move)], by=by, seat=seat)
    return saved


def test_every_action_after_the_line_is_taken_back_newest_first(duel: SavedGame) -> None:
    steps, origins = duel.session.steps, duel.origins
    count = len(steps)
    back = undo_back(duel, count - 3)
    assert back.to == count - 3
    assert back.lines == tuple(step.line for step in steps[-3:])  # in the log's order
    assert back.undone_lines == [step.line for step in reversed(steps[-3:])]
    assert back.records == tuple(origins[-3:])
    # newest first: the redo stack then holds the oldest on top, so redo goes in order
    assert [draft.target for draft in back.drafts] == [r.number for r in reversed(origins[-3:])]
    assert all(draft.kind == "undo" for draft in back.drafts)
    assert back.makers == ["an earlier version", "Ana", "Ben"]  # each once, in the log's order


def test_without_a_line_the_newest_action_alone(duel: SavedGame) -> None:
    back = undo_back(duel, None)
    assert back.records == (duel.origins[-1],)
    assert back.to == len(duel.session.steps) - 1


def test_line_zero_is_the_start_every_action(duel: SavedGame) -> None:
    back = undo_back(duel, 0)
    assert len(back.records) == len(duel.session.steps)
    assert back.drafts[-1].target == duel.origins[0].number


def test_redo_after_it_brings_the_actions_back_in_order(
    duel: SavedGame, companion_home: Path
) -> None:
    store = SaveStore(companion_home, fixed_clock)
    lines = [step.line for step in duel.session.steps]
    keep = len(lines) - 3
    store.transact(duel, lambda _theirs: undo_back(duel, keep).drafts, by="t0123456789c")
    assert [step.line for step in duel.session.steps] == lines[:keep]
    for count in range(keep + 1, len(lines) + 1):
        top = duel.undone[-1]
        store.transact(duel, lambda _theirs, top=top: [Draft("redo", target=top.number)], by="t")
        assert [step.line for step in duel.session.steps] == lines[:count]


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("last", "line {last} is the last one: there is no later action to undo"),
        ("past", "there is no log line {past} to go back to: the log has lines 1 to {last}"),
        ("before", "there is no log line -1 to go back to: the log has lines 1 to {last}"),
    ],
)
def test_a_line_with_nothing_after_it_is_refused_saying_why(
    duel: SavedGame, line: str, why: str
) -> None:
    last = len(duel.session.steps)
    number = {"last": last, "past": last + 1, "before": -1}[line]
    with pytest.raises(RuleError) as refused:
        undo_back(duel, number)
    assert why.format(last=last, past=last + 1) in str(refused.value)


def test_a_game_without_actions_has_nothing_to_undo(duel: SavedGame, companion_home: Path) -> None:
    store = SaveStore(companion_home, fixed_clock)
    store.transact(duel, lambda _theirs: undo_back(duel, 0).drafts, by="t0123456789c")
    for line in (None, 0):
        with pytest.raises(RuleError, match="there is nothing to undo: the game has no actions"):
            undo_back(duel, line)

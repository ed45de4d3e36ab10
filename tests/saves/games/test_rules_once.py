"""The rules once per change: the step a device made (`Session.step`) is what the journal checks
and appends when the game is still in the state it was made on; on a newer state the rules are
asked again there, and refuse what it no longer allows."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from companion.core import RuleError
from saves.games.journal import Draft
from saves.games.records import Record
from saves.games.store import SaveStore
from tests.conftest import fixed_clock
from tests.support.toy import TALLY, Add, TallySetup, TallyState
from tests.support.toy import apply as tally_apply

asked: list[Add] = []


def counted_apply(state: TallyState, action: Add) -> TallyState:
    asked.append(action)
    return tally_apply(state, action)


COUNTED = dataclasses.replace(TALLY, apply=counted_apply)


@pytest.fixture
def store(companion_home: Path) -> SaveStore:
    asked.clear()
    return SaveStore(companion_home, fixed_clock, games={"tally": COUNTED})


def made_here(saved: Any, action: Add) -> Draft:
    """A draft as a screen makes it: its step made on the state it shows."""
    state = saved.session.state
    return Draft("do", action, step=saved.session.step(action), on=state)


def test_a_change_made_on_the_newest_state_asks_the_rules_once(store: SaveStore) -> None:
    saved = store.create(COUNTED, TallySetup())
    draft = made_here(saved, Add(0, 3))
    store.transact(saved, lambda _theirs: [draft])
    assert asked == [Add(0, 3)]  # the screen's step: not the journal's nor the session's again
    assert saved.session.state.counts == (3, 0)
    assert store.load(saved.id).session.state.counts == (3, 0)


def test_a_change_made_before_another_device_wrote_is_checked_again_on_the_newest(
    store: SaveStore,
) -> None:
    saved = store.create(COUNTED, TallySetup(limit=5))
    other = SaveStore(store.home, fixed_clock, games={"tally": COUNTED})
    theirs = other.load(saved.id)
    draft = made_here(saved, Add(0, 3))  # allowed on the state shown: 0 + 3
    other.transact(theirs, lambda _theirs: [Draft("do", Add(0, 4))])
    before = store.path_for(saved.id).read_bytes()
    caught: list[list[Record]] = []

    def decide(records: list[Record]) -> list[Draft]:
        caught.append(records)
        return [draft]

    with pytest.raises(RuleError, match="this would make 7"):
        store.transact(saved, decide)  # on the newest state, 4 + 3 is past the limit
    assert [r.number for r in caught[0]] == [1]
    assert store.path_for(saved.id).read_bytes() == before
    assert saved.session.state.counts == (4, 0)


def test_the_session_asks_the_rules_once_per_step(store: SaveStore) -> None:
    saved = store.create(COUNTED, TallySetup())
    asked.clear()
    saved.session.do(Add(1, 2))
    assert asked == [Add(1, 2)]


def test_companion_act_asks_the_rules_once(store: SaveStore) -> None:
    """`companion act` checks the action on the newest state and appends that very step."""
    from companion.cli.act import act

    saved = store.create(COUNTED, TallySetup())
    act(store, saved.id, "Add", ["player=0", "amount=3"], by="")
    assert asked == [Add(0, 3)]
    assert store.load(saved.id).session.state.counts == (3, 0)

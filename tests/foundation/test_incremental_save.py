"""Autosave renders only new actions: the file must stay byte-for-byte what a full render gives,
and the cache of rendered actions must never serve text for an action that was undone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import given
from hypothesis import strategies as st

from companion.cavendish import CAVENDISH
from companion.cavendish.actions import AttemptTest, ChooseLocation, LoseAzrak
from companion.cavendish.model import CavendishSetup, ReceptacleCard, ReceptacleCards, Seat
from saves.files import SaveError
from saves.rendered import RenderedArray
from saves.store import SaveStore, to_document
from tests.conftest import fixed_clock
from tests.support.toy import TALLY, Add, TallySetup

GAMES = {"tally": TALLY, "cavendish": CAVENDISH}


def full_render(store: SaveStore, saved: Any) -> str:
    return tomli_w.dumps(to_document(saved))


def on_disk(store: SaveStore, saved: Any) -> str:
    return store.path_for(saved.id).read_text(encoding="utf-8")


def test_undo_then_a_different_action_is_saved_not_the_cached_one(companion_home: Path) -> None:
    store = SaveStore(companion_home, fixed_clock, games=GAMES)
    saved = store.create(TALLY, TallySetup(limit=50))
    saved.session.do(Add(0, 3))
    saved.session.do(Add(1, 4))
    store.save(saved)
    saved.session.undo()
    saved.session.do(Add(0, 9))
    store.save(saved)
    text = on_disk(store, saved)
    assert "amount = 9" in text and "amount = 4" not in text
    assert text == full_render(store, saved)
    assert store.load(saved.id).session.actions == [Add(0, 3), Add(0, 9)]


def test_undo_alone_drops_the_action_from_the_file(companion_home: Path) -> None:
    store = SaveStore(companion_home, fixed_clock, games=GAMES)
    saved = store.create(TALLY, TallySetup(limit=50))
    for amount in (1, 2, 3):
        saved.session.do(Add(1, amount))
        store.save(saved)
    saved.session.undo()
    saved.session.undo()
    store.save(saved)
    assert store.load(saved.id).session.actions == [Add(1, 1)]
    saved.session.redo()
    store.save(saved)
    assert store.load(saved.id).session.actions == [Add(1, 1), Add(1, 2)]
    assert on_disk(store, saved) == full_render(store, saved)


CARDS = ReceptacleCards(
    ReceptacleCard(3, 2, 1, 5),
    ReceptacleCard(4, 1, 2, 4),
    ReceptacleCard(3, 1, 3, 4),
    ReceptacleCard(2, 3, 1, 3),
)
SETUP = CavendishSetup(("Amy", "Anton"), (Seat("Amy", "Amy"), Seat("Anton", "Anton")), CARDS)


def test_a_long_action_switches_the_whole_file_to_tables_and_back(companion_home: Path) -> None:
    """tomli_w writes `actions = [...]` while every action fits a line, else `[[actions]]`."""
    store = SaveStore(companion_home, fixed_clock, games=GAMES)
    saved = store.create(CAVENDISH, SETUP)
    saved.session.do(ChooseLocation("A"))
    saved.session.do(LoseAzrak("Amy", 1))
    store.save(saved)
    assert "actions = [" in on_disk(store, saved)
    saved.session.undo()
    saved.session.do(AttemptTest("Amy", "strength", 2, 1, 0, (("Anton", 1),)))
    store.save(saved)
    assert "[[actions]]" in on_disk(store, saved)
    assert on_disk(store, saved) == full_render(store, saved)
    saved.session.undo()
    saved.session.do(LoseAzrak("Anton", 1))
    store.save(saved)
    assert "actions = [" in on_disk(store, saved)
    assert on_disk(store, saved) == full_render(store, saved)
    assert store.load(saved.id).session.state == saved.session.state


plain = st.recursive(
    st.one_of(st.integers(-5, 10**6), st.text(max_size=30), st.booleans()),
    lambda inner: st.lists(inner, max_size=3),
    max_leaves=6,
)
table = st.dictionaries(
    st.sampled_from(("action", "agent", "amount", "a b", "supports")),
    st.one_of(plain, st.dictionaries(st.sampled_from(("x", "y")), plain, max_size=2)),
    min_size=1,
    max_size=4,
)


@given(st.dictionaries(st.sampled_from(("format", "id", "title")), plain), table, st.lists(table))
def test_rendering_tables_one_by_one_equals_tomli_w(
    head: dict[str, Any], setup: dict[str, Any], items: list[dict[str, Any]]
) -> None:
    document = {**head, "setup": setup}
    expected = tomli_w.dumps({**document, "actions": items})
    rendered = RenderedArray("actions")
    rendered.sync(items, dict)
    assert rendered.document(document) == expected
    if items:  # drop the last table, then put a copy back: rendered again, same text
        rendered.sync(items[:-1], dict)
        assert rendered.document(document) == tomli_w.dumps({**document, "actions": items[:-1]})
        rendered.sync([*items[:-1], dict(items[-1])], dict)
        assert rendered.document(document) == expected


def test_a_load_still_checks_every_repeated_action(companion_home: Path) -> None:
    """Equal actions are decoded once, but each one is applied: the 4th +10 passes the limit."""
    store = SaveStore(companion_home, fixed_clock, games=GAMES)
    saved = store.create(TALLY, TallySetup(limit=35))
    for _ in range(3):
        saved.session.do(Add(0, 10))
    store.save(saved)
    path = store.path_for(saved.id)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("]\n", '    { action = "Add", player = 0, amount = 10 },\n]\n', 1))
    with pytest.raises(SaveError, match="action 4 "):
        store.load(saved.id)


def test_many_new_actions_in_one_save_each_keep_their_own_values(companion_home: Path) -> None:
    """tomli_w caches inline tables by id(); freed tables' ids return, so no cache may leak."""
    store = SaveStore(companion_home, fixed_clock, games=GAMES)
    saved = store.create(TALLY, TallySetup(limit=200))
    moves = [Add(0, 0), Add(0, 0), Add(0, 1), Add(1, 2), Add(1, 0)]
    for move in moves:
        saved.session.do(move)
    store.save(saved)
    assert store.load(saved.id).session.actions == moves
    assert on_disk(store, saved) == full_render(store, saved)

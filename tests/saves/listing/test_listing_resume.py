"""A listing's own resume (issue 44): a save played on past its checkpoint is listed from the
state kept there with the records after it played on it, and its line is the full replay's, for
every game's real play (tests/data/samples) under every revision of its rules, wherever the
checkpoint falls; an undo after it resumes the game whole, and still gives the replay's line."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from companion.core import RuleError
from companion.registry import get_game
from saves.files import SaveError
from saves.games import checkpoint, listing_resume
from saves.games.document import read_document
from saves.games.journal import Draft
from saves.games.store import SaveStore
from saves.listing.cache import SaveEntry
from saves.listing.entries import entry_of
from saves.paths import listing_cache_path

SAMPLES = Path(__file__).resolve().parents[2] / "data" / "samples"
GAMES = ("cavendish", "six-sojourns", "sojourn", "time-bastards")


def revisions() -> Iterator[tuple[str, int]]:
    for game_id in GAMES:
        game = get_game(game_id)
        assert game is not None
        for revision in range(1, game.rules_revision + 1):
            yield game_id, revision


def sample_actions(game_id: str) -> tuple[Any, list[Any]]:
    """The sample's setup and its actions, as the rules replayed them."""
    path = SAMPLES / f"{game_id}.toml"
    played = read_document(path, path.read_bytes())
    return played.session.setup, played.session.actions


def new_save(store: SaveStore, game_id: str, revision: int) -> str:
    """A new save of the sample's setup played under rules `revision` (its head says so)."""
    game = get_game(game_id)
    assert game is not None
    setup, _actions = sample_actions(game_id)
    saved = store.create(game, setup, "Played on")
    path = store.path_for(saved.id)
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"(?m)^rules = \d+$", f"rules = {revision}", text, count=1))
    return saved.id


def play(store: SaveStore, save_id: str, actions: list[Any]) -> int:
    """Append each action the rules accept under the save's revision (an action of the sample
    that another revision refuses is left out); how many were appended."""
    played = 0
    for action in actions:
        saved = store.load(save_id)
        try:
            store.transact(saved, lambda _theirs, a=action: [Draft("do", a)], by="ab12", seat="S")
        except RuleError:
            continue
        played += 1
    return played


def the_file_says(store: SaveStore, save_id: str) -> SaveEntry:
    return replace(entry_of(store.load(save_id)), facts=None)


@pytest.fixture
def resumes(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """What each listing's own resume gave (a `Tail`, or None when it fell back to a replay);
    every checkpoint is kept however short the game, and no checkpoint is written again."""
    monkeypatch.setattr(checkpoint, "SMALLEST_GAME", 1)
    monkeypatch.setattr(checkpoint, "LISTING_REFRESHES", 0)
    given: list[object] = []
    resume = checkpoint.played_on

    def spy(*args: Any) -> object:
        tail = resume(*args)
        given.append(tail)
        return tail

    monkeypatch.setattr(checkpoint, "played_on", spy)
    return given


def cold_listing(store: SaveStore) -> list[SaveEntry]:
    listing_cache_path(store.home).unlink(missing_ok=True)
    entries, unreadable = store.listing(with_facts=False)
    assert unreadable == []
    return entries


@pytest.mark.parametrize(("game_id", "revision"), list(revisions()))
def test_a_save_played_on_is_listed_as_its_full_replay_lists_it(
    tmp_path: Path, resumes: list[object], game_id: str, revision: int
) -> None:
    _setup, actions = sample_actions(game_id)
    splits = sorted({1, len(actions) // 3, len(actions) // 2, len(actions) - 1})
    store = SaveStore(tmp_path, workers=False)
    played: dict[str, int] = {}
    for split in splits:
        save_id = new_save(store, game_id, revision)
        play(store, save_id, actions[:split])
        checkpoint.load(store, save_id)  # its checkpoint, covering the file as it is
        assert checkpoint.checkpoint_path(store.home, save_id).is_file()
        played[save_id] = play(store, save_id, actions[split:])
    entries = cold_listing(store)
    assert entries == sorted(
        (the_file_says(store, save_id) for save_id in played),
        key=lambda entry: (entry.updated, entry.id),
        reverse=True,
    )
    tails = [tail for tail in resumes if tail is not None]
    assert len(tails) == sum(1 for count in played.values() if count)  # none replayed instead
    assert all(isinstance(tail, listing_resume.Tail) for tail in tails)


def test_details_and_an_undo_after_the_checkpoint(tmp_path: Path, resumes: list[object]) -> None:
    _setup, actions = sample_actions("six-sojourns")
    store = SaveStore(tmp_path, workers=False)
    with_details, with_undo = new_save(store, "six-sojourns", 3), new_save(store, "six-sojourns", 3)
    for save_id in (with_details, with_undo):
        play(store, save_id, actions[:20])
        checkpoint.load(store, save_id)
        play(store, save_id, actions[20:25])
    details = {"at": datetime(2026, 12, 1, 20, tzinfo=UTC), "minutes": 95, "location": "Café"}
    store.transact(store.load(with_details), lambda _theirs: [Draft("details", details=details)])
    saved = store.load(with_undo)
    store.transact(saved, lambda _theirs: [Draft("undo", target=saved.origins[-1].number)])
    listed = {entry.id: entry for entry in cold_listing(store)}
    assert listed[with_details] == the_file_says(store, with_details)
    assert listed[with_details].typed_minutes == 95
    assert listed[with_undo] == the_file_says(store, with_undo)
    # the details' save resumed by the listing; the undo needed the steps: the game resumed whole
    assert len(resumes) == 1 and isinstance(resumes[0], listing_resume.Tail)


def test_a_record_after_it_that_the_rules_refuse_is_reported_as_the_file_says(
    tmp_path: Path, resumes: list[object]
) -> None:
    _setup, actions = sample_actions("time-bastards")
    store = SaveStore(tmp_path, workers=False)
    save_id = new_save(store, "time-bastards", 1)
    play(store, save_id, actions[:10])
    checkpoint.load(store, save_id)
    play(store, save_id, actions[10:12])
    path = store.path_for(save_id)
    last = path.read_bytes().rstrip(b"\n").rsplit(b"\n", 1)[1]
    number = int(last.split(b" ", 1)[0][1:])
    forged = last.replace(f"r{number} ".encode(), f"r{number + 1} ".encode(), 1)
    with open(path, "ab") as handle:  # the same record again: refused by the rules now
        handle.write(forged + b"\n")
    with pytest.raises(SaveError) as refused:
        store.load(save_id)
    listing_cache_path(store.home).unlink(missing_ok=True)
    entries, unreadable = store.listing(with_facts=False)
    assert entries == [] and [u.path for u in unreadable] == [path]
    assert unreadable[0].reason == refused.value.problem
    assert resumes == [None]  # the resume refused it; the replay said why

"""A format 1 save (`[[actions]]`, tests/data/samples) under format 2 (saves/games/journal.py): read
as it is, never written by a load; its first change writes it again in format 2 with the same
game, and every other window on it takes that file up."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from companion.six_sojourns.actions import AdjustCoins
from saves.files import parse_toml
from saves.games.document import from_document
from saves.games.exports import game_json
from saves.games.journal import Draft
from saves.games.store import SavedGame, SaveStore
from tests.conftest import fixed_clock
from tests.saves.games.test_journal import AT, coins, seen
from tests.support.samples import install_sample

ROOT = Path(__file__).resolve().parents[3]


def format_1_game(home: Path, game_id: str) -> tuple[SaveStore, SavedGame, bytes]:
    save_id = install_sample(home, game_id)
    store = SaveStore(home, fixed_clock, workers=False)
    before = store.path_for(save_id).read_bytes()
    return store, store.load(save_id), before


def undo_then_redo(store: SaveStore, saved: SavedGame, by: str = "t1") -> None:
    """Two changes any game with a step takes, and that leave its state as it was."""
    store.transact(saved, lambda: [Draft("undo", target=saved.origins[-1].number)], by=by)
    store.transact(saved, lambda: [Draft("redo", target=saved.undone[-1].number)], by=by)


def without_time(shown: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in shown.items() if key != "updated"}


@pytest.mark.parametrize("game_id", ["sojourn", "six-sojourns", "cavendish", "time-bastards"])
def test_a_format_1_save_is_migrated_by_its_first_change_with_the_same_game(
    companion_home: Path, game_id: str
) -> None:
    store, saved, before = format_1_game(companion_home, game_id)
    path = store.path_for(saved.id)
    assert path.read_bytes() == before  # a load never writes
    old = game_json(saved)
    assert game_json(from_document(path, parse_toml(path, before))) == old
    undo_then_redo(store, saved)
    assert path.read_bytes().startswith(b"format = 2\n")
    again = SaveStore(companion_home, fixed_clock, workers=False).load(saved.id)
    assert game_json(again) == game_json(saved)
    assert without_time(game_json(again)) == without_time(old)
    assert [r.kind for r in again.origins] == ["do"] * len(saved.session.steps)
    assert again.record_count == len(saved.session.steps) + 2  # the undo and the redo


def test_a_migrated_save_shows_as_the_game_does(companion_home: Path) -> None:
    store, saved, _before = format_1_game(companion_home, "six-sojourns")
    undo_then_redo(store, saved)
    shown = subprocess.run(
        [sys.executable, "-m", "companion", "show", "--json", saved.id],
        env={**os.environ, "COMPANION_HOME": str(companion_home), "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(shown.stdout) == json.loads(json.dumps(game_json(saved)))


def test_a_format_1_save_written_by_hand_keeps_its_details_and_unknown_keys(
    companion_home: Path,
) -> None:
    folder = companion_home / "games"
    folder.mkdir(parents=True)
    document = {
        "format": 1,
        "id": "old-one",
        "game": "six-sojourns",
        "title": "Old one",
        "created": AT,
        "updated": AT,
        "revision": 3,
        "future_key": {"kept": "yes"},
        "setup": {"players": ["Ana", "Ben"], "map": "A"},
        "actions": [
            {"action": "AdjustCoins", "player": "Ana", "delta": 3},
            {"action": "EnterCount", "player": "Ben", "what": "cooking", "value": 4},
        ],
        "play_details": [{"place": 'Zoë\'s "kitchen"\n[upstairs]'}],
    }
    (folder / "old-one.toml").write_text(tomli_w.dumps(document), "utf-8")
    store = SaveStore(companion_home, fixed_clock, workers=False)
    saved = store.load("old-one")
    coins(store, saved, 1)
    again = SaveStore(companion_home, fixed_clock, workers=False).load("old-one")
    text = (folder / "old-one.toml").read_text("utf-8")
    assert text.startswith("format = 2\n") and "[[actions]]" not in text
    assert [r.kind for r in again.origins] == ["do", "do", "do"] and again.record_count == 4
    assert again.extra["play_details"] == document["play_details"]
    assert again.extra["future_key"] == {"kept": "yes"}
    assert game_json(again) == game_json(saved)
    assert again.session.state.sheet.player("Ana").coins == 12 + 3 + 1


def test_two_windows_on_a_format_1_save_both_play(companion_home: Path) -> None:
    """The first change writes the file again; the other window takes that file up."""
    store, first, _before = format_1_game(companion_home, "six-sojourns")
    other = SaveStore(companion_home, fixed_clock, workers=False)
    second = other.load(first.id)
    player = first.session.state.players[0]
    store.transact(first, lambda: [Draft("do", AdjustCoins(player, 1))], by="t1")
    theirs, _mine = other.transact(second, lambda: [Draft("do", AdjustCoins(player, 2))], by="t2")
    assert [r.by for r in theirs] == ["t1"]
    assert [r.by for r in store.catch_up(first)] == ["t2"]
    assert seen(first)[:-1] == seen(second)[:-1] == seen(store.load(first.id))[:-1]


def test_a_format_1_save_in_a_read_only_folder_is_read_and_left_as_it_was(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_id = install_sample(companion_home, "six-sojourns")
    path = SaveStore(companion_home).path_for(save_id)
    before = path.read_bytes()

    def watching(*_args: Any, **_kwargs: Any) -> Any:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    store = SaveStore(companion_home, fixed_clock, workers=False)
    saved = store.load(save_id)
    assert saved.position is None and path.read_bytes() == before
    assert len(saved.session.steps) == len(tomllib.loads(before.decode())["actions"])
    window = seen(saved)
    monkeypatch.setattr(tempfile, "mkstemp", watching)
    with pytest.raises(OSError) as caught:
        store.transact(saved, lambda: [Draft("undo", target=saved.origins[-1].number)])
    assert caught.value.errno == errno.EROFS
    assert path.read_bytes() == before and seen(saved) == window

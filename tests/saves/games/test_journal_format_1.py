"""A format 1 save (`[[actions]]`, tests/data/samples) under format 2 (saves/games/journal.py): read
as it is, never written by a load (a listing, `show`, the statistics); opened for play, it is
written again in format 2 with the same game, once, under its lock, and only appended to after."""

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
from saves.files import LinkRefused, SaveError, parse_toml
from saves.games import store as store_module
from saves.games.document import from_document
from saves.games.exports import game_json
from saves.games.journal import Draft, Rewritten
from saves.games.store import SavedGame, SaveStore
from saves.shared.lock import Busy
from tests.conftest import fixed_clock
from tests.saves.games.test_journal import AT, coins, seen
from tests.support.samples import install_sample

ROOT = Path(__file__).resolve().parents[3]


def format_1_game(home: Path, game_id: str) -> tuple[SaveStore, SavedGame, bytes]:
    """A sample installed and opened for play; the file's bytes before."""
    save_id = install_sample(home, game_id)
    store = SaveStore(home, fixed_clock, workers=False)
    before = store.path_for(save_id).read_bytes()
    shown = store.load(save_id)
    assert shown.position is None and store.path_for(save_id).read_bytes() == before
    return store, store.open_for_play(save_id), before


def undo_then_redo(store: SaveStore, saved: SavedGame, by: str = "t1") -> None:
    """Two changes any game with a step takes, and that leave its state as it was."""
    store.transact(saved, lambda _theirs: [Draft("undo", target=saved.origins[-1].number)], by=by)
    store.transact(saved, lambda _theirs: [Draft("redo", target=saved.undone[-1].number)], by=by)


def without_time(shown: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in shown.items() if key != "updated"}


@pytest.mark.parametrize("game_id", ["sojourn", "six-sojourns", "cavendish", "time-bastards"])
def test_a_format_1_save_is_migrated_when_opened_for_play_with_the_same_game(
    companion_home: Path, game_id: str
) -> None:
    store, saved, before = format_1_game(companion_home, game_id)
    path = store.path_for(saved.id)
    assert path.read_bytes().startswith(b"format = 2\n")
    old = game_json(saved)
    assert game_json(from_document(path, parse_toml(path, before))) == old
    undo_then_redo(store, saved)
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
    saved = store.open_for_play("old-one")
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
    """The first window to open it writes the file again; the other opens that file."""
    store, first, _before = format_1_game(companion_home, "six-sojourns")
    other = SaveStore(companion_home, fixed_clock, workers=False)
    second = other.open_for_play(first.id)
    player = first.session.state.players[0]
    store.transact(first, lambda _theirs: [Draft("do", AdjustCoins(player, 1))], by="t1")
    theirs, _mine = other.transact(
        second, lambda _theirs: [Draft("do", AdjustCoins(player, 2))], by="t2"
    )
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
    monkeypatch.setattr(tempfile, "mkstemp", watching)
    saved = store.open_for_play(save_id)  # shown, not changed: the app's watching screen
    assert saved.position is None and path.read_bytes() == before
    assert os.strerror(errno.EROFS) in saved.cannot_add
    assert len(saved.session.steps) == len(tomllib.loads(before.decode())["actions"])
    window = seen(saved)
    with pytest.raises(SaveError, match="cannot be added to"):
        store.transact(saved, lambda _theirs: [Draft("undo", target=saved.origins[-1].number)])
    assert path.read_bytes() == before and seen(saved) == window
    assert store.catch_up(saved) == []  # followed: read again once the file changes


def test_a_window_showing_a_format_1_save_is_told_once_it_is_opened_for_play(
    companion_home: Path,
) -> None:
    """A table display `load`s a game and follows it: the file written again in format 2 by
    a window that opened it for play is a changed file, read again, never a crash."""
    save_id = install_sample(companion_home, "six-sojourns")
    shown = SaveStore(companion_home, fixed_clock, workers=False).load(save_id)
    store = SaveStore(companion_home, fixed_clock, workers=False)
    assert store.catch_up(shown) == [] and not store.catch_up_needed(shown)  # nothing new
    store.open_for_play(save_id)
    assert store.catch_up_needed(shown)
    with pytest.raises(Rewritten, match="written again"):
        store.catch_up(shown)


def test_the_upgrade_at_open_is_one_write_under_the_lock_and_then_only_appends(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A format 1 save with thousands of unknown keys (issue 30: 400,000 took 2.1 s at its first
    change) is written whole once, when opened for play, holding the game's lock; every later
    change appends its line."""
    folder = companion_home / "games"
    folder.mkdir(parents=True)
    document: dict[str, Any] = {
        "format": 1,
        "id": "many-keys",
        "game": "six-sojourns",
        "title": "Many keys",
        "created": AT,
        "setup": {"players": ["Ana", "Ben"], "map": "A"},
        "actions": [{"action": "AdjustCoins", "player": "Ana", "delta": 3}],
    }
    document.update((f"unknown_{n}", n) for n in range(4000))
    path = folder / "many-keys.toml"
    path.write_text(tomli_w.dumps(document), "utf-8")
    store = SaveStore(companion_home, fixed_clock, workers=False)
    whole: list[bool] = []  # one entry a whole write: whether the game's lock was held
    write_text = store_module.write_text

    def counted(*args: Any, **kwargs: Any) -> Any:
        try:
            with store.game_lock("many-keys", deadline=0):
                whole.append(False)
        except Busy:
            whole.append(True)
        return write_text(*args, **kwargs)

    monkeypatch.setattr(store_module, "write_text", counted)
    appended: list[int] = []
    pwrite = os.pwrite

    def counted_append(descriptor: int, data: bytes, offset: int) -> int:
        appended.append(len(data))
        return pwrite(descriptor, data, offset)

    monkeypatch.setattr(os, "pwrite", counted_append)
    shown = store.load("many-keys")
    assert whole == [] and shown.position is None  # read only
    saved = store.open_for_play("many-keys")
    assert whole == [True] and appended == []
    head = path.read_bytes()
    coins(store, saved, 1, 2)
    undo_then_redo(store, saved)
    assert whole == [True] and len(appended) == 4  # one line each
    assert path.read_bytes().startswith(head)
    assert len(path.read_bytes()) == len(head) + sum(appended)
    again = SaveStore(companion_home, fixed_clock, workers=False).open_for_play("many-keys")
    assert whole == [True] and again.extra["unknown_3999"] == 3999
    assert again.session.state.sheet.player("Ana").coins == 12 + 3 + 1 + 2


def test_a_format_1_save_whose_lock_stays_held_opens_to_be_shown(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_id = install_sample(companion_home, "six-sojourns")
    store = SaveStore(companion_home, fixed_clock, workers=False)
    path = store.path_for(save_id)
    before = path.read_bytes()

    def held(_save_id: str, deadline: float = 0) -> Any:
        raise Busy(path)

    monkeypatch.setattr(store, "game_lock", held)
    saved = store.open_for_play(save_id)
    assert saved.position is None and "another window is saving" in saved.cannot_add
    assert saved.upgrade_waits  # to be opened for play again once the lock is free
    assert path.read_bytes() == before


def test_a_format_1_save_linked_out_of_the_data_folder_is_never_written_through(
    companion_home: Path, tmp_path: Path
) -> None:
    """Opened, it is left as it is; its first change is refused as for any such link, and
    the window keeps its game as a copy."""
    save_id = install_sample(companion_home, "six-sojourns")
    store = SaveStore(companion_home, fixed_clock, workers=False)
    path = store.path_for(save_id)
    outside = tmp_path / "shared.toml"
    path.rename(outside)
    path.symlink_to(outside)
    before = outside.read_bytes()
    saved = store.open_for_play(save_id)
    assert saved.position is None and saved.cannot_add == ""
    with pytest.raises(LinkRefused):
        coins(store, saved, 1)
    assert path.is_symlink() and outside.read_bytes() == before
    copy = store.save_copy(saved)
    assert store.load(copy.id).session.actions == saved.session.actions

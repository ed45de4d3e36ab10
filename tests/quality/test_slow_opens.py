"""The extreme saves of issue 30, opened, listed and refused as they should be (under -m slow;
their times are figures in tests/bench/bench_commands.py, never asserted here): a game of 60,000
actions, a setup of 700,000 players, names of 200,000 combining marks, an older save with
400,000 keys this version does not know."""

from __future__ import annotations

import tomllib
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from companion.six_sojourns.actions import AdjustCoins
from saves.games import checkpoint
from saves.games.journal import Draft
from saves.games.records import Record, record_line
from saves.games.store import SavedGame, SaveStore
from saves.listing.folder import MAX_REASON
from tests.bench.bench_games import SETUP, cavendish_action
from tests.quality.hostile import SAMPLES, hostile_save

LONG_GAME = 60_000
PLAYERS = 700_000
UNKNOWN_KEYS = 400_000
MARKS = "e" + "\u0301" * 200_000

pytestmark = pytest.mark.slow


def long_save(home: Path, actions: int = LONG_GAME) -> str:
    """A Cavendish game of `actions` legal actions, its records written straight to the file
    (building it through the rules would take as long as opening it); its id."""
    from companion.cavendish.game import CAVENDISH

    saved = SaveStore(home).create(CAVENDISH, SETUP, f"{actions} actions")
    lines = "".join(
        record_line(Record(number, "do", cavendish_action(number - 1)))
        for number in range(1, actions + 1)
    )
    with SaveStore(home).path_for(saved.id).open("a", encoding="utf-8") as handle:
        handle.write(lines)
    return saved.id


def crowded_save(home: Path, players: int = PLAYERS) -> str:
    """The Six Sojourns sample with `players` players (one letter each); its id."""
    data = tomllib.loads((SAMPLES / "six-sojourns.toml").read_text("utf-8"))
    data["setup"]["players"] = ["p"] * players
    (home / "games").mkdir(parents=True, exist_ok=True)
    (home / "games" / f"{data['id']}.toml").write_text(tomli_w.dumps(data), "utf-8")
    return str(data["id"])


def many_keys_save(home: Path, keys: int = UNKNOWN_KEYS) -> str:
    """A format 1 Six Sojourns save with `keys` top-level keys this version does not know
    (6.5 MB), written again in format 2 when first opened for play; its id."""
    document: dict[str, Any] = {
        "format": 1,
        "id": "many-keys",
        "game": "six-sojourns",
        "title": "Many keys",
        "created": datetime(2026, 11, 29, 12, tzinfo=UTC),
        "setup": {"players": ["Ana", "Ben"], "map": "A"},
        "actions": [{"action": "AdjustCoins", "player": "Ana", "delta": 3}],
    }
    document.update((f"u{number}", number) for number in range(keys))
    (home / "games").mkdir(parents=True, exist_ok=True)
    (home / "games" / "many-keys.toml").write_text(tomli_w.dumps(document), "utf-8")
    return "many-keys"


def first_change(store: SaveStore, save_id: str) -> SavedGame:
    """Open an older save for play (written again once) and make its first change."""
    saved = store.open_for_play(save_id)
    store.transact(saved, lambda _theirs: [Draft("do", AdjustCoins("Ana", 1))])
    return saved


def test_a_game_of_60000_actions_opens_lists_and_resumes_from_its_checkpoint(
    companion_home: Path,
) -> None:
    save_id = long_save(companion_home)
    store = SaveStore(companion_home, workers=False)
    assert store.load(save_id).record_count == LONG_GAME
    entries, unreadable = store.listing()
    assert [entry.id for entry in entries] == [save_id] and unreadable == []
    first = checkpoint.load(store, save_id)
    assert checkpoint.checkpoint_path(companion_home, save_id).is_file()
    again = checkpoint.load(store, save_id)
    assert again.session.state == first.session.state and again.record_count == LONG_GAME


def test_a_setup_of_700000_players_is_refused_with_its_reason(companion_home: Path) -> None:
    save_id = crowded_save(companion_home)
    store = SaveStore(companion_home, workers=False)
    with pytest.raises(Exception, match=f"is for 1 to 4 players, not {PLAYERS}"):
        store.load(save_id)
    entries, unreadable = store.listing()
    assert entries == [] and [u.reason for u in unreadable] == [
        f"the setup is refused by the rules: Six Sojourns is for 1 to 4 players, not {PLAYERS}"
    ]


@pytest.mark.parametrize("game_id", ["sojourn", "six-sojourns", "cavendish", "time-bastards"])
def test_names_of_200000_combining_marks_open_or_are_refused_in_one_short_line(
    companion_home: Path, game_id: str
) -> None:
    save_id = hostile_save(companion_home, game_id, MARKS)
    store = SaveStore(companion_home, workers=False)
    entries, unreadable = store.listing()
    if game_id == "sojourn":  # a card's name has no limit: the game opens
        assert [entry.id for entry in entries] == [save_id] and unreadable == []
        assert store.load(save_id).title == MARKS[:80]
    else:  # a player's name is at most 24 characters: refused, said in one short line
        assert entries == [] and len(unreadable) == 1
        reason = unreadable[0].reason
        assert reason.startswith("the setup is refused by the rules") and len(reason) <= MAX_REASON


def test_an_older_save_of_400000_unknown_keys_plays_and_keeps_them(companion_home: Path) -> None:
    save_id = many_keys_save(companion_home)
    store = SaveStore(companion_home, workers=False)
    saved = first_change(store, save_id)
    assert saved.format_read == 2 and saved.session.state.sheet.player("Ana").coins == 12 + 3 + 1
    again = SaveStore(companion_home, workers=False).open_for_play(save_id)
    assert again.extra[f"u{UNKNOWN_KEYS - 1}"] == UNKNOWN_KEYS - 1
    assert again.session.state == saved.session.state


def test_a_save_of_100000_records_lists_and_shows_from_the_checkpoint_its_listing_keeps(
    companion_home: Path,
) -> None:
    """Issue 41 (its times: tests/bench/bench_commands.py `hundred_thousand_rows`): the first
    listing replays it once and keeps its checkpoint; `show`, and the listing after a change,
    start from there and say what the file says."""
    save_id = long_save(companion_home, 100_000)
    store = SaveStore(companion_home, workers=False)
    entries, unreadable = store.listing(with_facts=False)
    assert [entry.id for entry in entries] == [save_id] and unreadable == []
    assert checkpoint.checkpoint_path(companion_home, save_id).is_file()
    shown = checkpoint.load(store, save_id)
    full = store.load(save_id)
    assert shown.record_count == full.record_count == 100_000
    assert shown.session.state == full.session.state
    store.transact(shown, lambda _theirs: [Draft("do", cavendish_action(100_000))])
    entries, _unreadable = store.listing(with_facts=False)
    assert entries[0].updated == store.load(save_id).updated
    assert entries[0].summary == shown.game.summary(shown.session.state)

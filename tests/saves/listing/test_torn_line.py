"""A torn last line is never read, by any reader (issue 41): after a crash leaves a save's last
line half written, the list (home, `companion list`, the worker processes of a listing without
its cache) shows the save as its complete lines say, as `companion show` and a play screen do."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import cli
from companion.six_sojourns.actions import AdjustCoins
from companion.six_sojourns.game import SIX_SOJOURNS
from companion.six_sojourns.setup import SojournsSetup
from saves.games.journal import Draft
from saves.games.store import SaveStore
from saves.listing.entries import entry_of
from saves.listing.pool import replay_one
from tests.conftest import fixed_clock

TORN = b'r4 = { at = 2026-11-29T12:00:00Z, do = { action = "AdjustCoins", pla'


def torn_save(home: Path) -> str:
    """A game of 3 records whose 4th was cut by a crash mid-line; its id."""
    store = SaveStore(home, fixed_clock)
    saved = store.create(SIX_SOJOURNS, SojournsSetup(players=("Ana", "Ben")), "Torn")
    drafts = [Draft("do", AdjustCoins("Ana", 1 + n)) for n in range(3)]
    store.transact(saved, lambda _theirs: drafts)
    with store.path_for(saved.id).open("ab") as handle:
        handle.write(TORN)
    return saved.id


def test_the_list_shows_a_save_with_a_torn_last_line_as_its_complete_lines_say(
    companion_home: Path,
) -> None:
    save_id = torn_save(companion_home)
    store = SaveStore(companion_home, workers=False)
    loaded = store.load(save_id)
    assert loaded.record_count == 3
    entries, unreadable = store.listing()
    assert unreadable == [] and entries == [entry_of(loaded)]
    assert store.listing() == (entries, [])  # and from the cache


def test_a_worker_of_a_listing_reads_it_so_too(companion_home: Path) -> None:
    save_id = torn_save(companion_home)
    path = SaveStore(companion_home).path_for(save_id)
    assert replay_one((str(path), path.read_bytes())) == entry_of(
        SaveStore(companion_home).load(save_id)
    )


def test_companion_list_agrees_with_show(
    companion_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save_id = torn_save(companion_home)
    assert cli.main(["list", "--json"]) == 0
    out, err = capsys.readouterr()
    listed = json.loads(out)
    assert err == "" and [game["id"] for game in listed["games"]] == [save_id]
    assert listed["unreadable"] == []
    assert cli.main(["show", save_id]) == 0
    assert "Torn" in capsys.readouterr().out

"""`companion recap ID [--json]` (issue 42, item 7): where were we, from a saved game's log."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from companion.time_bastards.game import TIME_BASTARDS
from saves.games.store import SaveStore
from tests.cli.conftest import Run
from tests.history.games import samples
from tests.support.saving import record_played

SET_UP = datetime(2026, 12, 5, 20, 0, tzinfo=UTC)


def duel(home: Path) -> str:
    """A Time Bastards duel set up and played on Saturday 5 December from 20:00, by a seat."""
    now = [SET_UP]
    store = SaveStore(home, clock=lambda: now[0])
    saved = store.create(TIME_BASTARDS, samples.BASTARDS_SETUP, title="Saturday's duel")
    for move in samples.play(
        TIME_BASTARDS, samples.BASTARDS_SETUP, samples.bastards_moves, 12, 2026
    ).actions:
        saved.session.do(move)
    now[0] = SET_UP + timedelta(minutes=40)
    record_played(store, saved, by="t-laptop", seat="Mara")
    return saved.id


def test_recap_prints_the_last_session_and_whose_turn_it_is(companion_home: Path, run: Run) -> None:
    save_id = duel(companion_home)
    code, out, err = run("recap", save_id)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Saturday's duel (Time Bastards): where were we"
    assert lines[1].startswith("Last played Saturday 5 December, 20:40")
    assert lines[2] == "The last session (12 actions):"
    assert lines[3].startswith("  20:40 ") and lines[3].endswith(" (Mara)")
    assert "Where everyone stands:" in lines
    assert any(line.startswith("Whose turn: ") for line in lines)


def test_recap_json(companion_home: Path, run: Run) -> None:
    save_id = duel(companion_home)
    code, out, _ = run("recap", save_id, "--json")
    data = json.loads(out)
    assert code == 0 and data["id"] == save_id and data["title"] == "Saturday's duel"
    assert data["last_played"] == (SET_UP + timedelta(minutes=40)).isoformat()
    assert data["session"]["actions"] == 12 and len(data["events"]) == 5
    assert data["score"]["heading"] == "Achievements"
    assert data["waiting_for"]["who"] == data["turn"]


def test_recap_of_a_missing_game_is_one_line_and_exit_2(run: Run) -> None:
    code, out, err = run("recap", "nothing-here")
    assert (code, out) == (2, "") and len(err.splitlines()) == 1

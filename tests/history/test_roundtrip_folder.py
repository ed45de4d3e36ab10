"""Export then import into an empty folder gives the same statistics, figure for figure (issue
32): any mix of plays of the four games, played in the app or typed in, scored, winner-only,
unscored, co-op won and lost, solo; and a Time Bastards co-op play comes back co-op, never a
duel.

The app plays here are their facts as the games give them, without the game-only details no BG
Stats field holds (Six Sojourns' categories, a tie-break that decided a duel): those are figures
of the app's own plays, never of a file. The step a duel's result shows (most achievements, a
shared win) is counted for a file's play too, so the app plays here have it."""

from __future__ import annotations

import json
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core import Facts
from companion.history.bgstats import Exported, play_file, play_uuid
from companion.history.bgstats_import import read_play_file
from companion.history.details import PlayDetails
from companion.history.plays import Play, app_play
from companion.history.push import push_link
from companion.history.recorded import as_play, facts_of
from companion.history.report import stats_json
from companion.time_bastards.history import recorded_step
from saves.games.store import SaveStore
from saves.history.bgstats import import_file
from saves.history.plays import gather
from saves.history.recorded import RecordedStore
from saves.shared.settings import SettingsStore
from tests.history.test_bgstats_roundtrip import NAMES, recorded_plays

FIRST = datetime(2001, 1, 1, tzinfo=UTC)


def time_bastards_co_op(players: tuple[str, ...], team: int, won: bool) -> Facts:
    """What the game gives a finished co-op play: the team's total for both, won together."""
    return Facts("finished", players, dict.fromkeys(players, team), players if won else (),
                 cooperative=True)  # fmt: skip


def shown_step(game_id: str, facts: Facts) -> dict[str, str]:
    """A duel's deciding step where its result shows it (the game's verdict agrees with the
    result there), as the game gives it; a tie-break's step no file holds is left out."""
    step = recorded_step(facts) if game_id == "time-bastards" else None
    return {"decided_by": step} if step else {}


@st.composite
def app_plays(draw: st.DrawFn, number: int) -> Exported:
    """A finished play of the app, as the games' facts have it, and its export entry."""
    if draw(st.booleans()):
        players = tuple(draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=2, unique=True)))
        facts = time_bastards_co_op(players, draw(st.integers(0, 4)), draw(st.booleans()))
        game_id = "time-bastards"
    else:
        recorded = draw(recorded_plays())
        game_id = recorded.game_id
        facts = facts_of(recorded)
        facts = Facts(facts.status, facts.players, facts.scores, facts.winners,
                      facts.cooperative, facts.lower_is_better,
                      details=shown_step(game_id, facts))  # fmt: skip
    start = FIRST + timedelta(seconds=draw(st.integers(0, 20 * 365 * 24 * 3600)))
    last = start + timedelta(seconds=draw(st.integers(0, 6 * 3600)))
    save_id = f"{game_id}-{number:05d}"
    play = app_play(save_id, game_id, start, last, facts)
    details = PlayDetails(minutes=play.minutes)
    return Exported(play, details, play_uuid(save_id), start, last, seated=True)


@st.composite
def typed_plays(draw: st.DrawFn, number: int) -> Exported:
    recorded = draw(recorded_plays())
    play = as_play(f"recorded-{number:05d}", recorded)
    uuid = recorded.source or play_uuid(play.save_id)
    return Exported(play, recorded.details, uuid, FIRST, FIRST)


@st.composite
def histories(draw: st.DrawFn) -> list[Exported]:
    count = draw(st.integers(1, 6))
    kinds = [draw(st.sampled_from([app_plays, typed_plays])) for _ in range(count)]
    items = [draw(make(number)) for number, make in enumerate(kinds)]
    uuids = [item.uuid.upper() for item in items]
    kept = [item for n, item in enumerate(items) if item.uuid.upper() not in uuids[:n]]
    return sorted(kept, key=lambda item: (item.play.ended, item.play.save_id))  # as exported


def figures(plays: list[Play]) -> dict[str, Any]:
    return stats_json(plays, UTC)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(histories())
def test_any_history_we_export_imports_into_an_empty_folder_to_the_same_statistics(
    items: list[Exported],
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        file, empty = Path(folder) / "plays.bgsplay", Path(folder) / "empty"
        file.write_text(json.dumps(play_file(items)), encoding="utf-8")
        result, written = import_file(empty, file)
        assert (result.skipped, result.unscored, written) == ({}, {}, len(items))
        back, unreadable = gather(SaveStore(empty), SettingsStore(empty))
        assert unreadable == []
        assert figures(back) == figures([item.play for item in items])


MOMENT = datetime(2026, 11, 29, 19, 30, tzinfo=UTC)


def co_op_item(won: bool) -> Exported:
    facts = time_bastards_co_op(("Ana", "Ben"), 3 if won else 1, won)
    play = app_play(f"time-bastards-{won}", "time-bastards", MOMENT, MOMENT, facts)
    return Exported(play, PlayDetails(), play_uuid(play.save_id), MOMENT, MOMENT, seated=True)


def test_a_time_bastards_co_op_play_comes_back_co_op_won_or_lost(tmp_path: Path) -> None:
    data = play_file([co_op_item(True), co_op_item(False)])
    assert [game["name"] for game in data["games"]] == ["Time Bastards (co-op)"]
    assert data["games"][0]["cooperative"] is True
    won, lost = read_play_file(data, set()).plays
    assert (won.co_op, won.outcome, won.winners, won.scores) == (
        True, "won", ("Ana", "Ben"), {"Ana": 3, "Ben": 3},
    )  # fmt: skip
    assert (lost.co_op, lost.outcome, lost.winners, lost.scores) == (
        True, "lost", (), {"Ana": 1, "Ben": 1},
    )  # fmt: skip
    facts = facts_of(won)
    assert (facts.cooperative, facts.status) == (True, "finished")
    store = RecordedStore(tmp_path, lambda: MOMENT)
    entry = store.add(lost)
    assert store.load(entry.id).play == entry.play  # kept as co-op in its file


def test_a_duel_stays_a_duel_and_the_push_link_names_the_co_op_game() -> None:
    duel = Facts("finished", ("Ana", "Ben"), {"Ana": 3, "Ben": 1}, ("Ana",))
    play = app_play("time-bastards-2", "time-bastards", MOMENT, MOMENT, duel)
    item = Exported(play, PlayDetails(), play_uuid(play.save_id), MOMENT, MOMENT, seated=True)
    [back] = read_play_file(play_file([item]), set()).plays
    assert (back.co_op, back.outcome, back.winners) == (False, "", ("Ana",))
    pushed = json.loads(unquote(push_link(co_op_item(True)).partition("data=")[2]))
    assert pushed["game"]["name"] == "Time Bastards (co-op)"
    assert pushed["game"]["cooperative"] is True
    assert pushed["game"]["sourceGameId"] == "time-bastards-co-op"

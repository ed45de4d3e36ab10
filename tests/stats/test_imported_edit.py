"""An imported play, kept in an import's file of many plays, edited from the plays list: its
line alone changes, and a Time Bastards co-op play stays co-op with its uuids (issue 32)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from textual.widgets import DataTable, Input

from companion.core import Facts
from companion.history.bgstats import Exported, play_file, play_uuid
from companion.history.details import PlayDetails
from companion.history.plays import app_play
from saves.history.bgstats import import_file
from saves.history.recorded import RecordedStore
from tests.stats.test_bgstats_screens import cells, open_plays
from widgets.stats.record import RecordDialog

MOMENT = datetime(2026, 11, 29, 19, 30, tzinfo=UTC)


def imported_co_op(home: Path, tmp_path: Path) -> None:
    players = ("Ana", "Ben")
    facts = Facts("finished", players, dict.fromkeys(players, 1), (), cooperative=True)
    play = app_play("time-bastards-1", "time-bastards", MOMENT, MOMENT, facts)
    item = Exported(play, PlayDetails(), play_uuid(play.save_id), MOMENT, MOMENT, seated=True)
    data = play_file([item])
    data["players"][0]["uuid"] = "ana-from-bg-stats"
    file = tmp_path / "co-op.bgsplay"
    file.write_text(json.dumps(data), encoding="utf-8")
    import_file(home, file)


async def test_an_imported_co_op_play_is_edited_and_stays_co_op(
    make_test_app: Any, companion_home: Path, tmp_path: Path
) -> None:
    imported_co_op(companion_home, tmp_path)
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_plays(pilot)
        screen.query_one("#plays-table", DataTable).move_cursor(row=0)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, RecordDialog)
        app.screen.query_one("#details-location", Input).value = "Train"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Train" in [row[5] for row in cells(screen)]
    [entry] = RecordedStore(companion_home, lambda: MOMENT).listing()[0]
    play = entry.play
    assert (play.co_op, play.outcome, play.scores) == (True, "lost", {"Ana": 1, "Ben": 1})
    assert play.player_sources["Ana"] == "ana-from-bg-stats"
    assert play.source == play_uuid("time-bastards-1") and play.details.location == "Train"
    assert [path.suffix for path in (companion_home / "recorded").iterdir()] == [".jsonl"]

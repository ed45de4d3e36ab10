"""One end time and one duration per play, read the same by every user (issue 32, item 4):
the statistics, the plays list, the CSV and both BG Stats forms. The game here is set up at
19:00 and played at 21:00 after a break: the old rules made its duration 0 minutes in the BG
Stats file (the break is no active time) and 0 in the CSV, ended it at 21:00 in the statistics,
and at 19:00 once exported and imported, so a play typed in between changed places."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from urllib.parse import unquote

from companion.cli.plays import bgstats_link
from companion.history.details import PlayDetails
from companion.history.plays import app_play
from companion.history.recorded import RecordedPlay
from companion.history.report import play_rows, stats_json
from companion.history.stats import in_order
from companion.history.timing import play_end, play_minutes
from companion.six_sojourns.actions import CloseSojourn
from companion.six_sojourns.game import SIX_SOJOURNS
from companion.six_sojourns.setup import SojournsSetup
from saves.games.store import SaveStore
from saves.history.bgstats import bgstats_text, import_file, saved_details
from saves.history.details import add_details
from saves.history.plays import gather
from saves.history.recorded import RecordedStore
from saves.shared.settings import SettingsStore
from tests.history.games import SET_UP, samples
from tests.support.saving import record_played

PLAYED_AT = SET_UP + timedelta(hours=2)


def evening(home: Path) -> str:
    """A Six Sojourns game set up at 19:00 and played at 21:00, and a play typed in that
    started at 19:30 and lasted 60 minutes (it ended 20:30, between the two ends)."""
    now = [SET_UP]
    store = SaveStore(home, clock=lambda: now[0])
    setup = SojournsSetup(players=samples.SIX_PLAYERS, map="A", expansions=samples.SIX_EXPANSIONS)
    saved = store.create(SIX_SOJOURNS, setup, title="After the break")
    now[0] = PLAYED_AT
    for move in [*samples.play(SIX_SOJOURNS, setup, samples.six_moves, 200, 1).actions]:
        saved.session.do(move)
    saved.session.do(CloseSojourn())
    record_played(store, saved)
    RecordedStore(home, lambda: PLAYED_AT).add(
        RecordedPlay(
            "six-sojourns",
            SET_UP + timedelta(minutes=30),
            ("Ana", "Zed"),
            {"Ana": 10, "Zed": 20},
            details=PlayDetails(minutes=60),
        )
    )
    return saved.id


def plays_of(home: Path) -> list:
    return in_order(gather(SaveStore(home), SettingsStore(home))[0])


def test_the_typed_duration_wins_and_the_active_time_is_first_to_last_action() -> None:
    assert play_minutes(45, 7200) == 45
    assert play_minutes(None, 7200) == 120
    assert play_minutes(None, 0) is None and play_minutes(None) is None
    assert play_end(SET_UP.replace(microsecond=5), 90) == SET_UP + timedelta(minutes=90)


def test_the_statistics_end_an_app_play_at_its_start_plus_its_duration(
    companion_home: Path,
) -> None:
    save_id = evening(companion_home)
    typed, app = plays_of(companion_home)
    assert app.save_id == save_id and (app.started, app.minutes) == (SET_UP, 120)
    assert app.ended == PLAYED_AT and typed.ended == SET_UP + timedelta(minutes=90)


def test_the_csv_the_plays_list_and_both_bg_stats_forms_give_the_same_minutes(
    companion_home: Path,
) -> None:
    save_id = evening(companion_home)
    plays = plays_of(companion_home)
    csv = {row["id"]: row["length_minutes"] for row in play_rows(plays, {})}
    assert csv == {plays[0].save_id: 60, save_id: 120}
    file = json.loads(bgstats_text(companion_home, plays))
    assert sorted(play["durationMin"] for play in file["plays"]) == [60, 120]
    link = unquote(bgstats_link(companion_home, save_id).partition("data=")[2])
    assert json.loads(link)["durationMin"] == 120
    assert saved_details(SaveStore(companion_home), plays[1]).minutes == 120  # the plays list


def test_export_then_import_keeps_the_evenings_order_and_streaks(
    companion_home: Path, tmp_path: Path
) -> None:
    evening(companion_home)
    before = plays_of(companion_home)
    file = tmp_path / "evening.bgsplay"
    file.write_text(bgstats_text(companion_home, before), encoding="utf-8")
    empty = tmp_path / "empty"
    import_file(empty, file)
    after = plays_of(empty)
    assert [(p.started, p.ended) for p in after] == [(p.started, p.ended) for p in before]
    figures = {
        name: (person["streak"], person["best_streak"])
        for name, person in stats_json(before)["players"].items()
    }
    assert figures == {
        name: (person["streak"], person["best_streak"])
        for name, person in stats_json(after)["players"].items()
    }


def test_the_statistics_use_the_duration_typed_for_an_app_play(companion_home: Path) -> None:
    """The saved-games list carries the typed duration, so the statistics end the play by it
    (not by its last action) as the CSV and the BG Stats file do."""
    save_id = evening(companion_home)
    store = SaveStore(companion_home)
    add_details(store, store.load(save_id), PlayDetails(minutes=95), PLAYED_AT)
    app = next(play for play in plays_of(companion_home) if play.save_id == save_id)
    assert (app.minutes, app.ended) == (95, SET_UP + timedelta(minutes=95))
    csv = {row["id"]: row["length_minutes"] for row in play_rows([app], {})}
    assert csv == {save_id: 95}


def test_the_kept_active_time_wins_over_setup_to_last_action(companion_home: Path) -> None:
    """A save that kept its active time (pauses over 30 minutes left out) lasts that long;
    one that kept none (or none above zero) lasts from its setup to its last action."""
    save_id = evening(companion_home)
    facts = next(p for p in plays_of(companion_home) if p.save_id == save_id).facts
    kept = app_play(save_id, "six-sojourns", SET_UP, PLAYED_AT, facts, active=25 * 60)
    assert (kept.minutes, kept.ended) == (25, SET_UP + timedelta(minutes=25))
    for active in (None, 0):
        spanned = app_play(save_id, "six-sojourns", SET_UP, PLAYED_AT, facts, active=active)
        assert (spanned.minutes, spanned.ended) == (120, PLAYED_AT)
    typed = app_play(save_id, "six-sojourns", SET_UP, PLAYED_AT, facts, typed=5, active=1500)
    assert typed.minutes == 5

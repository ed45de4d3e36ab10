"""One end time and one duration per play, read the same by every user (issue 32, item 4):
the statistics, the plays list, the CSV and both BG Stats forms. The game here is set up at
19:00 and played at 21:00 after a break: the old rules made its duration 0 minutes in the BG
Stats file (the break is no active time) and 0 in the CSV, ended it at 21:00 in the statistics,
and at 19:00 once exported and imported, so a play typed in between changed places."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta
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


def test_the_statistics_end_an_app_play_at_its_last_action(
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
    """The saved-games list carries the typed duration, so the statistics count the play's
    start back from its last action by it, as the CSV and the BG Stats file do."""
    save_id = evening(companion_home)
    store = SaveStore(companion_home)
    add_details(store, store.load(save_id), PlayDetails(minutes=95), PLAYED_AT)
    app = next(play for play in plays_of(companion_home) if play.save_id == save_id)
    assert (app.minutes, app.ended) == (95, PLAYED_AT)
    assert app.started == PLAYED_AT - timedelta(minutes=95)
    csv = {row["id"]: row["length_minutes"] for row in play_rows([app], {})}
    assert csv == {save_id: 95}


def test_the_kept_active_time_wins_over_setup_to_last_action(companion_home: Path) -> None:
    """A save that kept its active time (pauses over 30 minutes left out) lasts that long;
    one that kept none (or none above zero) lasts from its setup to its last action."""
    save_id = evening(companion_home)
    facts = next(p for p in plays_of(companion_home) if p.save_id == save_id).facts
    kept = app_play(save_id, "six-sojourns", SET_UP, PLAYED_AT, facts, active=25 * 60)
    assert (kept.minutes, kept.started, kept.ended) == (
        25,
        PLAYED_AT - timedelta(minutes=25),
        PLAYED_AT,
    )
    for active in (None, 0):
        spanned = app_play(save_id, "six-sojourns", SET_UP, PLAYED_AT, facts, active=active)
        assert (spanned.minutes, spanned.ended) == (120, PLAYED_AT)
    typed = app_play(save_id, "six-sojourns", SET_UP, PLAYED_AT, facts, typed=5, active=1500)
    assert typed.minutes == 5


# Issue 42, item 3: a play is dated when it was played (its last action), never at its setup
# plus its duration. The machine's time zone is UTC in the tests, so "local" is UTC here.

LATE_SET_UP = datetime(2026, 12, 6, 23, 30, tzinfo=UTC)
LATE_LAST = datetime(2026, 12, 7, 0, 20, tzinfo=UTC)
EVENING_SET_UP = datetime(2026, 12, 6, 20, 0, tzinfo=UTC)
EVENING_LAST = datetime(2026, 12, 6, 21, 10, tzinfo=UTC)


def played(home: Path, set_up: datetime, last: datetime, title: str) -> str:
    """A finished Six Sojourns game set up at `set_up` whose every action is at `last`."""
    now = [set_up]
    store = SaveStore(home, clock=lambda: now[0])
    setup = SojournsSetup(players=samples.SIX_PLAYERS, map="A", expansions=samples.SIX_EXPANSIONS)
    saved = store.create(SIX_SOJOURNS, setup, title=title)
    now[0] = last
    for move in samples.play(SIX_SOJOURNS, setup, samples.six_moves, 200, 1).actions:
        saved.session.do(move)
    saved.session.do(CloseSojourn())
    record_played(store, saved)
    return saved.id


def across_midnight(home: Path) -> tuple[str, str]:
    """The evening of 6 December: a game set up at 23:30 and last played at 00:20, and one set
    up at 20:00, last played at 21:10, with 3 hours typed in its details."""
    late = played(home, LATE_SET_UP, LATE_LAST, "Past midnight")
    early = played(home, EVENING_SET_UP, EVENING_LAST, "Long evening")
    store = SaveStore(home)
    add_details(store, store.load(early), PlayDetails(minutes=180), EVENING_LAST)
    return late, early


def test_a_play_is_dated_by_its_last_action_across_midnight(companion_home: Path) -> None:
    late, early = across_midnight(companion_home)
    plays = {play.save_id: play for play in plays_of(companion_home)}
    assert (plays[late].started, plays[late].ended) == (LATE_SET_UP, LATE_LAST)
    assert plays[late].day() == date(2026, 12, 7)
    typed = plays[early]
    assert (typed.started, typed.ended, typed.minutes) == (
        datetime(2026, 12, 6, 18, 10, tzinfo=UTC),
        EVENING_LAST,
        180,
    )
    assert typed.day() == date(2026, 12, 6)  # setup plus 3 h would be 23:00; plus more: the 7th
    assert [p.save_id for p in in_order(plays.values())] == [early, late]


def test_every_figure_and_file_dates_the_evening_alike(companion_home: Path) -> None:
    """Statistics (last played, streak order), the CSV, the BG Stats file and the push link."""
    late, early = across_midnight(companion_home)
    plays = plays_of(companion_home)
    rows = {row["id"]: (row["date"], row["length_minutes"]) for row in play_rows(plays, {})}
    assert rows == {early: ("2026-12-06", 180), late: ("2026-12-07", 50)}
    game = stats_json(plays)["games"]["six-sojourns"]
    assert game["last_played"] == LATE_LAST.isoformat()
    file = json.loads(bgstats_text(companion_home, plays))
    dates = {
        play["durationMin"]: (play["playDate"], play["modificationDate"], play["entryDate"])
        for play in file["plays"]
    }
    assert dates == {
        180: ("2026-12-06 18:10:00", "2026-12-06 21:10:00", "2026-12-06 20:00:00"),
        50: ("2026-12-06 23:30:00", "2026-12-07 00:20:00", "2026-12-06 23:30:00"),
    }
    link = json.loads(unquote(bgstats_link(companion_home, early).partition("data=")[2]))
    assert (link["playDate"], link["durationMin"]) == ("2026-12-06 18:10:00", 180)


def test_a_bg_stats_round_trip_keeps_the_evenings_dates(
    companion_home: Path, tmp_path: Path
) -> None:
    across_midnight(companion_home)
    before = plays_of(companion_home)
    file = tmp_path / "evening.bgsplay"
    file.write_text(bgstats_text(companion_home, before), encoding="utf-8")
    empty = tmp_path / "empty"
    import_file(empty, file)
    after = plays_of(empty)
    assert [(p.started, p.ended, p.day()) for p in after] == [
        (p.started, p.ended, p.day()) for p in before
    ]

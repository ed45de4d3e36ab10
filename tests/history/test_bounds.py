"""Stored plays that cannot break a figure: every date bounded where it is read (typed in,
imported, or read back from a recorded file), and every wrong type refused in words."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from companion.core import RuleError
from companion.history.recorded import RecordedPlay, check
from companion.history.report import stats_json
from saves.games.store import SaveStore
from saves.history.plays import gather
from saves.history.recorded import RecordedStore
from saves.paths import recorded_dir
from saves.shared.settings import SettingsStore

WHEN = datetime(2026, 11, 29, 19, 30, tzinfo=UTC)
NEW_YORK = timezone(timedelta(hours=-5))
HEAD = 'format = 1\nkind = "recorded"\nid = "recorded-sojourn-1"\ngame = "sojourn"\n'


@pytest.mark.parametrize(
    ("played", "day"),
    [
        (datetime(9999, 12, 31, 23, 0, tzinfo=UTC), "9999-12-31"),
        (datetime(1, 1, 1, 0, 0, tzinfo=NEW_YORK), "0001-01-01"),
        (datetime(1899, 12, 30, 23, 0, tzinfo=UTC), "1899-12-30"),  # 1899 in every zone
    ],
)
def test_a_play_dated_where_no_figure_can_place_it_is_refused(played: datetime, day: str) -> None:
    with pytest.raises(RuleError) as refused:
        check(RecordedPlay("sojourn", played, ("Ana",), outcome="won"))
    assert str(refused.value) == f"A play is dated from 1900 to 9998, not {day}."


def test_the_first_day_in_a_zone_ahead_of_utc_is_still_in_bounds_read_back_in_utc() -> None:
    """1 January 1900 at 00:00 in Kiritimati (+14:00) is 31 December 1899 in UTC, as a file
    keeps it: the bounds are the same in every zone, so it is read back."""
    typed = datetime(1900, 1, 1, 0, 0, tzinfo=timezone(timedelta(hours=14)))
    checked = check(RecordedPlay("sojourn", typed.astimezone(UTC), ("Ana",), outcome="won"))
    assert checked.played == typed


def test_the_last_day_allowed_still_has_every_figure() -> None:
    played = datetime(9998, 12, 31, 23, 0, tzinfo=UTC)
    checked = check(RecordedPlay("sojourn", played, ("Ana",), outcome="won"))
    assert checked.played == played


def write(home: Path, body: str) -> None:
    folder = recorded_dir(home)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "recorded-sojourn-1.toml").write_text(HEAD + body, encoding="utf-8")


def test_a_stored_play_dated_too_late_is_reported_and_the_figures_stay(
    companion_home: Path,
) -> None:
    RecordedStore(companion_home, lambda: WHEN).add(
        RecordedPlay("sojourn", WHEN, ("Ben",), outcome="won")
    )
    write(
        companion_home,
        "played = 9999-12-31T23:00:00Z\nrecorded = 2026-11-29T19:30:00Z\n"
        'players = ["Ana"]\noutcome = "won"\n',
    )
    plays, unusable = gather(SaveStore(companion_home), SettingsStore(companion_home))
    assert [u.reason for u in unusable] == [
        "refused by the rules: A play is dated from 1900 to 9998, not 9999-12-31."
    ]
    assert list(stats_json(plays)["players"]) == ["Ben"]


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (
            'played = 5\nrecorded = 2026-11-29T19:30:00Z\nplayers = ["Ana"]\n',
            "'played' must be a date and time with its UTC offset, not a whole number",
        ),
        (
            'played = 2026-11-29T19:30:00\nrecorded = 2026-11-29T19:30:00Z\nplayers = ["Ana"]\n',
            "'played' must be a date and time with its UTC offset, "
            "not a date and time without its UTC offset",
        ),
        (
            'played = 2026-11-29\nrecorded = 2026-11-29T19:30:00Z\nplayers = ["Ana"]\n',
            "'played' must be a date and time with its UTC offset, not a date",
        ),
        (
            "played = 2026-11-29T19:30:00Z\nrecorded = 2026-11-29T19:30:00Z\n"
            'players = ["Ana"]\noutcome = ["won"]\n',
            "'outcome' must be text, not a list",
        ),
        (
            "played = 2026-11-29T19:30:00Z\nrecorded = 2026-11-29T19:30:00Z\n"
            'players = ["Ana"]\noutcome = "won"\nsource = {a = 1}\n',
            "'source' must be text, not a table",
        ),
        (
            "played = 2026-11-29T19:30:00Z\nrecorded = 2026-11-29T19:30:00Z\n"
            'players = ["Ana"]\noutcome = "won"\ndetails = [1]\n',
            "'details' must be a table, not a list",
        ),
        (  # written out as local time by every export: New York cannot place year 1
            "played = 2026-11-29T19:30:00Z\nrecorded = 0001-01-01T00:00:00Z\n"
            'players = ["Ana"]\noutcome = "won"\n',
            "'recorded' is dated 0001-01-01, not from 1900 to 9998",
        ),
        (
            "played = 2026-11-29T19:30:00Z\nrecorded = 2026-11-29T19:30:00Z\n"
            'players = ["Ana"]\noutcome = "won"\nco_op = "yes"\n',
            "'co_op' must be true or false, not text",
        ),
    ],
)
def test_a_wrong_type_is_refused_in_words(companion_home: Path, body: str, reason: str) -> None:
    write(companion_home, body)
    entries, unreadable = RecordedStore(companion_home, lambda: WHEN).listing()
    assert entries == []
    assert [u.reason for u in unreadable] == [reason]

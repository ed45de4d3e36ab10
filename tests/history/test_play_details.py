"""Play details: their checks, the active time (pauses over 30 minutes left out), and the
save's appended `play_details` records, which older versions and saves without them both load."""

from __future__ import annotations

import tomllib
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from companion.core import RuleError
from companion.history.details import (
    MAX_NOTES,
    PlayDetails,
    add_activity,
    checked,
    from_plain,
    has_start_player,
    parse_minutes,
    to_plain,
)
from companion.six_sojourns.actions import AdjustCoins
from companion.six_sojourns.game import SIX_SOJOURNS
from companion.six_sojourns.setup import SojournsSetup
from saves.games.journal import Draft
from saves.games.store import SaveStore
from saves.history.details import (
    DetailsProblem,
    add_details,
    details_of,
    gathered,
    offered_minutes,
    prefilled,
)
from tests.history.games import finished_six_sojourns

T0 = datetime(2026, 11, 29, 19, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("typed", "minutes"),
    [("95", 95), ("1:35", 95), ("1h35", 95), ("2h", 120), ("45m", 45), ("", None), (" 0:05 ", 5)],
)
def test_a_duration_is_typed_as_minutes_or_hours(typed: str, minutes: int | None) -> None:
    assert parse_minutes(typed) == minutes


@pytest.mark.parametrize("typed", ["ninety", "1:75", "-5", "1.5"])
def test_a_duration_that_is_not_one_is_refused(typed: str) -> None:
    with pytest.raises(RuleError):
        parse_minutes(typed)


def test_details_are_cleaned_and_bounded() -> None:
    ok = checked(PlayDetails(" Ana's\tkitchen ", notes="a\x07b\n\nc  "), "sojourn", ("Ana",))
    assert ok.location == "Ana's kitchen" and ok.notes == "a b\n\nc"
    with pytest.raises(RuleError, match="at most 1000"):
        checked(PlayDetails(notes="x" * (MAX_NOTES + 1)), "sojourn", ("Ana",))
    with pytest.raises(RuleError, match="at most 80"):
        checked(PlayDetails(location="x" * 81), "sojourn", ("Ana",))
    with pytest.raises(RuleError, match="Cy did not play"):
        checked(PlayDetails(start_player="Cy"), "cavendish", ("Ana", "Ben"))
    with pytest.raises(RuleError, match="not a Six Sojourns expansion"):
        checked(PlayDetails(expansions=("dragons",)), "six-sojourns", ("Ana", "Ben"))
    with pytest.raises(RuleError, match="0 to"):
        checked(PlayDetails(minutes=-1), "six-sojourns", ("Ana", "Ben"))


@pytest.mark.parametrize(
    ("game_id", "named"),
    [("sojourn", False), ("six-sojourns", True), ("cavendish", True), ("time-bastards", True)],
)
def test_the_games_whose_rules_name_a_first_player_are_those_they_were(
    game_id: str, named: bool
) -> None:
    """Six Sojourns ("randomly determine 1st player"), Cavendish (the first Time Captain) and
    Time Bastards ("in turn") name one; Sojourn is solo."""
    assert has_start_player(game_id) is named
    start = PlayDetails(start_player="Ana")
    if named:
        assert checked(start, game_id, ("Ana", "Ben")).start_player == "Ana"
    else:
        with pytest.raises(RuleError, match="no start player"):
            checked(start, game_id, ("Ana", "Ben"))


def test_a_game_not_installed_has_no_start_player() -> None:
    assert not has_start_player("no-such-game")


def test_pauses_over_thirty_minutes_are_not_play() -> None:
    assert add_activity(0, T0, T0 + timedelta(minutes=30)) == 1800
    assert add_activity(60, T0, T0 + timedelta(minutes=31)) == 60
    assert add_activity(60, T0, T0 - timedelta(minutes=1)) == 60  # a clock set back


def test_a_record_round_trips_and_a_wrong_one_is_named() -> None:
    details = PlayDetails("Home", "Ana", 95, ("places",), "close")
    assert from_plain(to_plain(details, T0)) == details
    assert to_plain(PlayDetails(), T0) == {"at": T0}
    with pytest.raises(RuleError, match="'minutes' has the wrong type"):
        from_plain({"at": T0, "minutes": "95"})
    with pytest.raises(RuleError, match="unknown key 'where'"):
        from_plain({"at": T0, "where": "Home"})


def test_details_are_appended_the_actions_and_the_date_untouched(tmp_path: Path) -> None:
    store, saved = finished_six_sojourns(tmp_path)
    path = store.path_for(saved.id)
    before = path.read_text(encoding="utf-8")
    updated = saved.updated
    add_details(store, saved, PlayDetails("Home", "Ben", 50), T0)
    add_details(store, saved, PlayDetails("Café", notes="second"), T0 + timedelta(days=1))
    after = path.read_text(encoding="utf-8")
    assert after.startswith(before)  # appended: nothing before them rewritten
    added = after[len(before) :].splitlines()
    assert len(added) == 2 and all("details = {" in line for line in added)
    reloaded = SaveStore(tmp_path).load(saved.id)
    assert reloaded.updated == updated  # the play's date is its last action's
    assert details_of(reloaded.extra) == PlayDetails("Café", notes="second")
    assert len(reloaded.extra["play_details"]) == 2
    assert prefilled(reloaded) == PlayDetails("Café", notes="second")


def test_a_save_without_details_loads_and_one_with_damaged_details_is_never_added_to(
    tmp_path: Path,
) -> None:
    store, saved = finished_six_sojourns(tmp_path)
    assert details_of(SaveStore(tmp_path).load(saved.id).extra) is None
    path = store.path_for(saved.id)
    path.write_text('play_details = "home"\n' + path.read_text(encoding="utf-8"), "utf-8")
    damaged = SaveStore(tmp_path).load(saved.id)  # the game still loads and plays
    with pytest.raises(DetailsProblem):
        details_of(damaged.extra)
    text = path.read_text(encoding="utf-8")
    with pytest.raises(DetailsProblem):
        add_details(store, damaged, PlayDetails("Home"), T0)
    assert path.read_text(encoding="utf-8") == text


def test_the_active_time_leaves_breaks_out_and_prefills_the_duration(tmp_path: Path) -> None:
    clock = [T0]
    store = SaveStore(tmp_path, clock=lambda: clock[0])
    setup = SojournsSetup(players=("Ana", "Ben"), map="A", expansions=("places",))
    saved = store.create(SIX_SOJOURNS, setup)
    for minutes in (10, 20, 90, 95):  # 10 + 10, a break of 70 minutes, then 5
        clock[0] = T0 + timedelta(minutes=minutes)
        store.transact(saved, lambda _theirs: [Draft("do", AdjustCoins("Ana", 1))])
    assert saved.extra["activity"] == {"seconds": 25 * 60, "last": clock[0]}
    reloaded = SaveStore(tmp_path).load(saved.id)
    assert reloaded.extra["activity"] == saved.extra["activity"]
    assert prefilled(reloaded).minutes is None  # offered, not typed in for the player
    assert offered_minutes(reloaded) == 25
    assert prefilled(reloaded).expansions == ("places",)
    raw = tomllib.loads(store.path_for(saved.id).read_text("utf-8"))
    assert gathered(raw)["activity"] == saved.extra["activity"]  # read without replaying it

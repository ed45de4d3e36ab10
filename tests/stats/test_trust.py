"""Figures that mean what they say, through the real store: text as data in every output, the
listing cache's records and stamps, one identity per player, local dates and errors that say why."""

from __future__ import annotations

import json
import os
import time
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from companion import registry
from companion.cli import main
from companion.core import RuleError
from companion.dates import offset_minutes
from saves.games.exports import export_csv, export_markdown
from saves.games.store import SaveStore
from saves.history.plays import gather, rename_player, set_time_zone, setup_refusal
from saves.paths import listing_cache_path
from saves.shared.settings import SettingsStore
from tests.support.saving import record_played
from tests.support.toy import TALLY, Add, TallySetup

EVENING = datetime(2026, 11, 6, 4, 30, tzinfo=UTC)
"""8:30 pm on 5 November in Los Angeles (UTC-8)."""


@pytest.fixture
def tally(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAMES, "tally", TALLY)


def finished_tally(home: Path, players: tuple[str, ...], when: datetime = EVENING) -> str:
    """A tally played to its end (the first player reaches the limit); its save id."""
    store = SaveStore(home, lambda: when)
    saved = store.create(TALLY, TallySetup(players=players, limit=3), "Tally")
    saved.session.do(Add(0, 3))
    record_played(store, saved)
    return saved.id


HOSTILE = "=HYPERLINK(1)|\x1b]52;c;aGk=\x07"
"""A formula start, a Markdown cell break and a clipboard-setting escape sequence."""


@pytest.mark.usefixtures("tally")
class TestTextIsData:
    def test_stats_text_shows_control_characters(
        self, companion_home: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        finished_tally(companion_home, (HOSTILE, "Ben"))
        main(["stats"])
        out = capsys.readouterr().out
        assert "\x1b" not in out and "\x07" not in out and "␛]52;c;aGk=␇" in out

    def test_stats_for_one_player_shows_control_characters(
        self, companion_home: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        finished_tally(companion_home, (HOSTILE, "Ben"))
        assert main(["stats", "--player", HOSTILE]) == 0
        assert "\x1b" not in capsys.readouterr().out

    def test_plays_csv_writes_text_cells_that_are_no_formula(
        self, companion_home: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        finished_tally(companion_home, (HOSTILE, "-Ben"))
        main(["plays"])
        rows = capsys.readouterr().out.splitlines()[1:]
        assert [row.split(",")[2][:2] for row in rows] == ["'=", "'-"]
        assert ",tally,'-Ben,0,0,,0,tally-" in rows[1]  # numbers stay numbers
        assert "\x1b" not in "".join(rows)

    def test_exports_escape_csv_and_markdown_cells(self, companion_home: Path) -> None:
        save_id = finished_tally(companion_home, (HOSTILE, "Ben"))
        saved = SaveStore(companion_home).load(save_id)
        score_rows = [row for row in export_csv(saved).splitlines() if row.startswith("score,")]
        assert score_rows[0].startswith("score,,'=HYPERLINK(1)")
        lines = export_markdown(saved).splitlines()
        table = [line for line in lines if line.startswith("|") and "HYPERLINK" in line]
        assert table == [
            "| =HYPERLINK(1)\\|␛\\]52;c;aGk=␇ | +3 | tally |",
            "| =HYPERLINK(1)\\|␛\\]52;c;aGk=␇ | 3 |",
        ]

    def test_rolls_show_a_label_with_the_same_stand_ins_as_everywhere(self) -> None:
        from companion.dice import parse, roll
        from saves.shared.rolls import LoggedRoll, entry_line

        entry = LoggedRoll(roll(parse("d6"), __import__("random").Random(1)), EVENING, "\x1b[2J")
        assert entry_line(entry).endswith("␛[2J")


@pytest.mark.usefixtures("tally")
class TestListingCache:
    def test_a_record_naming_another_save_is_not_used(self, companion_home: Path) -> None:
        first = finished_tally(companion_home, ("Ana", "Ben"))
        SaveStore(companion_home).listing()
        path = listing_cache_path(companion_home)
        cache = json.loads(path.read_text())
        record = cache["saves"][f"{first}.toml"]
        cache["saves"][f"{first}.toml"] = {**record, "id": "tally-elsewhere", "title": "Wrong"}
        path.write_text(json.dumps(cache))
        [entry], _ = SaveStore(companion_home).listing()
        assert (entry.id, entry.title) == (first, "Tally")

    def test_the_cache_survives_a_reinstall_that_changes_file_times(
        self, companion_home: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        finished_tally(companion_home, ("Ana", "Ben"))
        SaveStore(companion_home).listing()
        for module in Path(registry.__file__).parent.rglob("*.py"):
            os.utime(module, None)
        replays: list[Path] = []
        store = SaveStore(companion_home)
        replay = store._replayed_entry
        monkeypatch.setattr(store, "_replayed_entry", lambda *a: replays.append(a[0]) or replay(*a))
        assert len(store.listing()[0]) == 1 and replays == []

    def test_changed_rules_of_one_game_drop_only_its_records(
        self, companion_home: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        from fifth_game import RACE

        monkeypatch.setitem(registry.GAMES, RACE.id, RACE)
        tally = finished_tally(companion_home, ("Ana", "Ben"))
        SaveStore(companion_home, lambda: EVENING).create(RACE, TallySetup(), "A race")
        SaveStore(companion_home).listing()
        monkeypatch.setitem(registry.GAMES, "tally", replace(TALLY, rules_revision=2))
        store = SaveStore(companion_home)
        replays: list[Path] = []
        replay = store._replayed_entry
        monkeypatch.setattr(store, "_replayed_entry", lambda *a: replays.append(a[0]) or replay(*a))
        assert len(store.listing()[0]) == 2
        assert [path.stem for path in replays] == [tally]  # the race's record still used


@pytest.mark.usefixtures("tally")
class TestIdentity:
    def test_a_setup_refuses_one_name_in_two_unicode_forms(self, companion_home: Path) -> None:
        settings = SettingsStore(companion_home)
        refusal = setup_refusal(TALLY, TallySetup(players=("Zo\u00eb", "Zoe\u0308")), settings)
        assert refusal == (
            "Zo\u00eb and Zoe\u0308 are one player (the same name): give them different names."
        )
        assert setup_refusal(TALLY, TallySetup(players=("Zoë", "Ben")), settings) is None

    def test_a_setup_refuses_a_name_and_its_alias(self, companion_home: Path) -> None:
        settings = SettingsStore(companion_home)
        assert rename_player(settings, "Benny", "Ben")
        refusal = setup_refusal(TALLY, TallySetup(players=("Benny", "Ben")), settings)
        assert (
            refusal
            == "Benny and Ben are one player (both counted as Ben): give them different names."
        )

    def test_a_rename_joining_two_players_of_one_game_is_refused(
        self, companion_home: Path
    ) -> None:
        save_id = finished_tally(companion_home, ("Ana", "Ben"))
        settings = SettingsStore(companion_home)
        plays, _ = gather(SaveStore(companion_home), settings)
        with pytest.raises(RuleError, match=f"Ana and Ben both played the game saved as {save_id}"):
            rename_player(settings, "Ana", "Ben", plays)
        assert settings.preference("player_aliases", {}) == {}

    def test_the_nfd_spelling_of_a_name_counts_as_its_nfc_player(
        self, companion_home: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        finished_tally(companion_home, ("Zo\u00eb", "Ben"))
        finished_tally(companion_home, ("Zoe\u0308", "Ben"), EVENING + timedelta(days=1))
        main(["stats", "--json"])
        players = json.loads(capsys.readouterr().out)["players"]
        assert (players["Zo\u00eb"]["plays"], players["Zo\u00eb"]["wins"]) == (2, 2)
        assert "Zoe\u0308" not in players
        text = (companion_home / "games").glob("*.toml")
        assert any("Zoe\u0308" in path.read_text("utf-8") for path in text)  # never rewritten

    def test_two_cases_of_a_name_are_one_player_found_by_either(
        self, companion_home: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        finished_tally(companion_home, ("cy", "Ben"))
        finished_tally(companion_home, ("Cy\u200b", "Ben"), EVENING + timedelta(days=1))
        assert main(["stats", "--json", "--player", "CY"]) == 0
        players = json.loads(capsys.readouterr().out)["players"]
        assert list(players) == ["Cy"]  # the newest play's spelling, its invisible space dropped
        assert (players["Cy"]["plays"], players["Cy"]["wins"]) == (2, 2)


@pytest.mark.usefixtures("tally")
class TestLocalDates:
    def test_an_evening_game_is_dated_where_it_was_played(
        self,
        companion_home: Path,
        monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str],
    ) -> None:
        with pytest.MonkeyPatch.context() as local:
            local.setenv("TZ", "America/Los_Angeles")
            time.tzset()
            finished_tally(companion_home, ("Ana", "Ben"))
        time.tzset()  # the machine's own zone again
        main(["plays", "--format", "json"])
        assert {row["date"] for row in json.loads(capsys.readouterr().out)} == {"2026-11-05"}
        main(["stats", "--json"])
        played = json.loads(capsys.readouterr().out)["games"]["tally"]["last_played"]
        assert played == "2026-11-05T20:30:00-08:00"

    def test_the_time_zone_setting_overrides_the_saved_offset(
        self, companion_home: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        finished_tally(companion_home, ("Ana", "Ben"))
        assert set_time_zone(SettingsStore(companion_home), "America/Los_Angeles")
        main(["plays", "--format", "json"])
        assert json.loads(capsys.readouterr().out)[0]["date"] == "2026-11-05"
        with pytest.raises(ValueError, match="'Mars/Olympus' is not a time zone"):
            set_time_zone(SettingsStore(companion_home), "Mars/Olympus")

    def test_an_old_save_without_an_offset_reads_in_local_time(self, companion_home: Path) -> None:
        save_id = finished_tally(companion_home, ("Ana", "Ben"))
        path = companion_home / "games" / f"{save_id}.toml"
        text = path.read_text("utf-8")
        kept = f"utc_offset = {offset_minutes(EVENING)}\n"
        assert kept in text
        path.write_text(text.replace(kept, ""), "utf-8")
        [entry], _ = SaveStore(companion_home).listing()
        assert entry.utc_offset is None and entry.facts is not None


@pytest.mark.usefixtures("tally")
class TestErrorsSayWhy:
    def test_an_unknown_player(
        self, companion_home: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        finished_tally(companion_home, ("Ana", "Ben"))
        assert main(["stats", "--player", "Zed"]) == 2
        assert capsys.readouterr().err == (
            "companion: no player called 'Zed' in 1 saved games (`companion stats` lists the "
            "players)\n"
        )

    def test_a_renamed_name_finds_its_player(
        self, companion_home: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        finished_tally(companion_home, ("Ana", "Ben"))
        assert rename_player(SettingsStore(companion_home), "Ben", "Benjamin")
        assert main(["stats", "--player", "Ben", "--json"]) == 0
        assert list(json.loads(capsys.readouterr().out)["players"]) == ["Benjamin"]

    def test_a_die_never_rolled(
        self, companion_home: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        for _ in range(3):
            main(["roll", "d6"])
        capsys.readouterr()
        assert main(["rolls", "--die", "d7"]) == 2
        assert capsys.readouterr().err == "companion: no d7 rolls among the 3 rolls kept (d6)\n"


class TestHistoryIsBounded:
    def test_the_chart_draws_the_latest_scores_and_says_so(self) -> None:
        from widgets.stats.charts import HISTORY_POINTS, history_chart

        chart = history_chart("Six Sojourns", list(range(100))).plain
        assert f"low 0, high 99, last 99 (latest {HISTORY_POINTS} of 100)" in chart
        assert len(chart) < 120

    def test_the_table_lists_the_latest_with_their_year(self) -> None:
        from companion.core import Facts
        from companion.history.plays import Play
        from widgets.stats.charts import HISTORY_ROWS, history_rows

        facts = Facts("finished", ("Ana",), {"Ana": 1}, ("Ana",))
        plays = [
            (Play(f"p{n}", "tally", EVENING, EVENING + timedelta(days=n), facts, -480), n)
            for n in range(30)
        ]
        rows, left_out = history_rows(plays, {"tally": "Tally"}, None)
        assert (len(rows), left_out) == (HISTORY_ROWS, 30 - HISTORY_ROWS)
        assert rows[0] == ("4 Dec 2026", "Tally", "29")  # the newest first, dated in LA

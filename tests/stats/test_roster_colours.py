"""Players' colours kept in settings: read back after a restart, damaged values ignored without
touching the file, kept through a rename that merges two players, in `companion stats --json`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.history.report import with_colours
from saves.history.plays import aliases
from saves.paths import settings_path
from saves.shared.roster import (
    COLOURS,
    Colours,
    player_colours,
    rename_keeping_colour,
    set_colour,
)
from saves.shared.settings import SettingsStore
from widgets.stats.charts import game_notes
from widgets.stats.colours import SHADES, in_column, named, swatch


def write_settings(home: Path, text: str) -> Path:
    path = settings_path(home)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


class TestKeptInSettings:
    def test_a_colour_survives_a_restart(self, companion_home: Path) -> None:
        assert set_colour(SettingsStore(companion_home), "Ana", "teal")
        assert set_colour(SettingsStore(companion_home), "Ben", "red")
        assert player_colours(SettingsStore(companion_home)) == Colours(
            {"Ana": "teal", "Ben": "red"}
        )

    def test_no_colour_takes_it_away(self, companion_home: Path) -> None:
        settings = SettingsStore(companion_home)
        assert set_colour(settings, "Ana", "teal")
        assert set_colour(settings, "Ana", None)
        assert player_colours(SettingsStore(companion_home)).chosen == {}

    def test_only_the_palette_can_be_chosen(self, companion_home: Path) -> None:
        with pytest.raises(ValueError, match="magenta"):
            set_colour(SettingsStore(companion_home), "Ana", "magenta")

    def test_names_are_kept_as_typed(self, companion_home: Path) -> None:
        hostile = '[bold]Ana[/] = "x"\n'
        assert set_colour(SettingsStore(companion_home), hostile, "blue")
        assert player_colours(SettingsStore(companion_home)).chosen == {hostile: "blue"}


class TestDamagedValues:
    TEXT = (
        "format = 1\n[preferences.player_colours]\n"
        'Ana = "red"\nBen = "magenta"\nCy = 3\nDee = " Blue "\n'
    )

    def test_unknown_colours_are_ignored_and_named(self, companion_home: Path) -> None:
        path = write_settings(companion_home, self.TEXT)
        before = path.read_bytes()
        found = player_colours(SettingsStore(companion_home))
        assert found.chosen == {"Ana": "red", "Dee": "blue"}  # any case, spaces around
        assert found.ignored == ("Ben = 'magenta'", "Cy = 3")
        assert path.read_bytes() == before  # reading never writes

    def test_a_value_that_is_not_a_table_is_ignored(self, companion_home: Path) -> None:
        path = write_settings(companion_home, 'format = 1\n[preferences]\nplayer_colours = "red"\n')
        before = path.read_bytes()
        found = player_colours(SettingsStore(companion_home))
        assert found == Colours(ignored=("player_colours is not a table",))
        assert path.read_bytes() == before

    def test_choosing_another_colour_keeps_the_unknown_one_in_the_file(
        self, companion_home: Path
    ) -> None:
        write_settings(companion_home, self.TEXT)
        assert set_colour(SettingsStore(companion_home), "Cy", "green")
        found = player_colours(SettingsStore(companion_home))
        assert found.chosen == {"Ana": "red", "Cy": "green", "Dee": "blue"}
        assert found.ignored == ("Ben = 'magenta'",)

    def test_a_damaged_file_is_not_written_over(self, companion_home: Path) -> None:
        path = write_settings(companion_home, "format = 1\n[preferences\n")
        settings = SettingsStore(companion_home)
        assert player_colours(settings) == Colours()
        assert not set_colour(settings, "Ana", "red")
        assert path.read_text("utf-8") == "format = 1\n[preferences\n"


class TestRename:
    @pytest.mark.parametrize(
        ("before", "after"),
        [
            ({"Ana": "red", "Ben": "blue"}, {"Ben": "blue"}),  # the target keeps theirs
            ({"Ana": "red"}, {"Ben": "red"}),  # or takes the source's
            ({"Ben": "blue"}, {"Ben": "blue"}),
            ({"Cy": "pink"}, {"Cy": "pink"}),  # nobody else's changes
        ],
    )
    def test_a_merge_keeps_one_colour(
        self, companion_home: Path, before: dict[str, str], after: dict[str, str]
    ) -> None:
        settings = SettingsStore(companion_home)
        for name, colour in before.items():
            assert set_colour(settings, name, colour)
        assert rename_keeping_colour(settings, "Ana", "Ben")
        assert aliases(settings) == {"Ana": "Ben"}
        assert player_colours(SettingsStore(companion_home)).chosen == after

    def test_a_rename_and_back_keeps_the_colour(self, companion_home: Path) -> None:
        settings = SettingsStore(companion_home)
        assert set_colour(settings, "Ana", "purple")
        assert rename_keeping_colour(settings, "Ana", "Anna")
        assert player_colours(settings).chosen == {"Anna": "purple"}
        assert rename_keeping_colour(settings, "Anna", "Ana")
        assert player_colours(SettingsStore(companion_home)).chosen == {"Ana": "purple"}

    def test_a_rename_into_a_chain_follows_it(self, companion_home: Path) -> None:
        settings = SettingsStore(companion_home)
        assert rename_keeping_colour(settings, "Bo", "Ben")
        assert set_colour(settings, "Ana", "brown")
        assert rename_keeping_colour(settings, "Ana", "Bo")  # Bo is counted as Ben
        assert player_colours(settings).chosen == {"Ben": "brown"}


class TestStatsJson:
    def test_with_colours_adds_the_colour_to_coloured_players_only(self) -> None:
        data = {"games": {}, "players": {"Ana": {"plays": 1}, "Ben": {"plays": 2}}}
        assert with_colours(data, {"Ana": "red", "Zoe": "blue"})["players"] == {
            "Ana": {"plays": 1, "colour": "red"},
            "Ben": {"plays": 2},
        }
        assert "colour" not in data["players"]["Ana"]  # the figures given are not changed

    def test_a_colour_follows_the_player_under_any_spelling(self) -> None:
        """Issue 42: after a play typed "cy", Cy is shown "cy" and kept the colour set for
        "Cy" (the one identity rule, `names.name_key`)."""
        data = {"games": {}, "players": {"cy": {"plays": 1}, "Zoe\u200b": {"plays": 2}}}
        assert with_colours(data, {"Cy": "teal", "Zoe": "blue"})["players"] == {
            "cy": {"plays": 1, "colour": "teal"},
            "Zoe\u200b": {"plays": 2, "colour": "blue"},
        }

    def test_companion_stats_json_carries_the_colours(
        self, games: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        write_settings(
            games, 'format = 1\n[preferences.player_colours]\nAna = "teal"\nBen = "violet"\n'
        )
        assert main(["stats", "--json"]) == 0
        players = json.loads(capsys.readouterr().out)["players"]
        assert players["Ana"]["colour"] == "teal"
        assert "colour" not in players["Ben"]  # an unknown colour is left out
        assert main(["stats", "--json", "--player", "Ana"]) == 0
        assert json.loads(capsys.readouterr().out)["players"]["Ana"]["colour"] == "teal"


class TestShown:
    def test_every_colour_has_a_shade(self) -> None:
        assert SHADES.keys() == set(COLOURS)

    def test_the_name_is_always_there_in_words(self) -> None:
        assert named("Ana", "red").plain == "● Ana"
        assert named("Ana", None).plain == "Ana"
        assert [span.style for span in swatch("red").spans] == [SHADES["red"]]

    def test_a_column_keeps_names_in_line(self) -> None:
        colours = {"Ana": "red"}
        assert in_column("Ana", colours).plain == "● Ana"
        assert in_column("Ben", colours).plain == "  Ben"
        assert in_column("Ben", {}).plain == "Ben"
        assert in_column("Bartholomew", colours, 8).plain == "  Barth…"
        assert in_column("[b]x\x1b", colours, 8).plain == "  [b]x␛ "

    def test_campaign_standings_show_the_colour(self) -> None:
        six = {
            "average_points": {},
            "winner_led": {},
            "campaigns": {"Ana": {"played": 1, "won": 1, "points": 90, "best": 90}},
        }
        notes = game_notes({"six-sojourns": six}, {}, {"Ana": "red"})
        assert "    ● Ana            1 played, 1 won, 90 VP in all, best 90" in notes.plain
        assert any(span.style == SHADES["red"] for span in notes.spans)


def test_the_documented_settings_give_the_colours(companion_home: Path) -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "stats.md").read_text("utf-8")
    block = page.split("<!-- example: settings -->\n```toml\n", 1)[1].split("\n```", 1)[0]
    write_settings(companion_home, block)
    assert player_colours(SettingsStore(companion_home)) == Colours(
        {"Ana": "teal", "Ben": "orange"}
    )

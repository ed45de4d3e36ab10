"""One identity rule for names (companion.history.names): letter case, Unicode form and
invisible characters aside, a name is one player in the statistics, the renames, recorded plays
and the app's setups alike."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from companion.core import Facts, RuleError
from companion.history.names import name_key, tidy
from companion.history.plays import Play
from companion.history.recorded import RecordedPlay, check
from companion.history.stats import Filter, player_figures, renamed, roster, select
from saves.history.plays import aliases, rename_player, setup_refusal
from saves.shared.settings import SettingsStore
from tests.support.toy import TALLY, TallySetup

EVENING = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)
NFC_ZOE, NFD_ZOE = "Zo\u00eb", "Zoe\u0308"


def duel(day: int, players: tuple[str, str], winner: str) -> Play:
    """A finished two-player Six Sojourns game on day `day`."""
    when = EVENING + timedelta(days=day)
    facts = Facts("finished", players, dict.fromkeys(players, 10), (winner,))
    return Play(f"six-sojourns-{day}", "six-sojourns", when - timedelta(hours=1), when, facts)


@pytest.mark.parametrize(
    "spelling",
    [
        "cy",
        "CY",
        " Cy ",
        "C\u200by",  # zero-width space
        "C\u00ady",  # soft hyphen
        "C\u2060y",  # word joiner
        "\ufeffCy",  # byte-order mark
        "C\u200dy",  # zero-width joiner
        "C\u034fy",  # combining grapheme joiner
    ],
)
def test_names_differing_only_by_case_or_invisible_characters_are_one(spelling: str) -> None:
    assert name_key(spelling) == name_key("Cy")


def test_unicode_forms_are_one_name_and_different_names_stay_two() -> None:
    assert name_key(NFD_ZOE) == name_key(NFC_ZOE + "\u200b") == name_key("ZOË")
    assert name_key("Zoe") != name_key(NFC_ZOE)
    assert name_key("Cy") != name_key("C y")


def test_a_spelling_keeps_its_case_and_an_emoji_its_joiner() -> None:
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert tidy(" Cy\u200b ") == "Cy"
    assert tidy(f"Ana {family}") == f"Ana {family}"


def test_two_spellings_of_one_player_count_as_one_in_the_statistics() -> None:
    plays = renamed([duel(1, ("cy", "Ana"), "cy"), duel(2, ("Cy", "Ana"), "Cy")], {})
    figures = player_figures(plays)
    assert sorted(figures) == ["Ana", "Cy"]  # the newest play's spelling
    assert (figures["Cy"].plays, figures["Cy"].wins, figures["Cy"].streak) == (2, 2, 2)
    assert roster(plays, ["CY", "Ben"]) == ["Ana", "Ben", "Cy"]


def test_a_player_filter_finds_every_spelling() -> None:
    plays = renamed([duel(1, ("cy", "Ana"), "cy"), duel(2, (NFD_ZOE, "Ana"), "Ana")], {})
    assert len(select(plays, Filter(player="CY"))) == 1
    assert len(select(plays, Filter(player=NFC_ZOE + "\u200b"))) == 1


def test_a_rename_finds_the_old_name_in_any_spelling() -> None:
    [play] = renamed([duel(1, ("benny", "Ana"), "benny")], {"Benny": "Ben"})
    assert play.facts.players == ("Ben", "Ana")
    assert play.player("benny") == "Ben"


def test_a_rename_of_the_case_alone_chooses_how_the_player_is_shown(
    companion_home: Path,
) -> None:
    settings = SettingsStore(companion_home)
    assert rename_player(settings, "cy", "Cy")
    assert aliases(settings) == {"cy": "Cy"}
    [play] = renamed([duel(1, ("cy", "Ana"), "cy")], aliases(settings))
    assert play.facts.players == ("Cy", "Ana")


@pytest.mark.parametrize(
    ("first", "second"),
    [(NFC_ZOE, NFD_ZOE + "\u200b"), ("Cy", "cy"), ("Ana", "An\u00ada")],
)
def test_a_setup_refuses_two_spellings_of_one_name(
    companion_home: Path, first: str, second: str
) -> None:
    refusal = setup_refusal(
        TALLY, TallySetup(players=(first, second)), SettingsStore(companion_home)
    )
    assert (
        refusal
        == f"{first} and {second} are one player (the same name): give them different names."
    )


@pytest.mark.parametrize("second", ["cy", "C\u200by", "C\u00ady"])
def test_a_recorded_play_refuses_two_spellings_of_one_name(second: str) -> None:
    with pytest.raises(RuleError, match="is named twice"):
        check(RecordedPlay("six-sojourns", EVENING, ("Cy", second), {"Cy": 3, second: 4}))


def test_a_recorded_name_loses_its_invisible_characters() -> None:
    recorded = check(RecordedPlay("six-sojourns", EVENING, ("Zo\u200b\u00eb", "Ana"), {}))
    assert recorded.players == (NFC_ZOE, "Ana")

"""The kernel, the history of plays and the saves say their words in the reader's language where
they are shown (`lang.tr`), and English exactly as before; a save, a cache or a checkpoint holds
no translation, whatever language the app speaks while it writes them."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion import dice
from companion.core import RuleError
from companion.guard import fault_line, raised
from companion.history.recap import when_words
from companion.history.recorded import RecordedPlay, check
from companion.phrases import joined, phrase
from companion.six_sojourns.actions import AdjustCoins
from companion.six_sojourns.game import SIX_SOJOURNS
from companion.six_sojourns.setup import SojournsSetup
from lang import tr
from saves.files import SaveError, parse_toml
from saves.games.journal import Draft
from saves.games.store import SaveStore
from saves.listing.cache import SaveEntry, entry_from_record, entry_record
from saves.paths import listing_cache_path
from saves.said import kept_text, text_back
from tests.conftest import fixed_clock

WHEN = datetime(2026, 11, 29, 19, 30, tzinfo=UTC)


def refusal(play: RecordedPlay) -> RuleError:
    with pytest.raises(RuleError) as refused:
        check(play)
    return refused.value


def test_a_recorded_play_s_refusal_is_said_in_french_and_german(
    speak: Callable[[str], str],
) -> None:
    named_twice = refusal(RecordedPlay("six-sojourns", WHEN, ("Ana", "Ana"), {"Ana": 3}))
    too_many = refusal(RecordedPlay("time-bastards", WHEN, ("Ana", "Ben", "Cy")))
    assert str(named_twice) == "Ana is named twice."
    assert tr(too_many) == "Time Bastards is played by 2, not 3."
    speak("fr")
    assert tr(named_twice) == "Ana est nommé deux fois."
    assert tr(too_many) == "Time Bastards se joue à 2, pas à 3."
    speak("de")
    assert tr(named_twice) == "Ana ist doppelt genannt."
    assert tr(too_many) == "Time Bastards wird zu 2 gespielt, nicht zu 3."


def test_a_save_s_problem_is_said_in_french_and_german_its_path_as_it_is(
    speak: Callable[[str], str],
) -> None:
    with pytest.raises(SaveError) as damaged:
        parse_toml(Path("/games/ana.toml"), b'title = "x"\n\xff')
    assert tr(damaged.value) == "/games/ana.toml, line 2: not UTF-8 text"
    speak("fr")
    assert tr(damaged.value) == "/games/ana.toml, ligne 2\u00a0: pas du texte UTF-8"
    speak("de")
    assert tr(damaged.value) == "/games/ana.toml, Zeile 2: kein UTF-8-Text"


def test_the_guard_s_line_is_said_in_french_and_german_the_plug_in_s_words_kept(
    speak: Callable[[str], str],
) -> None:
    line = fault_line("Pig", "pig-game 0.1", "apply", raised(ZeroDivisionError("division by zero")))
    assert tr(line) == "Pig (pig-game 0.1): apply raised ZeroDivisionError: division by zero"
    speak("fr")
    assert tr(line) == (
        "Pig (pig-game 0.1)\u00a0: apply a échoué\u00a0: ZeroDivisionError: division by zero"
    )
    speak("de")
    assert (
        tr(line) == "Pig (pig-game 0.1): apply scheiterte mit ZeroDivisionError: division by zero"
    )


def test_a_long_fault_line_is_cut_in_the_plug_in_s_words_and_still_translated(
    speak: Callable[[str], str],
) -> None:
    """One line of at most 300 characters: the code's message is cut at its end with "…"."""
    error = ValueError("a" * 50 + "\n  " + "b" * 400)
    line = fault_line("Pig", "pig-game 0.1", "apply", raised(error))
    assert len(line) == 300 and line.endswith("b…") and "\n" not in line
    assert line.startswith("Pig (pig-game 0.1): apply raised ValueError: " + "a" * 50 + " bbb")
    speak("de")
    assert tr(line).startswith("Pig (pig-game 0.1): apply scheiterte mit ValueError: aaa")


def test_a_dice_refusal_is_said_in_french_and_german(speak: Callable[[str], str]) -> None:
    with pytest.raises(dice.DiceError) as refused:
        dice.parse("2d6000")
    assert tr(refused.value) == "'2d6000': a die needs 2 to 1000 sides, not 6000."
    speak("fr")
    assert tr(refused.value) == "«\u00a02d6000\u00a0»\u00a0: un dé a de 2 à 1000 faces, pas 6000."
    speak("de")
    assert tr(refused.value) == "„2d6000“: Ein Würfel hat 2 bis 1000 Seiten, nicht 6000."


def test_a_date_is_said_in_the_reader_s_words_and_english_as_before(
    speak: Callable[[str], str],
) -> None:
    now = datetime(2026, 12, 7, 20, 0, tzinfo=UTC)
    days_ago = when_words(datetime(2026, 12, 2, 18, 30, tzinfo=UTC), now)
    last_year = when_words(datetime(2025, 12, 2, 18, 30, tzinfo=UTC), now)
    assert tr(days_ago) == str(days_ago) == "Wednesday 2 December, 18:30, 5 days ago"
    assert tr(last_year) == "Tuesday 2 December 2025, 18:30"
    speak("fr")
    assert tr(days_ago) == "mercredi 2 décembre, 18:30, il y a 5 jours"
    assert tr(last_year) == "mardi 2 décembre 2025, 18:30"
    speak("de")
    assert tr(days_ago) == "Mittwoch, 2. Dezember, 18:30, vor 5 Tagen"
    assert tr(last_year) == "Dienstag, 2. Dezember 2025, 18:30"


def test_numbers_in_a_phrase_are_the_reader_s_and_a_format_spec_is_kept(
    speak: Callable[[str], str],
) -> None:
    said = phrase(
        "{face} comes up {share:.0%} of the time; a fair die gives {fair:.0%}",
        face="6",
        share=0.4,
        fair=1 / 6,
    )
    assert tr(said) == str(said) == "6 comes up 40% of the time; a fair die gives 17%"
    speak("fr")
    assert tr(said) == "6 sort 40\u00a0% du temps\u00a0; un dé équilibré donne 17\u00a0%"
    speak("de")
    assert tr(said) == "6 fällt in 40\u00a0% der Würfe; ein fairer Würfel ergibt 17\u00a0%"


def saved_bytes(home: Path) -> tuple[bytes, bytes]:
    """A game set up and played, and listed: its save's bytes and the listing cache's."""
    store = SaveStore(home, fixed_clock, workers=False)
    saved = store.create(SIX_SOJOURNS, SojournsSetup(("Ana", "Ben")), "Soirée")
    for delta in (3, -1):
        store.transact(saved, lambda _theirs, d=delta: [Draft("do", AdjustCoins("Ana", d))])
    store.listing()
    return store.path_for(saved.id).read_bytes(), listing_cache_path(home).read_bytes()


@pytest.mark.parametrize("code", ["fr", "de"])
def test_a_game_saved_in_another_language_is_written_byte_for_byte_as_in_english(
    code: str, tmp_path: Path, speak: Callable[[str], str]
) -> None:
    english = saved_bytes(tmp_path / "en")
    speak(code)
    assert saved_bytes(tmp_path / code) == english


def test_a_phrase_kept_by_the_listing_comes_back_a_phrase_shown_in_the_reader_s_words(
    speak: Callable[[str], str],
) -> None:
    summary = joined("\n", [phrase("Not played yet."), "Ana 3"])
    waiting = phrase("Waiting for {what}", what=phrase("nothing"))
    entry = SaveEntry(
        "g-1", "Soirée", "six-sojourns", "Six Sojourns", WHEN, summary, "playing", waiting
    )
    back = entry_from_record({"digest": "d", **entry_record(entry)}, with_facts=False)
    assert back is not None and back == entry
    speak("fr")
    assert tr(back.summary) == "Pas encore jouée.\nAna 3"
    assert tr(back.waiting_for) == "En attente\u00a0: rien"


def test_a_kept_phrase_holds_english_templates_and_values_never_a_translation(
    speak: Callable[[str], str],
) -> None:
    said = phrase("Last played {when}", when=phrase("today, {time:%H:%M}", time=WHEN))
    english = kept_text(said)
    speak("de")
    assert kept_text(said) == english
    assert "Zuletzt" not in str(english) and "heute" not in str(english)
    back = text_back(english)
    assert back == "Last played today, 19:30"
    assert tr(back) == "Zuletzt gespielt heute, 19:30"
    with pytest.raises(ValueError):
        text_back({"t": "{x}", "v": {"y": 1}})  # a value its template does not fill

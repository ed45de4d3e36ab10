"""Dates, times and numbers in a phrase, shown the reader's way: English exactly as Python writes
them (what every English test asserts), French and German as Babel's locales do."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime

import lang
from companion.phrases import phrase

EVENING = datetime(2026, 12, 7, 18, 30, tzinfo=UTC)


def test_english_keeps_the_pattern_english_was_written_with(speak: Callable[[str], str]) -> None:
    speak("en")
    assert lang.moment(EVENING, "%d %b %H:%M") == "07 Dec 18:30"
    assert lang.moment(EVENING, "%b %d %H:%M") == "Dec 07 18:30"
    assert lang.day(EVENING.date(), "%d %b %Y") == "07 Dec 2026"
    assert lang.day(EVENING.date()) == "7 Dec 2026"
    said = phrase("{when:%A %-d %B}, {when:%H:%M}; {day}", when=EVENING, day=EVENING.date())
    assert lang.tr(said) == str(said) == "Monday 7 December, 18:30; 2026-12-07"


def test_french_and_german_write_the_same_fields_their_own_way(
    speak: Callable[[str], str],
) -> None:
    speak("fr")
    assert lang.moment(EVENING, "%d %b %H:%M") == "7 déc. 18:30"
    assert lang.day(EVENING.date(), "%d %b %Y") == "7 déc. 2026"
    assert lang.tr(phrase("{when:%A %-d %B}", when=EVENING)) == "lundi 7 décembre"
    assert lang.tr(phrase("{when:%Y-%m-%d %H:%M}", when=EVENING)) == "07/12/2026 18:30"
    speak("de")
    assert lang.moment(EVENING, "%d %b %H:%M") == "7. Dez., 18:30"
    assert lang.tr(phrase("{when:%A %-d %B %Y}", when=EVENING)) == "Montag, 7. Dezember 2026"
    assert lang.tr(phrase("{day}", day=date(2026, 12, 7))) == "07.12.2026"


def test_a_number_s_format_spec_is_read_the_reader_s_way(speak: Callable[[str], str]) -> None:
    said = phrase(
        "{share:.0%} {mean:.2f} {big:.1f} {count}", share=0.25, mean=3.14159, big=1234.5, count=12
    )
    assert lang.tr(said) == str(said) == "25% 3.14 1234.5 12"
    speak("fr")
    assert lang.tr(said) == "25\u00a0% 3,14 1\u202f234,5 12"
    speak("de")
    assert lang.tr(said) == "25\u00a0% 3,14 1.234,5 12"

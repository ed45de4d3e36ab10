"""The table view in the reader's language: what a game says as phrases (headline, boxes'
titles and notes, figures' labels, the drawing's title) translated before anything is measured;
a player's name as typed; the header's words."""

from __future__ import annotations

from collections.abc import Callable

from companion.phrases import phrase
from widgets.table_view.figures import Figure, Group, TableContent
from widgets.table_view.screen import TableShown, header_words, watched
from widgets.table_view.view import in_words

SAID = TableContent(
    phrase("No game in play."),
    (
        Group("Players", (Figure(phrase("Wins"), 3), Figure(phrase("Best"), 18)), phrase("Score")),
        Group(phrase("Players"), (Figure("Wins", 1),)),
    ),
    board_title=phrase("Table display"),
)
"""A game's words as phrases, beside a player named "Players" and a label typed as text."""


def test_what_the_game_says_is_translated_and_measured_in_the_reader_s_words(
    speak: Callable[[str], str],
) -> None:
    speak("de")
    shown = in_words(SAID)
    assert shown.headline == "Keine Partie im Gange."
    assert [group.title for group in shown.groups] == ["Players", "Spieler"]
    assert [figure.label for figure in shown.groups[0].figures] == ["Siege", "Bestwert"]
    assert shown.groups[0].note == "Punkte"
    assert shown.groups[1].figures[0].label == "Wins"  # plain text is data: never looked up
    assert shown.board_title == "Tischanzeige"
    assert shown.groups[1].width_at(1) == len("Spieler") + 4  # the German title's width


def test_english_is_the_game_s_own_words(speak: Callable[[str], str]) -> None:
    assert in_words(SAID) == SAID


def test_the_header_in_french_keeps_the_game_s_name(speak: Callable[[str], str]) -> None:
    speak("fr")
    shown = TableShown("cavendish", "TIME Stories Revolution: Cavendish", None, "Friday night")
    assert header_words(shown) == ("Vue de table : Cavendish", "Friday night")
    alone = TableShown("sojourn", "Sojourn", None, watched("Sojourn"), watching=True)
    assert header_words(alone) == ("Vue de table", "Sojourn (spectateur)")  # the name once

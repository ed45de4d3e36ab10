"""What `lang` shows: phrases translated where they are shown, English the source, a broken
translation never fatal, the language chosen from the flag, the setting, the browser, the system."""

from __future__ import annotations

import gettext
from collections.abc import Iterator

import pytest

import lang
from companion.core import RuleError
from companion.phrases import joined, phrase, phrase_n
from lang.markdown import blocks, render


class Catalog(gettext.NullTranslations):
    """A catalog held in memory, French plural rule (one for 0 and 1)."""

    def __init__(self, messages: dict[str | tuple[str, int], str]) -> None:
        super().__init__()
        self.messages = messages

    def gettext(self, message: str) -> str:
        return self.messages.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        form = 0 if n <= 1 else 1
        return self.messages.get((singular, form), singular if n == 1 else plural)


@pytest.fixture
def french_words() -> Iterator[None]:
    kept = lang._reader.catalog, lang._reader.code
    lang._reader.catalog = Catalog(
        {
            "Not enough Temporal Charge: this trip costs {cost}, you have {have}": (
                "Pas assez de Charge temporelle : ce voyage coûte {cost}, vous avez {have}"
            ),
            ("{n} tower", 0): "{n} tour",
            ("{n} tower", 1): "{n} tours",
            "{who} scores {what}": "{who} marque {what}",
            "Health": "Santé",
            "Broken {name}": "Cassé {nom}",
            "Total": "Total général",
        }
    )
    lang._reader.code = "fr"
    yield
    lang._reader.catalog, lang._reader.code = kept


def test_a_phrase_reads_as_english_and_is_translated_where_shown(french_words: None) -> None:
    said = phrase(
        "Not enough Temporal Charge: this trip costs {cost}, you have {have}", cost=3, have=2
    )
    assert said == "Not enough Temporal Charge: this trip costs 3, you have 2"
    assert lang.tr(said) == "Pas assez de Charge temporelle : ce voyage coûte 3, vous avez 2"
    assert lang.tr(RuleError(said)) == lang.tr(said)


def test_counted_phrases_take_each_language_s_plural(french_words: None) -> None:
    assert phrase_n("{n} tower", "{n} towers", 0) == "0 towers"
    assert lang.tr(phrase_n("{n} tower", "{n} towers", 0)) == "0 tour"
    assert lang.tr(phrase_n("{n} tower", "{n} towers", 2)) == "2 tours"


def test_phrases_inside_phrases_and_joined_parts_are_translated_names_are_not(
    french_words: None,
) -> None:
    said = phrase("{who} scores {what}", who="Total", what=phrase("Health"))
    assert said == "Total scores Health"
    assert lang.tr(said) == "Total marque Santé"  # the player named "Total" stays as typed
    assert lang.tr(joined("; ", [phrase("Health"), "Health"])) == "Santé; Health"
    assert lang.tr("Health") == "Health"  # plain text is data, never looked up


def test_a_translation_whose_placeholders_do_not_fit_falls_back_to_english(
    french_words: None,
) -> None:
    assert lang.tr(phrase("Broken {name}", name="x")) == "Broken x"
    assert lang.t("Total") == "Total général"


def test_english_needs_no_catalog_and_the_catalogs_are_found() -> None:
    assert lang.current() == "en"
    assert lang.available()[0] == "en"
    assert lang.t("{n} left", n=1234) == "1,234 left"


def test_the_language_is_chosen_flag_first_then_the_setting_the_browser_the_system() -> None:
    speaks = lang.available()
    if "fr" not in speaks or "de" not in speaks:
        pytest.skip("the French and German catalogs are checked by test_catalogs")
    system = {"LANG": "de_DE.UTF-8"}
    assert lang.choose("fr", "de", "de", system) == "fr"
    assert lang.choose(None, "fr", "de", system) == "fr"
    assert lang.choose(None, "system", "fr-CH,fr;q=0.9,en;q=0.8", system) == "fr"
    assert lang.choose(None, None, "it, de;q=0.5", system) == "de"
    assert lang.choose(None, None, None, system) == "de"
    assert lang.choose("xx", None, None, {"LANG": "C.UTF-8"}) == "en"
    assert lang.choose(None, None, None, {"LANGUAGE": "pt:fr", "LANG": "de_DE"}) == "fr"


def test_accept_language_weights_are_read_and_nonsense_ignored() -> None:
    assert lang.negotiate("en;q=0.1, xx;q=1") == "en"
    assert lang.negotiate(";;;,q=, ,") is None
    assert lang.negotiate("en;q=abc") is None


def test_a_help_page_is_cut_into_blocks_and_put_together_again() -> None:
    page = (
        "# Title\n\nA paragraph\nover two lines.\n\n* an item\n  continued\n* another\n\n"
        "| Key | What |\n| --- | --- |\n| `u` | Undo |\n\n```\ncode {x}\n```\n"
    )
    texts = [block.text for block in blocks(page) if block.text]
    assert texts == [
        "Title",
        "A paragraph over two lines.",
        "an item continued",
        "another",
        "Key",
        "What",
        "`u`",
        "Undo",
    ]
    assert render(blocks(page), str.upper).startswith("# TITLE\n\nA PARAGRAPH OVER TWO LINES.\n")
    assert "| `U` | UNDO |\n" in render(blocks(page), str.upper)
    assert "code {x}" in render(blocks(page), str.upper)

"""Making text safe to show: control characters visible one for one, printable text untouched,
and markup-only places given text that reads back exactly as typed."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st
from textual.content import Content

from companion.text import visible
from tests.quality.hostile import HOSTILE, short
from widgets.kit.shown import literal, plain


def test_control_characters_become_their_symbols() -> None:
    assert visible("a\x1b[2J\x07\r\t\x00\x7f") == "a␛[2J␇␍␉␀␡"
    assert visible("two\nlines") == "two␊lines"
    assert visible("two\nlines", lines=True) == "two\nlines"
    assert visible("\x9b31m\u2028\udcff") == "\ufffd31m␤\ufffd"


@pytest.mark.parametrize(
    "text",
    ["שלום-עולם", "e\u0301\u0327", "\U0001f469\u200d\U0001f469\u200d\U0001f467", "[/] ok"],
    ids=short,
)
def test_printable_text_is_left_as_it_is(text: str) -> None:
    assert visible(text) == text


@given(st.text())
def test_one_character_for_one_and_nothing_left_to_make_visible(text: str) -> None:
    shown = visible(text)
    assert len(shown) == len(text)
    assert visible(shown) == shown
    assert not {unicodedata.category(ch) for ch in shown} & {"Cc", "Cs", "Zl", "Zp"}


@pytest.mark.parametrize("text", [*HOSTILE, "a[/", "x\\[/]", "back\\"], ids=short)
def test_palette_text_reads_back_as_typed(text: str) -> None:
    assert Content.from_markup(literal(text)).plain == visible(text)


@pytest.mark.parametrize("text", HOSTILE, ids=short)
def test_plain_text_is_never_markup(text: str) -> None:
    assert plain(text).plain == visible(text, lines=True)

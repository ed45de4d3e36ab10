"""The one place that makes a cell safe for a spreadsheet or a Markdown table (a count is worded
by `companion.phrases.phrase_n`, in each language's plural forms)."""

from __future__ import annotations

import pytest

from companion.text import csv_text, markdown_text


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_a_csv_text_cell_never_starts_a_formula(start: str) -> None:
    cell = csv_text(f"{start}HYPERLINK(1)")
    assert cell.startswith("'")
    assert "\t" not in cell and "\r" not in cell


def test_a_plain_csv_text_cell_is_left_as_typed() -> None:
    assert csv_text("Ana") == "Ana"
    assert csv_text("Zoë") == "Zoë"


def test_a_markdown_cell_keeps_its_pipes_inside_the_cell() -> None:
    assert markdown_text("Ana | Ben") == "Ana \\| Ben"
    assert markdown_text("a\\|b") == "a\\\\\\|b"
    assert markdown_text("x\ny") == "x␊y"

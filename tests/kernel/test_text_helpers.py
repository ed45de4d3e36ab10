"""The one place that words a count and makes a cell safe for a spreadsheet or a Markdown table."""

from __future__ import annotations

import pytest

from companion.text import csv_text, markdown_text, plural


@pytest.mark.parametrize(
    ("count", "singular", "plural_form", "expected"),
    [
        (0, "tower", None, "0 towers"),
        (1, "tower", None, "1 tower"),
        (2, "tower", None, "2 towers"),
        (1, "free update", None, "1 free update"),
        (1, "ally", "allies", "1 ally"),
        (3, "ally", "allies", "3 allies"),
        (-1, "crystal", None, "-1 crystals"),
    ],
)
def test_plural_takes_the_number_of_the_count(
    count: int, singular: str, plural_form: str | None, expected: str
) -> None:
    assert plural(count, singular, plural_form) == expected


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

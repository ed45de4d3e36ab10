"""A widget as a terminal without colour shows it: its characters (frame included) and which of
them are slanted. Colour is never the only signal (tests/shell/test_without_colour.py): a field
with the focus differs from the others in its characters, a placeholder from a typed value in
its style."""

from __future__ import annotations

from typing import Any

from textual.geometry import Region

FOCUS_MARKS = frozenset("┏┓┗┛┃━▌▐")
"""What a field with the focus is drawn with (`widgets/companion.tcss`): heavy lines round a
framed field, a bar each side of a one-line field. A field without the focus has none of them
(Textual's tall frame is `▊▔▁▎`, a one-line field has no frame)."""


FRAMES = FOCUS_MARKS | frozenset("▊▎▔▁")
"""Every character a field's frame or focus marks are drawn with."""


def drawn(widget: Any) -> list[str]:
    """The widget's lines as characters alone, its frame included."""
    width, height = widget.region.size
    return [strip.text for strip in widget.render_lines(Region(0, 0, width, height))]


def shows_focus(field: Any) -> bool:
    """The field is drawn with the focus marks (a Select's are on its current value)."""
    shown = field.query_one("SelectCurrent") if field.query("SelectCurrent") else field
    return bool(FOCUS_MARKS & set("".join(drawn(shown))))


def slanted(widget: Any) -> str:
    """The characters of the widget drawn in italics, in order."""
    width, height = widget.region.size
    return "".join(
        segment.text
        for strip in widget.render_lines(Region(0, 0, width, height))
        for segment in strip
        if segment.style is not None and segment.style.italic
    )


def words_drawn(field: Any) -> str:
    """What the field shows inside its frame and marks, its words one space apart."""
    text = "".join(char for char in " ".join(drawn(field)) if char not in FRAMES)
    return " ".join(text.split())

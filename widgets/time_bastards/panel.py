"""A panel drawn again from the state at every key, that only changes when its text does.

A Time Bastards action changes one or two panels (the travellers' marker, the decision): the
others get the same text again. `Static.update` repaints the panel and lays the whole screen out
again whatever it is given, which costs more than the rest of the key; a `Panel` repaints only
for new text, and asks for a layout only when the new text needs another size.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from widgets.kit.shown import keeps_size


def same_text(one: Text, other: Text) -> bool:
    """The two texts draw alike: the same characters, styles and wrapping."""
    return one == other and (one.style, one.justify, one.overflow, one.no_wrap, one.end) == (
        other.style,
        other.justify,
        other.overflow,
        other.no_wrap,
        other.end,
    )


class Panel(Static):
    """A `Static` shown with `put(text)`: nothing is drawn again for the same text."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.shown: Text | None = None
        """The text last put in the panel."""

    def put(self, text: Text) -> None:
        """Show `text`, unless it is what the panel shows; a layout only for a new size."""
        if self.shown is not None and same_text(text, self.shown):
            return
        self.shown = text
        before = self.content_size
        self.update(text, layout=False)
        if not keeps_size(self, before):
            self.refresh(layout=True)

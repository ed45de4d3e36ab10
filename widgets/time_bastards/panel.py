"""A panel drawn again from the state at every key, that draws only the lines that changed.

A Time Bastards action changes a line or two of a panel (the travellers' turn marker, a piece on
the board): the others show the same text again. `Static.update` renders the whole panel again
whatever changed, and lays the screen out again; a `Panel` keeps each line as drawn (Textual's
Line API, as its `Log` does), draws again only the lines whose text changed, and asks for a
layout only when its height follows its lines and their number changed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

STRIPS_KEPT = 64
"""Lines kept as drawn: those of the last few texts, which an undo and a redo show again."""
TEXTS_KEPT = 16
"""Named texts kept as made (`Panel.draw`), with their lines as wrapped."""


def same_text(one: Text, other: Text) -> bool:
    """The two texts draw alike: the same characters, styles and wrapping."""
    return one == other and (one.style, one.justify, one.overflow, one.no_wrap, one.end) == (
        other.style,
        other.justify,
        other.overflow,
        other.no_wrap,
        other.end,
    )


class Panel(Widget):
    """A panel of text shown with `put(text)`: nothing is drawn again for the same text, and
    only the changed lines for a new one. The text wraps (or is cut, as it says) to the width."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.shown: Text | None = None
        """The text last put in the panel."""
        self._width = 0
        """The width `_lines` are wrapped to (0 until the panel has a size)."""
        self._lines: list[Text] = []
        self._drawn: dict[int, Strip] = {}
        """Lines as last drawn, by line."""
        self._strips: dict[Hashable, Strip] = {}
        """Lines as drawn, by what they show, for the last few texts: an undo and its redo
        show the same lines again, and they are not drawn twice."""
        self._line_style: Style | None = None
        """The panel's style, as last worked out from the CSS (Textual works it out again at
        every call)."""
        self.text_name: Hashable = None
        """The name of the text shown (`draw`), None for a text put as it is."""
        self._texts: dict[Hashable, Text] = {}
        self._wraps: dict[tuple[Hashable, int], list[Text]] = {}
        """Named texts as made and as wrapped to a width, for the last few names."""

    def render(self) -> Text:
        """The whole text (what Textual sizes a panel of `height: auto` by)."""
        return self.shown if self.shown is not None else Text()

    def draw(self, name: Hashable, drawing: Callable[[], Text]) -> None:
        """Show the text `drawing()` makes, named `name` (the same name, the same text): each
        is made and wrapped once for the last few names, as an undo and its redo show the same
        texts again. Only the lines that differ from those shown are drawn again."""
        if name == self.text_name and self.shown is not None:
            return
        text = self._texts.get(name)
        if text is None:
            if len(self._texts) > TEXTS_KEPT:  # the oldest go, with their lines
                self._texts = dict(list(self._texts.items())[-TEXTS_KEPT // 2 :])
                kept = self._texts
                self._wraps = {key: lines for key, lines in self._wraps.items() if key[0] in kept}
            text = self._texts[name] = drawing()
        self._show(text, name)

    def put(self, text: Text) -> None:
        """Show `text`, unless it is what the panel shows: only the lines that changed are
        drawn again; a layout only when the panel's height follows a new number of lines."""
        if self.shown is not None and same_text(text, self.shown):
            return
        self._show(text, None)

    def _show(self, text: Text, name: Hashable) -> None:
        self.shown, self.text_name = text, name
        if not self._width:
            self.refresh(layout=True)  # (sized and drawn whole once it has a width)
            return
        before = self._lines
        self._lines = self._wrap()
        changed = []
        for index in range(max(len(before), len(self._lines))):
            old = before[index] if index < len(before) else None
            new = self._lines[index] if index < len(self._lines) else None
            if old is None or new is None or not same_text(old, new):
                self._drawn.pop(index, None)
                changed.append(Region(0, index, self.size.width, 1))
        if changed:  # one refresh for them all: each asks the screen for a frame
            self.refresh(*changed)
        height = self.styles.height
        if len(before) != len(self._lines) and (height is None or height.is_auto):
            self.refresh(layout=True)

    def on_resize(self) -> None:
        width = self.content_size.width
        if width != self._width:
            self._width = width
            self._lines = self._wrap()
            self._drawn.clear()
            self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._line_style = None
        self._drawn.clear()
        self._strips.clear()

    def render_line(self, y: int) -> Strip:
        drawn = self._drawn.get(y)
        if drawn is None:
            line = self._lines[y] if y < len(self._lines) else None
            width = self.content_size.width
            key = (width, None if line is None else (line.plain, line.style, *line.spans))
            drawn = self._strips.get(key)
            if drawn is None:
                if len(self._strips) > STRIPS_KEPT:  # the oldest go
                    self._strips = dict(list(self._strips.items())[-STRIPS_KEPT // 2 :])
                drawn = self._strips[key] = self._draw(line, width)
            self._drawn[y] = drawn
        return drawn

    def _draw(self, line: Text | None, width: int) -> Strip:
        """A line of the text (None: a blank line) across the panel's width, in its style."""
        if line is None:
            drawn = Strip.blank(width)
        else:
            drawn = Strip(line.render(self.app.console, end=""), line.cell_len)
            drawn = drawn.crop_extend(0, width, None)
        if self._line_style is None:
            self._line_style = self.rich_style
        return drawn.apply_style(self._line_style).simplify()  # (fewer pieces: less to draw)

    def _wrap(self) -> list[Text]:
        """The text's lines at the panel's width: wrapped, or cut as the text says."""
        if self.shown is None or self._width <= 0:
            return []
        key = (self.text_name, self._width)
        lines = self._wraps.get(key) if self.text_name is not None else None
        if lines is None:
            lines = list(self.shown.wrap(self.app.console, self._width))
            if self.text_name is not None:
                self._wraps[key] = lines
        return lines

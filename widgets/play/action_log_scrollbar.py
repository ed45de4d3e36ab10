"""The action log's scrollbar: drawn again only when its thumb moves on screen (issue 44).

Textual's scrollbar draws itself again whenever the log's length or place changes: at every new
entry of a long log, though its thumb, a cell at the bottom, stays where it is. This one is told
the same numbers and draws the same bar, but only when the thumb's cells (counted in eighths of
a cell, as Textual draws them) are not those it drew last.
"""

from __future__ import annotations

from math import ceil

from rich.console import RenderableType
from textual.reactive import Reactive
from textual.scrollbar import ScrollBar, ScrollBarRender

Thumb = tuple[int, int, int]
"""(bar length, thumb start, thumb end), in eighths of a cell (no thumb: start and end -1)."""


def thumb_at(length: int, virtual_size: int, window_size: int, position: float) -> Thumb:
    """Where Textual's `ScrollBarRender.render_bar` puts the thumb (its own arithmetic)."""
    window = ceil(window_size if window_size < virtual_size else 0)
    virtual = ceil(virtual_size)
    if not (window and length and virtual and length != virtual):
        return (length, -1, -1)
    thumb = max(1, window / (virtual / length))
    offset = (length - thumb) * (position / (virtual - window))
    start = int(offset * len(ScrollBarRender.VERTICAL_BARS))
    return (length, start, start + ceil(thumb * len(ScrollBarRender.VERTICAL_BARS)))


class LogScrollBar(ScrollBar):
    """A vertical scrollbar that is drawn again only when its thumb moves on screen."""

    window_virtual_size: Reactive[int] = Reactive(100, repaint=False)
    window_size: Reactive[int] = Reactive(0, repaint=False)
    position: Reactive[float] = Reactive(0, repaint=False)

    def __init__(self, *, thickness: int = 1) -> None:
        super().__init__(vertical=True, name="vertical", thickness=thickness)
        self._drawn: Thumb | None = None

    def _thumb(self) -> Thumb:
        return thumb_at(self.size.height, self.window_virtual_size, self.window_size, self.position)

    def redraw_if_moved(self) -> None:
        """Draw the bar again if its thumb is not where it was drawn (the log calls it once it
        has its new length and place: between the two, the thumb is not where it will be)."""
        if self._thumb() != self._drawn:
            self.refresh()

    def watch_window_virtual_size(self) -> None:
        self.redraw_if_moved()

    def watch_window_size(self) -> None:
        self.redraw_if_moved()

    def watch_position(self) -> None:
        self.redraw_if_moved()

    def render(self) -> RenderableType:
        self._drawn = self._thumb()
        return super().render()

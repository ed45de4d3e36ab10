"""Check boxes, radio buttons and selection lists whose ticked state shows in the characters.

Textual draws every toggle as `▐X▌` (or `▐●▌`) and tells ticked from unticked by colour
alone; these draw the mark only when ticked (`▐X▌` against `▐ ▌`), so the state reads on a
monochrome terminal too.
"""

from __future__ import annotations

from rich.segment import Segment
from textual.content import Content
from textual.strip import Strip
from textual.widgets import Checkbox, RadioButton, SelectionList
from textual.widgets.option_list import OptionDoesNotExist

TICK = "X"
DOT = "●"
EMPTY = " "


class TickBox(Checkbox):
    """A check box: `▐X▌` ticked, `▐ ▌` not."""

    def render(self) -> Content:
        self.BUTTON_INNER = TICK if self.value else EMPTY
        return super().render()


class TickRadioButton(RadioButton):
    """A radio button: `▐●▌` chosen, `▐ ▌` not."""

    def render(self) -> Content:
        self.BUTTON_INNER = DOT if self.value else EMPTY
        return super().render()


class TickList(SelectionList[str]):
    """A selection list whose boxes show `X` only when selected."""

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        try:
            option = self.get_option_at_index(self.scroll_offset.y + y)
        except OptionDoesNotExist:
            return strip
        segments = list(strip)
        if len(segments) < 2:
            return strip
        mark = TICK if option.value in self.selected else EMPTY
        segments[1] = Segment(mark, segments[1].style)
        return Strip(segments, strip.cell_length)

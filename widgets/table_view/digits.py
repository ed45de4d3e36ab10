"""Numbers at several sizes: Textual's 3-row Digits, and solid block numerals twice, three or
four times taller where the screen has room (a tablet or TV across the table).

The large sizes draw a 3x5 pixel font with half blocks (two square pixels a cell, one above the
other), each pixel `scale` x `scale`: 5, 8 and 10 rows tall. Solid blocks read from further away
than thin lines drawn large.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.align import Align
from rich.text import Text
from textual.geometry import Size
from textual.renderables.digits import Digits as DigitsRenderable
from textual.widgets import Digits

if TYPE_CHECKING:
    from textual.app import RenderResult

SCALES: tuple[int, ...] = (1, 2, 3, 4)
"""The sizes a number comes in, smallest first: 1 is Textual's Digits."""

FONT: dict[str, tuple[str, ...]] = {
    "0": ("###", "#.#", "#.#", "#.#", "###"),
    "1": (".#.", "##.", ".#.", ".#.", "###"),
    "2": ("###", "..#", "###", "#..", "###"),
    "3": ("###", "..#", ".##", "..#", "###"),
    "4": ("#.#", "#.#", "###", "..#", "..#"),
    "5": ("###", "#..", "###", "..#", "###"),
    "6": ("###", "#..", "###", "#.#", "###"),
    "7": ("###", "..#", ".#.", ".#.", ".#."),
    "8": ("###", "#.#", "###", "#.#", "###"),
    "9": ("###", "#.#", "###", "..#", "###"),
    "-": ("...", "...", "###", "...", "..."),
    " ": ("...", "...", "...", "...", "..."),
}
"""Each character as 5 rows of 3 pixels (`#` lit); a figure is an integer, so digits and minus."""
GLYPH_WIDTH, GLYPH_HEIGHT = 3, 5
GAP = 1
"""Pixels between two characters."""
HALF_BLOCKS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def digits_width(value: str, scale: int) -> int:
    """Columns a number takes at a scale."""
    if scale == 1:
        return DigitsRenderable.get_width(value)
    return max(0, len(value) * (GLYPH_WIDTH + GAP) - GAP) * scale


def digits_height(scale: int) -> int:
    """Rows a number takes at a scale."""
    return 3 if scale == 1 else -(-GLYPH_HEIGHT * scale // 2)


def block_rows(value: str, scale: int) -> list[str]:
    """The number drawn in half blocks, one string per row, each `digits_width` long."""
    pixels: list[list[bool]] = [[] for _ in range(GLYPH_HEIGHT)]
    for index, character in enumerate(value):
        glyph = FONT.get(character, FONT[" "])
        for row, line in enumerate(glyph):
            if index:
                pixels[row].extend([False] * GAP)
            pixels[row].extend(pixel == "#" for pixel in line)
    scaled = [[lit for lit in row for _ in range(scale)] for row in pixels for _ in range(scale)]
    if len(scaled) % 2:
        scaled.append([False] * len(scaled[0]) if scaled else [])
    return [
        "".join(HALF_BLOCKS[top, bottom] for top, bottom in zip(upper, lower, strict=True))
        for upper, lower in zip(scaled[::2], scaled[1::2], strict=True)
    ]


class ScaledDigits(Digits):
    """Textual's Digits at `scale` 1; the block numerals at 2 and more, centred in the widget."""

    DEFAULT_CLASSES = "tv-digits"
    ALLOW_SELECT: ClassVar[bool] = False

    def __init__(self, value: str = "", scale: int = 1) -> None:
        super().__init__(value)
        self.scale = scale

    def set_scale(self, scale: int) -> None:
        if scale != self.scale:
            self.scale = scale
            self.refresh(layout=True)

    def update(self, value: str) -> None:
        if value != self.value:
            super().update(value)
            self.refresh(layout=True)

    def render(self) -> RenderResult:
        if self.scale == 1:
            return super().render()
        drawing = Text("\n".join(block_rows(self.value, self.scale)), style=self.rich_style)
        return Align(drawing, "center", self.rich_style)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return digits_width(self.value, self.scale)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return digits_height(self.scale)

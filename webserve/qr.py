"""QR codes for the terminal that read on any terminal theme, two side by side in 80 columns.

Every cell is an upper half block with both of its colours set: dark modules black, light ones
and the quiet zone white, from the 256-colour cube (16 and 231), which terminal themes leave as
they are. A code drawn with the terminal's own colours comes out inverted on a light theme, and
a reader that does not try inverted codes reads nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

import segno

BORDER = 2
"""Light modules around each code: fewer than the standard four, which phone readers accept,
so that two codes of the longest address (QR version 4, 33 modules) fit in 80 columns."""
GAP = "  "
DARK = 16
LIGHT = 231
UPPER_HALF = "▀"
RESET = "\x1b[0m"


def modules(content: str) -> list[list[bool]]:
    """The code's modules with its quiet zone, True where dark (the smallest version that holds
    `content`, with the error correction raised as far as that version allows)."""
    code = segno.make(content, error="l", micro=False, boost_error=True)
    return [[bool(module) for module in row] for row in code.matrix_iter(border=BORDER)]


def _cell(top: bool, bottom: bool) -> str:
    return f"\x1b[38;5;{DARK if top else LIGHT};48;5;{DARK if bottom else LIGHT}m{UPPER_HALF}"


def terminal_rows(grid: Sequence[Sequence[bool]]) -> list[str]:
    """One line per two rows of modules; an odd last row gets a light lower half."""
    lines = []
    for top in range(0, len(grid), 2):
        upper = grid[top]
        lower = grid[top + 1] if top + 1 < len(grid) else [False] * len(upper)
        lines.append("".join(_cell(a, b) for a, b in zip(upper, lower, strict=True)) + RESET)
    return lines


def side_by_side(contents: Sequence[str]) -> list[str]:
    """The codes of `contents` next to each other, top-aligned, as terminal lines."""
    grids = [modules(content) for content in contents]
    drawn = [terminal_rows(grid) for grid in grids]
    widths = [len(grid[0]) for grid in grids]
    height = max(len(lines) for lines in drawn)
    rows = []
    for index in range(height):
        parts = [
            lines[index] if index < len(lines) else " " * width
            for lines, width in zip(drawn, widths, strict=True)
        ]
        rows.append(GAP.join(parts))
    return rows


def visible_width(line: str) -> int:
    """Columns a drawn line takes (its colour codes take none)."""
    return sum(1 for char in line if char in (UPPER_HALF, " "))

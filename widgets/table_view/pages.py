"""Screenfuls of a table view taller than its screen: a TV read from across the room pages
through it (nobody scrolls), and each page starts at the top of a row of boxes, so that no page
cuts a box, and the numbers in it, in two."""

from __future__ import annotations

from collections.abc import Sequence


def page_tops(edges: Sequence[int], screen: int, total: int) -> tuple[int, ...]:
    """The row each screenful of a view `total` rows tall starts at, on a screen `screen` rows
    tall: the first at the top, each next at the lowest box edge (`edges`: the rows where a box,
    a row of boxes or the drawing starts) that still leaves the page before it whole. Only a
    box taller than the screen itself is cut, at the screen's height."""
    tops = [0]
    while screen > 0 and tops[-1] + screen < total:  # (no screen yet, before the first layout)
        top = tops[-1]
        below = [edge for edge in edges if top < edge <= top + screen]
        tops.append(max(below) if below else top + screen)
    return tuple(tops)


def room_under(tops: Sequence[int], screen: int, total: int) -> int:
    """Blank rows to add under the view so that its last screenful can start at its own top
    (a view scrolls no further than its end, which would cut the box above in two)."""
    return max(0, tops[-1] + screen - total) if len(tops) > 1 else 0


def whole_on(y: int, height: int, top: int, screen: int) -> bool:
    """Whether a box at row `y`, `height` rows tall, is shown on the page starting at `top`:
    when it is whole on it (a box the page's foot would cut waits for the next page), or, a box
    taller than the screen, on every page it is on."""
    if height > screen:
        return y < top + screen and y + height > top
    return top <= y and y + height <= top + screen

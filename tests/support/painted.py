"""What a screen has painted, read back in Pilot tests of screens that redraw only what changed.

Textual keeps every line a widget painted until that part of the widget is refreshed, and
`render_lines` hands back those kept lines: a change a screen forgot to repaint shows here as the
old line. Compare them with a screen drawn from scratch on the same game (`painted_screen`) or
with the same widget drawn again whole (`drawn_afresh`).
"""

from __future__ import annotations

from typing import Any

from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

from tests.support.waiting import pause_until
from widgets.shell.home import HomeScreen

SETTLE_ROUNDS = 20
"""More pauses than any change takes to settle: a bound that only catches one that never does."""
TOAST_RACK = "textual-toastrack"
"""The id of the container Textual puts a screen's notifications in."""


def painted_strips(widget: Widget) -> list[Strip]:
    """The widget's lines as last painted, with their styles (a refresh pending is drawn now)."""
    width, height = widget.outer_size
    if not widget.display or not width or not height:
        return []
    return widget.render_lines(Region(0, 0, width, height))


def painted(widget: Widget) -> list[str]:
    """The words of the widget's lines as last painted."""
    return [strip.text for strip in painted_strips(widget)]


def drawn_afresh(widget: Widget) -> list[str]:
    """The widget's lines when all of it is drawn again."""
    widget.refresh()
    return painted(widget)


def painted_screen(screen: Any) -> list[tuple[str, list[Strip]]]:
    """Each widget of the screen with its painted lines and their styles, in the screen's
    order; the toasts left out (the notices of the keys pressed are not the game's state)."""
    shown = []
    for widget in screen.walk_children(with_self=False):
        if any(node.id == TOAST_RACK for node in (widget, *widget.ancestors)):
            continue
        shown.append((f"{type(widget).__name__}#{widget.id}", painted_strips(widget)))
    return shown


async def settled_paint(pilot: Any) -> list[tuple[str, list[Strip]]]:
    """The top screen's painted lines once a pause leaves them as they were. A change can take
    more than one round to settle (a panel given fewer rows redraws to fit them, which moves
    its neighbours), and on a busy machine Textual's idle wait can end between two rounds."""
    shown = painted_screen(pilot.app.screen)
    for _ in range(SETTLE_ROUNDS):
        await pilot.pause()
        again = painted_screen(pilot.app.screen)
        if again == shown:
            break
        shown = again
    return shown


async def opened_from_home(pilot: Any, save_id: str, screen_type: type[Screen[Any]]) -> Any:
    """The saved game opened from the home screen, drawn and idle: a screen built afresh."""
    app = pilot.app
    app.go_home()
    await pause_until(pilot, lambda: isinstance(app.screen, HomeScreen))
    app.open_saved(save_id)
    await pause_until(pilot, lambda: isinstance(app.screen, screen_type))
    await pilot.pause()
    return app.screen

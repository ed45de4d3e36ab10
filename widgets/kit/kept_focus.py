"""The field a player was typing in, kept through a switch of language: a screen composed again
in the new language (`CompanionApp.speak_again`) has new fields holding what was typed; the one
that had the focus takes it again, its cursor (or what was selected) where it was, so that the
next key goes on where the last one left off (the Stats screens, the setups)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, TextArea
from textual.widgets.input import Selection
from textual.widgets.text_area import Selection as AreaSelection


@dataclass(frozen=True)
class Focus:
    """Which widget had the focus (its id) and, in a field, its selection."""

    widget: str | None = None
    selection: Selection | AreaSelection | None = None


def focus_of(screen: Screen[Any]) -> Focus:
    """What has the focus on `screen` now (nothing: a widget of another screen, or none)."""
    focused = screen.focused
    if focused is None or focused.id is None:
        return Focus()
    if isinstance(focused, (Input, TextArea)):
        return Focus(focused.id, focused.selection)
    return Focus(focused.id)


def focus_again(screen: Screen[Any], kept: Focus, otherwise: Widget | None = None) -> None:
    """The widget `kept` names takes the focus again (else `otherwise`, if any), a field's
    selection as it was: a field focused anew would select all it holds, and the next key
    replace it."""
    found = [*screen.query(f"#{kept.widget}")] if kept.widget else []
    widget = found[0] if found else otherwise
    if widget is None or not widget.focusable:
        return
    if isinstance(widget, Input) and isinstance(kept.selection, Selection):
        if widget.select_on_focus:  # once focused (after the app's `set_focus`), as ever
            widget.select_on_focus = False
            screen.app.call_later(
                widget.call_after_refresh, setattr, widget, "select_on_focus", True
            )
        widget.selection = kept.selection
    elif isinstance(widget, TextArea) and isinstance(kept.selection, AreaSelection):
        widget.selection = kept.selection
    widget.focus()

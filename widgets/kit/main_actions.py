"""The current phase's main actions as buttons three rows tall, for a phone's fingers.

A phone in the browser shows about 42 columns of 20 CSS px rows: a footer key is one row, too
small to tap (Apple and Google ask for 44 px), and the footer has room for two or three keys.
On a narrow screen a play screen therefore shows its main actions for the moment as buttons of
three rows (60 px on a phone), each named as its key is in the footer ("Explore (x)") and
doing what that key does. The buttons are made from the screen's own bindings, and only the
ones the screen takes now show (its `check_action`): they change with the phase, as the footer
does. They sit in rows as many as fit side by side, never cut. The bar has no keys of its
own, and its buttons take no focus: keys typed after a tap go where they went before.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button

from widgets.shell.chrome import described

BUTTON_EDGES = 2
"""Columns a button takes beyond its label: the border's left and right edges."""


class ActionButton(Button):
    """One main action's button: it runs its action and leaves the focus where it was."""

    can_focus = False

    def __init__(self, action: str, label: str) -> None:
        super().__init__(label, classes="main-action", action=f"screen.{action}")
        self.key_action = action
        """The screen's action this button runs (the same as its key's)."""


class MainActions(Vertical):
    """The buttons for the main actions a screen takes now, out of `actions` (in that order).

    Shown only on a narrow screen (`Screen.-narrow`, widgets/kit/main_actions.tcss); rebuilt
    when the screen's keys change (its phase, its focus) or its width does, and only when the
    buttons it shows would change."""

    def __init__(self, actions: Sequence[str], *, id: str | None = None) -> None:
        super().__init__(id=id, classes="main-actions")
        self.actions = tuple(actions)
        """The actions that may show, in the order they show."""
        self.shown: tuple[tuple[tuple[str, str], ...], ...] = ()
        """The rows of (action, label) on screen now."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.keys_changed)
        self.show_offered()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def on_resize(self) -> None:
        self.show_offered()

    def keys_changed(self, _screen: Screen[object]) -> None:
        self.show_offered()

    def offered(self) -> list[tuple[str, str]]:
        """(action, label) of each of `actions` the screen takes now, labelled as the footer
        names its key."""
        screen = self.screen
        usable: dict[str, Binding] = {}
        for active in screen.active_bindings.values():
            if active.node is screen and active.enabled:
                usable.setdefault(active.binding.action, active.binding)
        return [
            (action, f"{described(usable[action])} ({self.app.get_key_display(usable[action])})")
            for action in self.actions
            if action in usable
        ]

    def rows(self, offered: list[tuple[str, str]]) -> tuple[tuple[tuple[str, str], ...], ...]:
        """The buttons in rows: as many side by side as fit the screen's width whole."""
        width = self.screen.size.width
        rows: list[list[tuple[str, str]]] = []
        used = width
        for action, label in offered:
            wide = cell_len(label) + BUTTON_EDGES
            if not rows or used + wide > width:
                rows.append([])
                used = 0
            rows[-1].append((action, label))
            used += wide
        return tuple(tuple(row) for row in rows)

    def show_offered(self) -> None:
        if not self.is_mounted or not self.screen.has_class("-narrow"):
            return
        rows = self.rows(self.offered())
        if rows == self.shown:
            return
        self.shown = rows
        self.remove_children()
        self.mount_all(
            Horizontal(*(ActionButton(action, label) for action, label in row), classes="row")
            for row in rows
        )

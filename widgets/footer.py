"""The footer of every screen: Textual's compact Footer, rebuilt only when its keys change."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer


class KeyFooter(Footer):
    """Textual's Footer in its compact style, which skips rebuilds that would show the same keys.

    Textual rebuilds the footer, restyling every key in it, on each focus move and screen event,
    even when the keys shown stay the same: three times before the home screen settled, and on
    most focus moves of a game screen. Compact, more keys fit at 80 columns.
    """

    def __init__(self) -> None:
        super().__init__(compact=True)
        self._shown: tuple[object, ...] | None = None
        self._rebuild_pending = False

    def compose(self) -> ComposeResult:
        self._rebuild_pending = False
        if self._bindings_ready:
            self._shown = self.keys_to_show()
        yield from super().compose()

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Textual's `Footer.bindings_changed`, but one rebuild at a time and only for new keys."""
        self._bindings_ready = True
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        if self._rebuild_pending or self.keys_to_show() == self._shown:
            return
        self._rebuild_pending = True
        self.call_after_refresh(self.recompose)

    def keys_to_show(self) -> tuple[object, ...]:
        """What the footer would show: each shown binding, whether it is enabled, and its tip."""
        palette = self.app.COMMAND_PALETTE_BINDING
        return tuple(
            (binding, enabled, tooltip)
            for binding_key, (_node, binding, enabled, tooltip) in (
                self.screen.active_bindings.items()
            )
            if binding.show or binding_key == palette
        )

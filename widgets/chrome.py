"""The header and footer every screen shares: Textual's own, with two of their edges fixed."""

from __future__ import annotations

import contextlib

from textual.app import ComposeResult
from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.events import Mount
from textual.screen import Screen
from textual.widgets import Footer, Header
from textual.widgets._header import HeaderTitle


class TitleHeader(Header):
    """Textual's Header, safe when its screen closes the moment it opened.

    Header writes its title in a callback that runs after it is mounted. If the screen closed in
    between (escape typed right behind enter), the title widget is already gone and Textual 8.2.8
    raises NoMatches, which ends the app. This header lets a title that arrives too late go.
    """

    def _on_mount(self, event: Mount) -> None:
        event.prevent_default()  # instead of Header._on_mount, which registers the unsafe callback
        for owner in (self.app, self.screen):
            self.watch(owner, "title", self._show_title)
            self.watch(owner, "sub_title", self._show_title)

    async def _show_title(self) -> None:
        with contextlib.suppress(NoMatches, NoScreen):
            self.query_one(HeaderTitle).update(self.format_title())


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

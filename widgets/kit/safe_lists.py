"""Textual's OptionList and Select, safe to page through the moment they change or open.

A page key that reaches an option list before its lines are laid out (pageup typed right behind
the key that opened a menu or replaced the options) raised KeyError in Textual 8.2.8 and ended
the app. Before layout there is no page to move by, so here the key does nothing.
"""

from __future__ import annotations

from typing import TypeVar

from textual import events
from textual.widgets import OptionList, Select

PAGE_KEYS = frozenset({"pageup", "pagedown"})
"""The keys that move an option list by a page (its `page_up` and `page_down` actions)."""


def laid_out(options: OptionList) -> bool:
    """Whether an option list has room for its lines, so that it knows its pages (an empty one
    has no page to find)."""
    return not options.option_count or bool(options.scrollable_content_region)


class SafeOptionList(OptionList):
    """Textual's OptionList, ignoring a page key that arrives before layout."""

    def action_page_up(self) -> None:
        if laid_out(self):
            super().action_page_up()  # type: ignore[no-untyped-call]

    def action_page_down(self) -> None:
        if laid_out(self):
            super().action_page_down()  # type: ignore[no-untyped-call]


ValueT = TypeVar("ValueT")


class SafeSelect(Select[ValueT]):
    """Textual's Select, whose open menu lets a page key go before its layout.

    The menu is Textual's own (its class is private); a key typed in it comes up through the
    select before the app looks for its binding, and a page key that would find no page stops
    here."""

    def on_key(self, event: events.Key) -> None:
        if event.key in PAGE_KEYS and self.expanded and not laid_out(self.query_one(OptionList)):
            event.stop()
            event.prevent_default()

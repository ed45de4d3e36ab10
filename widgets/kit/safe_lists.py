"""Textual's OptionList and Select, safe to page through the moment they change or open.

A page key that reaches an option list before its lines are laid out (pageup typed right behind
the key that opened a menu or replaced the options) raised KeyError in Textual 8.2.8 and ended
the app. Before layout there is no page to move by, so here the key does nothing.
"""

from __future__ import annotations

from typing import Literal, TypeVar

from textual.app import ComposeResult
from textual.widgets import OptionList, Select
from textual.widgets._select import SelectCurrent, SelectOverlay


class SafeOptionList(OptionList):
    """Textual's OptionList, ignoring a page key that arrives before layout."""

    def _move_page(self, direction: Literal[-1, 1]) -> None:
        laid_out = not self.option_count or (self.highlighted or 0) in self._index_to_line
        if laid_out:
            super()._move_page(direction)


class SafeSelectOverlay(SelectOverlay, SafeOptionList):
    """The menu of a `SafeSelect`: Textual's SelectOverlay with the same guard (SelectOverlay
    first: Textual takes CSS and the type name that `Select` queries from the first base)."""


ValueT = TypeVar("ValueT")


class SafeSelect(Select[ValueT]):
    """Textual's Select, with the menu above."""

    def compose(self) -> ComposeResult:
        yield SelectCurrent(self.prompt)
        yield SafeSelectOverlay(type_to_search=self._type_to_search).data_bind(
            compact=Select.compact
        )

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


def laid_out(options: OptionList) -> bool:
    """Whether the highlighted option has a line yet (what paging starts from)."""
    return not options.option_count or (options.highlighted or 0) in options._index_to_line


class SafeOptionList(OptionList):
    """Textual's OptionList, ignoring a page key that arrives before layout."""

    def _move_page(self, direction: Literal[-1, 1]) -> None:
        if laid_out(self):
            super()._move_page(direction)


class SafeSelectOverlay(SelectOverlay):
    """The menu of a `SafeSelect`, ignoring a page key that arrives before layout."""

    def _move_page(self, direction: Literal[-1, 1]) -> None:
        if laid_out(self):
            super()._move_page(direction)


ValueT = TypeVar("ValueT")


class SafeSelect(Select[ValueT]):
    """Textual's Select, with the menu above."""

    def compose(self) -> ComposeResult:
        yield SelectCurrent(self.prompt)
        yield SafeSelectOverlay(type_to_search=self._type_to_search).data_bind(
            compact=Select.compact
        )

"""Textual's Select, safe to page through the moment its menu opens."""

from __future__ import annotations

from typing import Literal, TypeVar

from textual.app import ComposeResult
from textual.widgets import Select
from textual.widgets._select import SelectCurrent, SelectOverlay


class SafeSelectOverlay(SelectOverlay):
    """The menu of a `SafeSelect`.

    A page key that reaches the menu before its first layout (pageup typed right behind the key
    that opened it) raised KeyError in Textual 8.2.8 and ended the app; before layout there is
    no page to move by, so the key does nothing.
    """

    def _move_page(self, direction: Literal[-1, 1]) -> None:
        if self._options and (self.highlighted or 0) not in self._index_to_line:
            return
        super()._move_page(direction)


ValueT = TypeVar("ValueT")


class SafeSelect(Select[ValueT]):
    """Textual's Select, with the menu above."""

    def compose(self) -> ComposeResult:
        yield SelectCurrent(self.prompt)
        yield SafeSelectOverlay(type_to_search=self._type_to_search).data_bind(
            compact=Select.compact
        )

"""A screen composed again in another language keeps what the player entered in its fields
(issue 45: a switch of language takes effect at once and loses nothing).

`CompanionApp.speak_again` composes every open screen again: its widgets are built anew from
`compose`, in the new language. A screen made with `KeepsFields` reads its fields just before
(`KeptFields.read`) and puts them back in its `spoken_again` (`KeptFields.put_back`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from textual.containers import ScrollableContainer
from textual.screen import Screen
from textual.widgets import Checkbox, Input, RadioButton, Select, SelectionList

from widgets.kit.kept_focus import Focus, focus_again, focus_of


@dataclass(frozen=True)
class KeptFields:
    """What a player entered in a screen's fields, by each field's id: what an input holds
    (and where its cursor is), a list's choice, a toggle or radio button, the items ticked in a
    list; the field with the focus and how far each box was scrolled. Read before the screen is
    composed again in another language (its widgets are built anew), put back after."""

    typed: dict[str, tuple[str, int]] = field(default_factory=dict)
    chosen: dict[str, object] = field(default_factory=dict)
    toggled: dict[str, bool] = field(default_factory=dict)
    ticked: dict[str, tuple[int | None, list[object]]] = field(default_factory=dict)
    scrolled: dict[str, tuple[float, float]] = field(default_factory=dict)
    focus: Focus = field(default_factory=Focus)

    @classmethod
    def read(cls, screen: Screen[Any], proposed: Mapping[str, str] | None = None) -> KeptFields:
        """The fields as the player left them on `screen` (only fields with an id); an input
        still holding what the screen `proposed` in its words is left to propose again."""
        kept = cls(focus=focus_of(screen))
        for widget in screen.query("*"):
            name = widget.id
            if name is None:
                continue
            if isinstance(widget, Input):
                if (proposed or {}).get(name) == widget.value:
                    continue
                kept.typed[name] = (widget.value, widget.cursor_position)
            elif isinstance(widget, Select):
                kept.chosen[name] = widget.value
            elif isinstance(widget, (Checkbox, RadioButton)):
                kept.toggled[name] = widget.value
            elif isinstance(widget, SelectionList):
                kept.ticked[name] = (widget.highlighted, list(widget.selected))
            elif isinstance(widget, ScrollableContainer):
                kept.scrolled[name] = (widget.scroll_x, widget.scroll_y)
        return kept

    def put_back(self, screen: Screen[Any]) -> None:
        """The fields of `screen`, composed again, as they were read: no list's choice acts
        as if the player had just made it (a preset ticking its own expansions over the
        player's), a radio set keeps one button on, the focus returns where it was."""
        for widget in screen.query("*"):
            name = widget.id
            if name is None:
                continue
            if isinstance(widget, Input) and name in self.typed:
                widget.value, widget.cursor_position = self.typed[name]
            elif isinstance(widget, Select) and name in self.chosen:
                with screen.prevent(Select.Changed):
                    widget.value = self.chosen[name]
            elif isinstance(widget, RadioButton) and self.toggled.get(name):
                widget.value = True  # its set turns the others off
            elif isinstance(widget, Checkbox):
                widget.value = self.toggled.get(name, widget.value)
            elif isinstance(widget, SelectionList) and name in self.ticked:
                highlighted, selected = self.ticked[name]
                widget.deselect_all()
                for value in selected:
                    widget.select(value)
                widget.highlighted = highlighted
            elif isinstance(widget, ScrollableContainer) and name in self.scrolled:
                x, y = self.scrolled[name]
                widget.call_after_refresh(widget.scroll_to, x, y, animate=False, force=True)
        focus_again(screen, self.focus)


class KeepsFields(Screen[None]):
    """A screen whose fields keep what the player entered when the screen is composed again in
    another language (`CompanionApp.speak_again`): the fields are read just before, and put
    back once its words are set again (`show_words`). Put before the screen's base class:
    `class MySetup(KeepsFields, SetupScreen)`."""

    _kept: KeptFields | None = None
    proposed: Mapping[str, str] = MappingProxyType({})
    """What the screen proposed in its fields in the words of its language (a traveller named
    by colour), by field id: a field still holding it is proposed again in the new language."""

    async def recompose(self) -> None:
        self._kept = KeptFields.read(self, self.proposed)
        await super().recompose()

    def show_words(self) -> None:
        """The words the screen sets once mounted (its title, its boxes' titles), set when it
        is mounted and again in a new language."""

    def spoken_again(self) -> None:
        """Composed again in another language: its words set again, then the fields as the
        player left them."""
        self.show_words()
        kept, self._kept = self._kept, None
        if kept is not None:
            kept.put_back(self)

"""What a dialog's fields hold, kept on the dialog as the player fills them in.

A switch of language composes every open screen again (`CompanionApp.speak_again`): its fields
come back as `compose` makes them, empty or at their first value. A dialog that mixes in
`KeptValues` (before its Textual base) keeps each field's value, by the field's id, as it
changes, and the field last focused; its `spoken_again` puts them back (`put_back`), so nothing
the player typed, picked or ticked is lost.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from textual import events
from textual.css.query import DOMQuery
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Select
from textual.widgets.select import InvalidSelectValueError

Field = Input | Select[Any] | Checkbox
"""A field whose value is kept."""


class KeptValues:
    """Each field's value by id as the player changes it, and the id of the field last focused
    (its handlers run with the dialog's own: Textual calls each class's in turn)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kept: dict[str, Any] = {}
        """Each field's value, by the field's id, as it last changed."""
        self.kept_focus = ""
        """The id of the field focused last ("" before any)."""

    def on_input_changed(self, event: Input.Changed) -> None:
        self.keep(event.input)

    def on_select_changed(self, event: Select.Changed) -> None:
        self.keep(event.select)

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self.keep(event.checkbox)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if event.widget.id:
            self.kept_focus = event.widget.id

    def keep(self, field: Field) -> None:
        """The field's value now (read from it, not from the message: a message still queued
        from before a `put_back` must not undo it)."""
        if field.id:
            self.kept[field.id] = field.value

    def put_back(self) -> None:
        """The fields composed again hold what they held, and the one focused last gets the
        focus again; a field no longer composed is skipped."""
        for field_id, value in self.kept.items():
            for field in self.fields(f"#{field_id}"):
                if isinstance(field, (Input, Select, Checkbox)):
                    with suppress(InvalidSelectValueError):  # a choice no longer offered
                        field.value = value
        if self.kept_focus:
            focused = self.fields(f"#{self.kept_focus}")
            if focused:
                focused.first().focus()

    def fields(self, selector: str) -> DOMQuery[Widget]:
        """The dialog's widgets that `selector` names."""
        screen = self
        assert isinstance(screen, Widget)
        return screen.query(selector)

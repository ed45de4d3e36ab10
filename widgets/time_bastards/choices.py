"""The list of what may be done now, each choice with its key, the moves of a 6 numbered.

The keys of a fresh turn (m, t, r), a timeline's number (1-4) and n (move none) work anywhere on
the screen and are always written before their choice. The moves after a 6 have no key of
their own: while the list has the focus they are numbered 1-9 inside it, and a digit takes its
move (the numbers show only then, as only then do the digits mean them).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.table import Table
from textual import events
from textual.widgets.option_list import Option

from widgets.kit.safe_lists import SafeOptionList
from widgets.kit.shown import plain

KEY_WIDTH = 3
"""Columns before each choice's words: its key and the space after it."""


@dataclass(frozen=True)
class Entry:
    """A choice as listed: its words, the option's id, and its key (`""` for a numbered move)."""

    words: str
    option_id: str
    key: str = ""


class NumberedChoices(SafeOptionList):
    """An option list of `Entry`s; the entries without a key are numbered 1-9 while focused."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries: list[Entry] = []
        self.numbers: dict[str, int] = {}
        """A digit typed in the list -> the index of the move it takes."""

    def show(self, entries: list[Entry]) -> None:
        """List these entries, the first one highlighted.

        Where the list keeps its options (a fresh turn's, a player's turn after another's),
        only the entries whose words changed are written again: a list cleared and filled is
        laid out anew, and the screen with it."""
        before = self.entries
        kept = self.option_count == len(before) and [e.option_id for e in entries] == [
            e.option_id for e in before
        ]
        self.entries = entries
        unkeyed = [index for index, entry in enumerate(entries) if not entry.key]
        self.numbers = {str(number): index for number, index in enumerate(unkeyed[:9], start=1)}
        if kept:
            for index, (entry, was) in enumerate(zip(entries, before, strict=True)):
                if entry != was:
                    self.replace_option_prompt_at_index(index, self._prompt(index))
            self.scroll_y = 0  # as a list cleared and filled again
        else:
            self.clear_options()
            self.add_options(
                Option(self._prompt(index), id=entry.option_id)
                for index, entry in enumerate(entries)
            )
        self.highlighted = 0 if entries else None

    def key_of(self, index: int) -> str:
        """The key written before an entry: its own, or its number while the list has focus."""
        entry = self.entries[index]
        if entry.key:
            return entry.key
        if self.has_focus:
            return next((digit for digit, at in self.numbers.items() if at == index), "")
        return ""

    def _prompt(self, index: int) -> Table:
        """The key, then the words; a long choice wraps under its words, not under the key."""
        grid = Table.grid()
        grid.add_column(width=KEY_WIDTH, no_wrap=True)
        grid.add_column(ratio=1)
        grid.add_row(plain(self.key_of(index)), plain(self.entries[index].words))
        return grid

    def _renumber(self) -> None:
        for index in self.numbers.values():
            self.replace_option_prompt_at_index(index, self._prompt(index))

    def on_focus(self) -> None:
        self._renumber()

    def on_blur(self) -> None:
        self._renumber()

    def on_key(self, event: events.Key) -> None:
        """A move's number takes that move (other digits go on to the screen's keys)."""
        index = self.numbers.get(event.character or "")
        if index is not None:
            event.stop()
            event.prevent_default()
            self.highlighted = index
            self.action_select()

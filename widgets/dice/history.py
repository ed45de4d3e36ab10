"""The tray's history: newest first, the total first and always, cut to the width it is given.

Columns: Total, Dice, Faces (the modifier apart: `5 + 1, +1`), By (`real` or `app`, a word and
not a colour), Time, and Label when any roll shown has one. Only Faces and Label shrink; a long
roll loses faces behind an ellipsis, never its total.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.widget import Widget

from companion.dice import die_words
from lang import t, tr
from saves.shared.rolls import LoggedRoll
from widgets.kit.shown import local_day_time, local_time

GAP = "  "
WIDE = 100
"""From this width on, the time shows its date too."""


@dataclass(frozen=True)
class Columns:
    """Widths of the columns for one rendering."""

    total: int
    dice: int
    faces: int
    time: int
    label: int


def source_word(entry: LoggedRoll) -> str:
    """`real` for dice typed in from the table, `app` for the app's roll."""
    # TRANSLATORS: the roll history's By column (4 letters at most): dice from the table
    return t("real") if entry.roll.source == "physical" else t("app")


def time_words(entry: LoggedRoll, wide: bool) -> str:
    """The local time of the roll: `12:00`, or `Nov 29 12:00` when there is room."""
    if not wide:
        return local_time(entry.at, "%H:%M")
    return local_day_time(entry.at, "%b %d %H:%M")


def fit(text: str, width: int) -> str:
    """Text cut to `width` characters with an ellipsis."""
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def by_width() -> int:
    """The By column's width: its heading's or its words', whichever is wider."""
    return max(len(t("By")), len(t("real")), len(t("app")))


def columns_for(entries: Sequence[LoggedRoll], width: int) -> Columns:
    """Fixed columns as wide as their widest cell; Faces and Label share what is left."""
    wide = width >= WIDE
    total = max([len(t("Total")), *(len(str(e.roll.total)) for e in entries)])
    dice = min(12, max([len(t("Dice")), *(len(e.roll.expression) for e in entries)]))
    time = len(time_words(entries[0], wide)) if entries else 5
    fixed = total + dice + by_width() + time + len(GAP) * 4
    labels = max([0, *(len(e.label) for e in entries)])
    room = max(8, width - fixed)
    if not labels:
        return Columns(total, dice, room, time, 0)
    label = min(max(labels, len(t("Label"))), max(5, room // 3))
    return Columns(total, dice, max(8, room - label - len(GAP)), time, label)


def history_lines(entries: Sequence[LoggedRoll], width: int, height: int) -> list[Text]:
    """The header and the newest rolls that fit in `height` lines, newest first."""
    shown = list(reversed(entries[-max(0, height - 1) :])) if height > 1 else []
    if not shown:
        return [
            Text(t("No rolls yet: type what the dice show, then enter; p or f picks other dice."))
        ]
    cols = columns_for(shown, width)
    wide = width >= WIDE
    by = by_width()
    header = Text(style="bold", no_wrap=True, overflow="ellipsis")
    total, rolled, faces, by_who, time = t("Total"), t("Dice"), t("Faces"), t("By"), t("Time")
    header.append(f"{total:>{cols.total}}{GAP}{rolled:<{cols.dice}}{GAP}")
    header.append(f"{faces:<{cols.faces}}{GAP}{by_who:<{by}}{GAP}{time:<{cols.time}}")
    if cols.label:
        label = t("Label")
        header.append(f"{GAP}{label}")
    lines = [header]
    for entry in shown:
        roll = entry.roll
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append(f"{roll.total:>{cols.total}}", style="bold")
        line.append(f"{GAP}{fit(roll.expression, cols.dice):<{cols.dice}}{GAP}")
        line.append(f"{tr(die_words(roll, cols.faces)):<{cols.faces}}{GAP}")
        line.append(
            f"{source_word(entry):<{by}}", style="bold" if roll.source == "physical" else ""
        )
        line.append(f"{GAP}{time_words(entry, wide):<{cols.time}}")
        if cols.label:
            line.append(f"{GAP}{fit(entry.label, cols.label)}", style="italic")
        lines.append(line)
    return lines


class RollHistory(Widget):
    """The newest rolls that fit, rendered for the widget's own width."""

    def __init__(self, entries: Sequence[LoggedRoll], id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries = entries

    def show(self, entries: Sequence[LoggedRoll]) -> None:
        self.entries = entries
        self.refresh()

    def render(self) -> Text:
        width, height = self.content_region.width, self.content_region.height
        return Text("\n").join(history_lines(self.entries, width, height))

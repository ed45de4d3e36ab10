"""Undo back to a chosen log line: which records take back every later action, newest first.

One decision for every device: `companion act ID undo [--to N]` and a line picked in the app's
log both append what `undo_back` returns, in one transaction under the game's lock, decided on
the newest state. The undo records go newest first, so the redo stack holds the oldest on top:
each redo then brings back the next action in the order it was first made.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core import RuleError
from companion.phrases import phrase
from saves.games.document import SavedGame
from saves.games.journal import Draft
from saves.games.records import Record


@dataclass(frozen=True)
class UndoBack:
    """Every action after log line `to`, to take back in one transaction."""

    to: int
    """The log line kept: the game goes back to the state after it (0: its start)."""
    records: tuple[Record, ...]
    """The records that made the later actions, in the log's order (line `to + 1` first)."""
    lines: tuple[str, ...]
    """Their log lines, in the log's order."""

    @property
    def drafts(self) -> list[Draft]:
        """The undo records to append: the newest action first, each on the state the ones
        before it reach."""
        return [Draft("undo", target=record.number) for record in reversed(self.records)]

    @property
    def undone_lines(self) -> list[str]:
        """The log lines taken back, in the order they are undone (newest first)."""
        return list(reversed(self.lines))

    @property
    def makers(self) -> list[str]:
        """Who made the actions taken back (each record's `whose`), each once, in log order."""
        return list(dict.fromkeys(record.whose for record in self.records))

    @property
    def numbers(self) -> tuple[int, ...]:
        """The records taken back, by number: the same numbers mean the same decision."""
        return tuple(record.number for record in self.records)


def undo_back(saved: SavedGame, to: int | None) -> UndoBack:
    """The actions after log line `to` (None: the newest action alone) on the game as it is
    now; a `RuleError` says why there is nothing to take back (no actions, a line past the
    last one, the last line itself, a line before the start)."""
    steps, origins = saved.session.steps, saved.origins
    count = len(steps)
    if not count:
        raise RuleError(phrase("there is nothing to undo: the game has no actions yet"))
    keep = count - 1 if to is None else to
    if keep == count:
        raise RuleError(
            phrase("line {line} is the last one: there is no later action to undo", line=str(keep))
        )
    if not 0 <= keep < count:
        raise RuleError(
            phrase(
                "there is no log line {line} to go back to: the log has lines 1 to {count} "
                "(0 is the start: every action undone)",
                line=str(keep),
                count=str(count),
            )
        )
    # one record per step (a format 1 save's are made when it is read)
    later = tuple(origins[keep:count])
    return UndoBack(keep, later, tuple(step.line for step in steps[keep:]))

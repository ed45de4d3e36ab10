"""What a browser missed while it was away: said once when its reconnected app reopens the game.

A browser's device remembers how many of its game's records it had shown
(`saves.shared.devices`, kept by widgets/play/reopen.py); a new app opened on that game after a
reconnect compares that count with the file's and says how many actions other devices made
meanwhile, and the last of them still in the log, each with who made it:
"Back: 3 actions were made while this device was away. Ana: took 1 Fear; Ben: ..."
"""

from __future__ import annotations

from typing import Any

from companion.phrases import joined, phrase, phrase_n
from companion.text import visible
from lang import t
from saves.games.records import Record
from saves.games.store import SavedGame
from widgets.play.words import quoted

LISTED = 3
"""The most of the missed actions named: the rest are in the log."""
MISSED_SECONDS = 12.0
"""How long the notice stays: it names up to three actions, twice what a line of another
device's undo needs (`told.TOLD_SECONDS`); a tap closes it sooner."""


def missed_actions(saved: SavedGame, seen: int, device: str) -> tuple[int, list[Record]]:
    """How many records were added after the first `seen` by other devices than `device`, and
    those of them still in the log (`saved.origins`), in order. A device's own records are not
    news to it (its last key can reach the file just before its connection drops)."""
    after = [record for record in (*saved.origins, *saved.undone) if record.number > seen]
    own = sum(1 for record in after if record.by == device)
    count = max(saved.record_count - seen - own, 0)
    still = [r for r in saved.origins if r.number > seen and r.by != device and r.kind == "do"]
    return count, still


def missed_line(saved: SavedGame, seen: int, device: str) -> str | None:
    """The notice of what this device missed, or None when it missed nothing (a count larger
    than the file's, from a file replaced meanwhile, is nothing to tell)."""
    count, still = missed_actions(saved, seen, device)
    if count <= 0:
        return None
    said = phrase_n(
        "{n} action was made while this device was away.",
        "{n} actions were made while this device was away.",
        count,
    )
    lines = _lines(saved, still[-LISTED:])
    if not lines:
        return said
    listed = joined("; ", lines)
    if count > len(lines):
        return phrase("{said} The last: {lines}.", said=said, lines=listed)
    return phrase("{said} {lines}.", said=said, lines=listed)


def tell_missed(screen: Any, seen: int, device: str) -> bool:
    """Say on `screen` (a play screen: its `saved`) what this device missed; whether it did."""
    said = missed_line(screen.saved, seen, device)
    if said is not None:
        screen.notify(said, title=t("Back"), timeout=MISSED_SECONDS, markup=False)
    return said is not None


def _lines(saved: SavedGame, records: list[Record]) -> list[str]:
    """`Who: log line` for each record, from the step it applied."""
    steps = saved.session.steps
    offset = len(steps) - len(saved.origins)  # a save older than the journal has steps first
    index = {record.number: place + offset for place, record in enumerate(saved.origins)}
    return [
        phrase("{who}: {line}", who=visible(r.whose), line=quoted(steps[index[r.number]].line))
        for r in records
    ]

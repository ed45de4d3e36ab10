"""What a play screen says once a transaction or a follow let go of the game's file: what
other devices changed, and why a change of this device was not made.

Nothing here runs under the game's lock: `SharedGame` gathers a transaction's `Outcome` under
it and hands it here afterwards, so a redraw, a notice or a dialog never holds up another
device's change.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from companion.core import WaitingFor
from companion.session import Step
from saves.files import SaveError
from saves.games.journal import Rewritten
from saves.games.records import Record
from saves.games.store import SavedGame
from widgets.play import words
from widgets.play.host import PlayHost

TOLD_SECONDS = 12.0
"""How long the line saying another device undid or redid this device's action stays: long
enough to be read by a player who looks up from the table (the next confirmation replaces it)."""


class Moment:
    """What a screen showed before a transaction or a follow: to say what changed."""

    def __init__(self, screen: PlayHost) -> None:
        self.over, self.redo = screen.is_over, screen.session.can_redo
        self.waiting: WaitingFor | None = screen.waiting
        self.origins = tuple(screen.saved.origins)
        """The records of the steps shown, in order (`steps`)."""
        self.steps = screen.session.steps
        self.undone = tuple(screen.saved.undone)


@dataclass
class Outcome:
    """What one transaction did, shown once the lock is let go."""

    before: Moment
    theirs: list[Record] = field(default_factory=list)
    """Other devices' records caught up on, shown whatever became of the change."""
    mine: list[Record] = field(default_factory=list)
    """This change's records, once made."""
    refused: str = ""
    """The rule that refused the change."""
    conflict: Rewritten | None = None
    """The file changed in a way that is not an appended record: the player is asked."""
    unreadable: SaveError | None = None
    """The file cannot be read now: the game is offered as a copy."""
    failed: OSError | None = None
    """The disk refused the record (or the lock file could not be made)."""
    busy: bool = False
    """The lock was not free at once: the change waits until it is, and is decided again."""


def refused(screen: PlayHost, before: Moment, theirs: list[Record], rule: str) -> None:
    """Say why a change was not made: the rule, and what another device changed first (the
    other devices' changes themselves are shown first, by `moved`)."""
    asked = before.waiting is not None and before.waiting.question
    if theirs and asked and screen.waiting != before.waiting:
        screen.notify(  # the question was answered first on another device: quiet
            words.answered_first(theirs[-1].whose, screen.last_line()),
            title="Already answered",
            markup=False,
        )
        return
    if theirs:
        rule = words.changed_first(_who(theirs), screen.last_line(), rule)
    elif screen.waiting is not None and screen.waiting.question and screen.question_by():
        rule = words.waiting_for_answer(screen.question_by(), screen.waiting.text, rule)
    screen.notify(rule, title="Not allowed", severity="error", markup=False)


def moved(screen: PlayHost, before: Moment, theirs: list[Record], undid: bool) -> None:
    """Show what other devices did: redraw, then one line when they undid or redid an action
    of this device, or cleared what it could redo (`undid`: this device's undo was what redo
    would put back). A confirmation replaces the one before, and is data, never markup."""
    if not theirs:
        return
    screen.followed(before.over)
    here = screen.device
    yours = _yours(here, before, screen.saved, theirs)
    if _undid_back(theirs):  # an undo back to a line: told on every device, in one line
        said = words.doer(theirs[0].seat, theirs[0].by, here)
        kept = len(screen.saved.origins)  # the line the game is back at
        told = words.undid_back(said, kept, len(theirs), len(yours))
        screen.notify(told, title="Another device", timeout=TOLD_SECONDS, markup=False)
    elif yours:
        record, line = yours[-1]
        said = words.doer(record.seat, record.by, here)
        told = words.yours_changed(said, record.kind, line, more=len(yours) - 1)
        screen.notify(told, title="Another device", timeout=TOLD_SECONDS, markup=False)
    elif before.redo and undid and not screen.session.can_redo:
        cleared = next((record for record in theirs if record.kind == "do"), theirs[-1])
        said = words.doer(cleared.seat, cleared.by, here)
        saved = screen.saved
        found = _lines(saved.origins, saved.session.steps, {cleared.number})
        line = found.get(cleared.number, "")
        screen.notify(words.redo_cleared(said, line), title="Redo", markup=False)


def _undid_back(theirs: list[Record]) -> bool:
    """Whether `theirs` is one device's undo back to a line: several undo records and nothing
    else (`companion act ID undo --to N`, a line picked in a log)."""
    first = theirs[0]
    return len(theirs) > 1 and all(
        record.kind == "undo" and (record.by, record.seat) == (first.by, first.seat)
        for record in theirs
    )


def _lines(origins: Sequence[Record], steps: Sequence[Step], numbers: set[int]) -> dict[int, str]:
    """The log lines of the steps that the `do` records `numbers` applied, if on the stack
    (steps a tool added before saving them have no record yet: they end the session)."""
    paired = zip(origins, steps, strict=False)
    return {record.number: step.line for record, step in paired if record.number in numbers}


def _yours(
    here: str, before: Moment, after: SavedGame, theirs: list[Record]
) -> list[tuple[Record, str]]:
    """Each undo or redo among `theirs` of an action device `here` made, with that action's
    log line (as the log had it before them, or has it after). An action both put on and taken
    off the log among them has no line: it is left out, as nothing shown changed."""
    taking = [record for record in theirs if record.kind in words.TAKEN_BACK]
    if not taking:
        return []
    wanted = {record.target for record in taking}
    made = {
        record.number
        for record in (*before.origins, *before.undone, *theirs)
        if record.kind == "do" and record.number in wanted and record.by == here
    }
    lines = _lines(before.origins, before.steps, wanted)
    lines.update(_lines(after.origins, after.session.steps, wanted))
    return [(r, lines[r.target]) for r in taking if r.target in made and r.target in lines]


def _who(records: list[Record]) -> str:
    """Who made these records, for the start of a sentence."""
    return words.who(record.whose for record in records)

"""What a play screen says once a transaction or a follow let go of the game's file: what
other devices changed, who did it, and why a change of this device was not made.

Nothing here runs under the game's lock: `SharedGame` gathers a transaction's `Outcome` under
it and tells the screen in messages afterwards, so a redraw, a notice or a dialog never holds
up another device's change. The notices are built here as data (`Notice`), from what the screen
showed before (`Moment`) and what the game is now, so each wording is tested without an app.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from companion.core import WaitingFor
from companion.phrases import phrase
from companion.session import Step
from saves.files import SaveError
from saves.games.journal import Rewritten
from saves.games.records import Record
from saves.games.store import SavedGame
from widgets.play import words

if TYPE_CHECKING:
    from widgets.play.host import PlayHost

TOLD_SECONDS = 6.0
"""How long the line saying another device undid or redid an action stays: long enough to be
read by a player who looks up from the table, short enough not to hide a phone's buttons for
long (the next confirmation replaces it; the log keeps what happened)."""

Person = Callable[[str], str]
"""Who sits at a seat, as players call them (a Cavendish seat is an agent: its player)."""


def the_seat(seat: str) -> str:
    """A seat named as it is (a game whose seats are its players)."""
    return seat


class Moment:
    """What a screen showed before a transaction or a follow: to say what changed."""

    def __init__(self, screen: PlayHost) -> None:
        session = screen.saved.session
        self.over, self.redo = screen.is_over, session.can_redo
        self.waiting: WaitingFor | None = screen.waiting
        self.origins = tuple(screen.saved.origins)
        """The records of the steps shown, in order (`steps`)."""
        self.steps = session.steps
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


@dataclass
class Followed:
    """Another device's change while the screen follows it: what whatever it makes stale
    (a result, a question, a dialog) says, and why it is stale."""

    tell: Callable[[str], str] | None = None
    """Who did what, with the verb said of it (`stale`): worked out only when something it
    made stale says it (a follow that closes nothing draws the change and says nothing)."""
    back: bool = False
    """It undid or redid an action: the table is at another moment."""
    new_stage: bool = False
    """The game waits for another kind of thing or another question now (`stage`)."""
    said: bool = False
    """Who did what was said already, by what it closed or opened."""

    @cached_property
    def words(self) -> str:
        """Who did what: `Ben, in a browser, undid: the mission's end`."""
        return self.tell(words.CHANGED) if self.tell else ""

    @cached_property
    def answer(self) -> str:
        """The same for a question it answered: `Ben, in a browser, answered: ...`."""
        return self.tell(words.ANSWERED) if self.tell else ""


@dataclass(frozen=True)
class Notice:
    """One toast: its words (data, never markup), title, severity and how long it stays (phrases:
    translated where shown)."""

    text: str
    title: str
    severity: str = "information"
    timeout: float | None = None


NOT_ALLOWED = phrase("Not allowed")
"""A refused change's title."""
ANOTHER_DEVICE = phrase("Another device")
"""The title of what another device did to this device's actions."""


def stage(waiting: WaitingFor | None) -> object:
    """What a dialog opened for the state shown depends on, of what the game waits for: a
    question itself, else only the kind of thing awaited (a roll, a move, the end's entries),
    not whose turn it is. None once the game waits for nothing (it ended)."""
    if waiting is None:
        return None
    return waiting if waiting.question else waiting.kind


def refused(
    before: Moment,
    theirs: Sequence[Record],
    rule: str,
    now: WaitingFor | None,
    last: str,
    asker: str,
) -> Notice:
    """Why a change was not made: the rule, and what another device changed first (the other
    devices' changes themselves are shown first, by `moved`). `now`: the question the game
    waits for now; `last`: the log's last line; `asker`: who asked the open question."""
    asked = before.waiting is not None and before.waiting.question
    if theirs and asked and now != before.waiting:  # answered first elsewhere: quiet
        return Notice(words.answered_first(theirs[-1].whose, last), phrase("Already answered"))
    if theirs:
        rule = words.changed_first(_who(theirs), last, rule)
    elif now is not None and now.question and asker:
        rule = words.waiting_for_answer(asker, now.text, rule)
    return Notice(rule, NOT_ALLOWED, "error")


def moved(
    here: str,
    before: Moment,
    after: SavedGame,
    theirs: Sequence[Record],
    undid: bool,
    person: Person = the_seat,
) -> Notice | None:
    """One line when other devices undid or redid an action of this device, or cleared what it
    could redo (`undid`: this device's undo was what redo would put back); None otherwise."""
    if not theirs:
        return None
    back = taken_back(before, after, theirs)
    yours = [(record, line) for record, line in back if _made_by(here, record, before, theirs)]
    if _undid_back(theirs):  # an undo back to a line: told on every device, in one line
        return Notice(
            undid_back(here, before, after, theirs, person), ANOTHER_DEVICE, timeout=TOLD_SECONDS
        )
    if yours:
        record, line = yours[-1]
        said = words.doer(person(record.seat), record.by, here)
        told = words.yours_changed(said, record.kind, line, more=len(yours) - 1)
        return Notice(told, ANOTHER_DEVICE, timeout=TOLD_SECONDS)
    if before.redo and undid and not after.session.can_redo:
        cleared = next((record for record in theirs if record.kind == "do"), theirs[-1])
        said = words.doer(person(cleared.seat), cleared.by, here)
        found = _lines(after.origins, after.session.steps, {cleared.number})
        return Notice(words.redo_cleared(said, found.get(cleared.number, "")), phrase("Redo"))
    return None


def stale(
    here: str,
    before: Moment,
    after: SavedGame,
    theirs: Sequence[Record],
    person: Person = the_seat,
    verb: str = words.CHANGED,
) -> str:
    """Who did what, for a view another device made stale (a result, a question, a dialog):
    `Ben, in a browser, undid: the mission's end`, else `Ben, in a browser, changed the game:
    <line>` (`verb`: `answered` for a question) for the last action they made."""
    if _undid_back(theirs):
        return undid_back(here, before, after, theirs, person)
    back = taken_back(before, after, theirs)
    if back:
        record, line = back[-1]
        said = words.doer(person(record.seat), record.by, here)
        return words.taken(said, record.kind, line)
    record = theirs[-1]
    said = words.doer(person(record.seat), record.by, here)
    found = _lines(after.origins, after.session.steps, {record.number})  # theirs, not a later
    line = found.get(record.number, "") if record.kind == "do" else ""  # one of this device's
    return words.made(said, line, verb)


def taken_back(
    before: Moment, after: SavedGame, theirs: Sequence[Record]
) -> list[tuple[Record, str]]:
    """Each undo or redo among `theirs`, with the log line of the action it took back or put
    back (as the log had it before them, or has it after). An action both put on and taken off
    the log among them has no line: it is left out, as nothing shown changed."""
    taking = [record for record in theirs if record.kind in words.TAKEN_BACK]
    if not taking:
        return []
    wanted = {record.target for record in taking}
    lines = _lines(before.origins, before.steps, wanted)
    lines.update(_lines(after.origins, after.session.steps, wanted))
    return [(r, lines[r.target]) for r in taking if r.target in lines]


def _made_by(here: str, taking: Record, before: Moment, theirs: Sequence[Record]) -> bool:
    """Whether the action an undo or redo record targets was made by device `here`."""
    return any(
        record.kind == "do" and record.number == taking.target and record.by == here
        for record in (*before.origins, *before.undone, *theirs)
    )


def undid_back(
    here: str, before: Moment, after: SavedGame, theirs: Sequence[Record], person: Person
) -> str:
    """One device's undo back to a line, in one sentence: `Ana, in a browser, undid back to line
    12 (5 actions, 2 of them yours)`."""
    back = taken_back(before, after, theirs)
    yours = [record for record, _line in back if _made_by(here, record, before, theirs)]
    said = words.doer(person(theirs[0].seat), theirs[0].by, here)
    return words.undid_back(said, len(after.origins), len(theirs), len(yours))


def _undid_back(theirs: Sequence[Record]) -> bool:
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


def _who(records: Sequence[Record]) -> str:
    """Who made these records, for the start of a sentence."""
    return words.who(record.whose for record in records)
